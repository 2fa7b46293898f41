/**
 * End-of-round positions with random captures (fromScenario): the last play, the claims and
 * the scoring of the fast path against the public API, over capture piles random play
 * rarely makes (every yaku family, special hands, Gaji and blank claims, Koi-Koi calls).
 */
import { describe, expect, it } from 'vitest';
import {
  BLANK,
  GAJI,
  KOIKOI_OPTIONS,
  type KoiKoiState,
  NARA_DECK,
  NARA_OPTIONS,
  NARA_VALUES,
  type NaraState,
  SAKURA_OPTIONS,
  STANDARD_DECK,
  type SakuraState,
  type RngState,
  type ScenarioSetup,
  koikoi,
  nara,
  randomInt,
  sakura,
  seedRng,
  shuffled,
} from '../../src/index.js';
import { KoiKoiFast } from '../../src/fast/koikoi.js';
import { NaraFast } from '../../src/fast/nara.js';
import { SakuraFast } from '../../src/fast/sakura.js';
import { crossCheck, randomOptions } from './cross-check.js';

/** The deck dealt out: one card in the hand of seat `toMove`, a few on the field, the rest captured at random. */
function position(deck: readonly number[], players: number, rng: RngState, favour: (c: number) => boolean) {
  const cards = shuffled(rng, deck);
  const toMove = randomInt(rng, players);
  const hands: number[][] = Array.from({ length: players }, () => []);
  hands[toMove].push(cards.pop()!);
  const field = cards.splice(0, randomInt(rng, 5));
  const captured: number[][] = Array.from({ length: players }, () => []);
  // One seat, sometimes, takes only the cards `favour` picks: lopsided piles reach the rare scores.
  const lopsided = randomInt(rng, 2) === 0 ? randomInt(rng, players) : -1;
  for (const c of cards) {
    const seat = lopsided >= 0 && favour(c) && randomInt(rng, 3) > 0 ? lopsided : randomInt(rng, players);
    captured[seat === lopsided && !favour(c) ? (seat + 1) % players : seat].push(c);
  }
  return { hands, field, captured, toMove };
}

const scenario = (
  game: string,
  players: number,
  options: unknown,
  dealer: number,
  deal: ScenarioSetup['deal'],
): ScenarioSetup => ({
  name: 'position',
  game,
  players,
  options,
  dealer,
  round: 1,
  deal,
});

describe('fast path at the end of a round, over random capture piles', () => {
  it('Sakura', () => {
    for (let i = 0; i < 400; i++) {
      const rng = seedRng(`sakura-${i}`);
      const players = 2 + randomInt(rng, 6);
      const p = position(STANDARD_DECK, players, rng, (c) => c < 24);
      const holder = p.captured.findIndex((cards) => cards.includes(GAJI));
      const gaji =
        holder >= 0 && p.captured[holder].length > 1
          ? { seat: holder, with: p.captured[holder].find((c) => c !== GAJI)! }
          : undefined;
      const options = { ...randomOptions(SAKURA_OPTIONS, rng), rounds: 1 };
      const start = sakura.fromScenario(
        scenario('sakura', players, options, randomInt(rng, players), { ...p, pile: [], gaji }),
      );
      if (!start.ok) throw new Error(start.error.message);
      crossCheck<SakuraState>({
        game: sakura,
        start: start.value.state,
        load: (s) => SakuraFast.fromState(s),
        captured: (s) => s.captured,
        scores: (s) => s.results[s.results.length - 1].scores,
        policySeed: `policy-${i}`,
      });
    }
  });

  it('Koi-Koi', () => {
    for (let i = 0; i < 600; i++) {
      const rng = seedRng(`koikoi-${i}`);
      const p = position(STANDARD_DECK, 2, rng, (c) => c % 4 < 2);
      const koikoiCalls = [randomInt(rng, 3), randomInt(rng, 3)];
      const options = { ...randomOptions(KOIKOI_OPTIONS, rng), rounds: 1 };
      const deal = {
        ...p,
        pile: [],
        koikoi: koikoiCalls,
        lastTotal: koikoiCalls.map((k) => (k > 0 ? randomInt(rng, 12) : 0)),
      };
      const start = koikoi.fromScenario({
        ...scenario('koikoi', 2, options, randomInt(rng, 2), deal),
        round: 1 + randomInt(rng, 12),
      });
      if (!start.ok) throw new Error(start.error.message);
      crossCheck<KoiKoiState>({
        game: koikoi,
        start: start.value.state,
        load: (s) => KoiKoiFast.fromState(s),
        captured: (s) => s.captured,
        scores: (s) => s.results[s.results.length - 1].scores,
        policySeed: `policy-${i}`,
      });
    }
  });

  it('Nara', () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 600; i++) {
      const rng = seedRng(`nara-${i}`);
      const p = position(
        NARA_DECK,
        4,
        rng,
        (c) => NARA_VALUES[c] === 0 || (randomInt(rng, 8) === 0 && NARA_VALUES[c] === 20),
      );
      const holder = p.captured.findIndex((cards) => cards.includes(BLANK));
      const blank =
        holder >= 0 && p.captured[holder].length > 1
          ? { seat: holder, with: p.captured[holder].find((c) => c !== BLANK)! }
          : undefined;
      const options = { ...randomOptions(NARA_OPTIONS, rng), length: 'rounds:1' };
      const start = nara.fromScenario(
        scenario('nara', 4, options, randomInt(rng, 4), { ...p, draws: [[], [], [], []], blank }),
      );
      if (!start.ok) throw new Error(start.error.message);
      crossCheck<NaraState>({
        game: nara,
        start: start.value.state,
        load: (s) => NaraFast.fromState(s),
        captured: (s) => s.captured,
        scores: (s) => s.results[s.results.length - 1].scores,
        policySeed: `policy-${i}`,
        seen,
      });
    }
    for (const type of ['all-chaff', 'one-twenty', 'blank-claim'])
      expect(seen.get(type) ?? 0, type).toBeGreaterThan(0);
  });
});
