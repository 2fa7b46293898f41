/**
 * What a simulated round is worth for the game (src/stakes/game.ts), on hand-made views:
 * Sakura's victories count the round's win as the game does (beside the margin), and a
 * game's last round is played for the game on its totals.
 */
import {
  type KoiKoiView,
  type NaraView,
  type SakuraView,
  koikoi,
  nara,
  randomInt,
  sakura,
  seedRng,
} from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import {
  GAME_WIN,
  KOIKOI_CHANCE,
  VICTORY,
  koiKoiChance,
  koiKoiValue,
  naraChance,
  naraValue,
  normalCdf,
  sakuraChance,
  sakuraValue,
} from '../src/stakes/game.js';

/** Seat 0's view of a fresh Sakura game, as round `round` of `lastRound` with these totals and options. */
function sakuraView(
  players: number,
  options: Record<string, unknown>,
  round: number,
  lastRound: number,
  totals: number[],
): SakuraView {
  const start = sakura.newGame({ players, options, seed: 'stakes' });
  if (!start.ok) throw new Error(start.error.message);
  return { ...sakura.view(start.value.state, 0), round, lastRound, totals };
}

describe('Sakura under victories', () => {
  const two = sakuraView(2, { scoring: 'victories' }, 1, 6, [0, 0]);
  const three = sakuraView(3, { scoring: 'victories' }, 1, 6, [0, 0, 0]);

  it('a round won by 1 point is worth two victories more than one lost by 1, however large the points', () => {
    const value = sakuraValue(two);
    expect(value([101, 100], 0, 1) - value([239, 240], 0, 1)).toBe(2 + 2 * VICTORY);
  });

  it('a narrow win beats a lost round with a large margin over the others (three players)', () => {
    const value = sakuraValue(three);
    // Second at 150 against 160 and 0 is +70 over the others' mean, but the round is lost.
    expect(value([100, 99, 98], 0, 1)).toBeGreaterThan(value([150, 160, 0], 0, 1));
    expect(value([150, 160, 0], 0, 1)).toBe(70 - VICTORY / 2);
  });

  it('between rounds that count the same victories, the margin decides', () => {
    const value = sakuraValue(two);
    expect(value([130, 100], 0, 1) - value([110, 100], 0, 1)).toBe(20);
    expect(value([110, 100], 0, 1)).toBe(10 + VICTORY);
  });

  it("a tie goes to the dealer's side, else to the tied side earliest in turn order, as the round does", () => {
    const value = sakuraValue(two);
    expect(value([100, 100], 0, 0)).toBe(VICTORY);
    expect(value([100, 100], 0, 1)).toBe(-VICTORY);
    // Dealer 2: the turn goes 2, 0, 1; sides 0 and 1 tie on top, side 0 plays first.
    expect(sakuraValue(three)([100, 100, 40], 0, 2)).toBe(30 + VICTORY);
    expect(sakuraValue(three)([100, 100, 40], 1, 2)).toBe(30 - VICTORY / 2);
    expect(sakuraValue(three)([40, 100, 100], 1, 0)).toBe(30 + VICTORY);
  });

  it('Chu and Basa count as the game counts them', () => {
    const value = sakuraValue(
      sakuraView(2, { scoring: 'victories', chu: 'double', basa: 'triple' }, 1, 6, [0, 0]),
    );
    // A win by 50 counts 2: more than a win by 49 however large the points.
    expect(value([60, 10], 0, 1)).toBeGreaterThan(value([239, 190], 0, 1) + 0.9 * VICTORY);
    expect(value([110, 10], 0, 1)).toBeGreaterThan(value([60, 10], 0, 1) + 0.9 * VICTORY);
    // And a loss by 100 costs 3.
    expect(value([10, 110], 0, 1)).toBeLessThan(-2.9 * VICTORY);
  });

  it('in the last round, the victories that win the game are worth the game', () => {
    // Behind by 2 victories: a Chu ties the game, a Basa wins it; a single win still loses it.
    const value = sakuraValue(
      sakuraView(2, { scoring: 'victories', chu: 'double', basa: 'triple' }, 6, 6, [1, 3]),
    );
    expect(value([120, 10], 0, 1) - value([70, 10], 0, 1)).toBeGreaterThan(GAME_WIN.sakura / 2);
    expect(value([70, 10], 0, 1) - value([20, 10], 0, 1)).toBeGreaterThan(GAME_WIN.sakura / 2);
  });
});

describe("a cumulative game's last round is played for the game", () => {
  it('Sakura: behind by 50, winning the round by 60 is worth the game more than winning it by 40', () => {
    const last = sakuraValue(sakuraView(2, {}, 6, 6, [400, 450]));
    const earlier = sakuraValue(sakuraView(2, {}, 5, 6, [400, 450]));
    expect(earlier([100, 40], 0, 1) - earlier([80, 40], 0, 1)).toBe(20);
    expect(last([100, 40], 0, 1) - last([80, 40], 0, 1)).toBe(20 + GAME_WIN.sakura);
    // The chance of winning the game: the game's result after the last round (a tie shares it), none before.
    const chance = sakuraChance(sakuraView(2, {}, 6, 6, [400, 450]))!;
    expect([chance([100, 40], 0, 1), chance([90, 40], 0, 1), chance([80, 40], 0, 1)]).toEqual([1, 0.5, 0]);
    expect(sakuraChance(sakuraView(2, {}, 5, 6, [400, 450]))).toBeUndefined();
  });

  it('Sakura: ahead by 50, a round lost by 40 that keeps the lead beats one lost by 60, by the game', () => {
    const last = sakuraValue(sakuraView(2, {}, 6, 6, [500, 450]));
    expect(last([40, 80], 0, 1)).toBe(-40 + GAME_WIN.sakura);
    expect(last([40, 100], 0, 1)).toBe(-60);
  });

  it("Sakura teams: the totals are the sides'", () => {
    const start = sakura.newGame({
      players: 4,
      teams: [
        [0, 2],
        [1, 3],
      ],
      seed: 'teams',
    });
    if (!start.ok) throw new Error(start.error.message);
    const view = { ...sakura.view(start.value.state, 2), round: 6, lastRound: 6, totals: [300, 320] };
    const value = sakuraValue(view);
    expect(value([90, 80], 0, 1)).toBe(10);
    expect(value([90, 60], 0, 1)).toBe(30 + GAME_WIN.sakura);
  });

  it('Sakura: a tied game is shared (half the game)', () => {
    const last = sakuraValue(sakuraView(2, {}, 6, 6, [400, 420]));
    expect(last([60, 40], 0, 1)).toBe(20 + GAME_WIN.sakura / 2);
  });

  it('Koi-Koi: a round that wins the game is worth GAME_WIN more; with a bankroll, no round decides it', () => {
    const start = koikoi.newGame({ players: 2, seed: 'k' });
    if (!start.ok) throw new Error(start.error.message);
    const view: KoiKoiView = {
      ...koikoi.view(start.value.state, 0),
      round: 12,
      lastRound: 12,
      totals: [24, 30],
    };
    expect(koiKoiValue(view)([7, 0], 0, 0)).toBe(7 + GAME_WIN.koikoi);
    expect(koiKoiValue(view)([6, 0], 0, 0)).toBe(6 + GAME_WIN.koikoi / 2);
    expect(koiKoiValue(view)([5, 0], 0, 0)).toBe(5);
    expect(koiKoiValue({ ...view, options: { ...view.options, bankroll: 30 } })([7, 0], 0, 0)).toBe(7);
    expect(
      koiKoiValue({ ...view, round: 11, options: { ...view.options, bankroll: 30 } })([7, 0], 0, 0),
    ).toBe(7);
  });

  it('the standard normal distribution function', () => {
    // Table values: 0.5, 0.8413, 0.9750, 0.1587.
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.8413447, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.1586553, 6);
  });

  it("Koi-Koi before the last round: the round's margin plus KOIKOI_CHANCE times its change to the chance of winning the game", () => {
    const start = koikoi.newGame({ players: 2, seed: 'k' });
    if (!start.ok) throw new Error(start.error.message);
    // Round 11 of 12, behind 24 to 30: one round of luck (spread 7) left after this one.
    const view: KoiKoiView = {
      ...koikoi.view(start.value.state, 0),
      round: 11,
      lastRound: 12,
      totals: [24, 30],
    };
    const value = koiKoiValue(view);
    // Winning 7 to 0 puts seat 0 one point ahead: Φ(1/7) = 0.55680 against Φ(-6/7) = 0.19568 before.
    expect(value([7, 0], 0, 0)).toBeCloseTo(7 + KOIKOI_CHANCE * (0.5568 - 0.19568), 3);
    // Seat 1's view of the same round: losing 7 takes it from Φ(6/7) = 0.80432 to Φ(-1/7) = 0.44320.
    expect(value([7, 0], 1, 0)).toBeCloseTo(-7 + KOIKOI_CHANCE * (0.4432 - 0.80432), 3);
    // The chance itself, as a hint shows it beside the points.
    expect(koiKoiChance(view)!([7, 0], 0, 0)).toBeCloseTo(0.5568, 4);
    expect(koiKoiChance(view)!([7, 0], 1, 0)).toBeCloseTo(0.4432, 4);
    expect(koiKoiChance({ ...view, options: { ...view.options, bankroll: 30 } })).toBeUndefined();
    // An even round is worth 0; the game gives a point more weight near a tie than far from one.
    expect(value([0, 0], 0, 0)).toBeCloseTo(0, 10);
    const far = koiKoiValue({ ...view, totals: [0, 30] });
    expect(value([7, 0], 0, 0) - value([0, 0], 0, 0)).toBeGreaterThan(far([7, 0], 0, 0) - far([0, 0], 0, 0));
    // Early in the game the same round moves the chance less (11 rounds of luck left after it: spread 7 * sqrt(11)).
    const early = koiKoiValue({ ...view, round: 1 });
    expect(early([7, 0], 0, 0) - 7).toBeLessThan(value([7, 0], 0, 0) - 7);
  });
});

describe('Nara', () => {
  /** Finished rounds of random play, with the view of each seat at their start. */
  function rounds(count: number, length: string): { view: NaraView; scores: number[]; dealer: number }[] {
    const out: { view: NaraView; scores: number[]; dealer: number }[] = [];
    for (let i = 0; i < count; i++) {
      const start = nara.newGame({ players: 4, options: { length }, seed: `nara-${i}` });
      if (!start.ok) throw new Error(start.error.message);
      const view = nara.view(start.value.state, 0);
      const rng = seedRng(`play-${i}`);
      let state = start.value.state;
      while (state.results.length === 0) {
        const legal = nara.legalActions(state);
        const next = nara.apply(state, legal[randomInt(rng, legal.length)]);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value.state;
      }
      const result = state.results[0];
      out.push({ view, scores: result.scores, dealer: result.dealer });
    }
    return out;
  }

  it("a round is worth the game's own payments: card score, yaku received − paid, special hands (4/3 of mine, as they add to zero)", () => {
    for (const { view, scores, dealer } of rounds(60, 'rounds:6')) {
      expect(scores.reduce((a, b) => a + b, 0)).toBe(0);
      const value = naraValue(view);
      for (let seat = 0; seat < 4; seat++)
        expect(value(scores, seat, dealer)).toBeCloseTo((4 / 3) * scores[seat], 9);
    }
  });

  it('the view names the last round; in it, winning the game is worth GAME_WIN more; a target game has none', () => {
    const [{ view }] = rounds(1, 'rounds:6');
    expect(view.lastRound).toBe(6);
    const last = naraValue({ ...view, round: 6, totals: [100, 150, -100, -150] });
    // Seat 0 gains 60 (others pay 20 each): 160 against 130 wins the game.
    expect(last([60, -20, -20, -20], 0, 0)).toBe(80 + GAME_WIN.nara);
    expect(last([30, -10, -10, -10], 0, 0)).toBe(40);
    expect(
      naraChance({ ...view, round: 6, totals: [100, 150, -100, -150] })!([60, -20, -20, -20], 0, 0),
    ).toBe(1);
    expect(naraChance({ ...view, round: 5 })).toBeUndefined();
    const [{ view: target }] = rounds(1, 'target:2000');
    expect(target.lastRound).toBeNull();
    expect(naraValue({ ...target, totals: [100, 150, -100, -150] })([60, -20, -20, -20], 0, 0)).toBe(80);
  });
});
