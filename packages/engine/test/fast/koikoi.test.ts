import { describe, expect, it } from 'vitest';
import { KOIKOI_OPTIONS, type KoiKoiState, koikoi, randomInt, roundRng, seedRng } from '../../src/index.js';
import { KoiKoiFast } from '../../src/fast/koikoi.js';
import { FastRng } from '../../src/fast/rng.js';
import { crossCheck, randomOptions } from './cross-check.js';

const options = (seed: string, rounds = 1) => ({ ...randomOptions(KOIKOI_OPTIONS, seedRng(seed)), rounds });

describe('Koi-Koi fast path', () => {
  it('agrees with the public apply API on random deals, moves and options', () => {
    let decisions = 0;
    const seen = new Map<string, number>();
    for (let i = 0; i < 600; i++) {
      const start = koikoi.newGame({ players: 2, options: options(`options-${i}`), seed: `deal-${i}` });
      if (!start.ok) throw new Error(start.error.message);
      decisions += crossCheck<KoiKoiState>({
        game: koikoi,
        start: start.value.state,
        load: (s) => KoiKoiFast.fromState(s),
        captured: (s) => s.captured,
        scores: (s) => s.results[s.results.length - 1].scores,
        policySeed: `policy-${i}`,
        seen,
      });
    }
    // The rare rules were reached, not only the common path.
    for (const type of ['koikoi', 'shobu', 'oyaken']) expect(seen.get(type) ?? 0, type).toBeGreaterThan(0);
    expect(decisions).toBeGreaterThan(6000);
  });

  it('deals the next round (void deals again, hand checks) exactly as the public engine does', () => {
    for (let i = 0; i < 200; i++) {
      const first = koikoi.newGame({
        players: 2,
        options: options(`next-options-${i}`, 2),
        seed: `next-${i}`,
      });
      if (!first.ok) throw new Error(first.error.message);
      const rng = seedRng(`p-${i}`);
      let state = first.value.state;
      while (state.round === 1 && state.phase !== 'over') {
        const legal = koikoi.legalActions(state);
        const next = koikoi.apply(state, legal[randomInt(rng, legal.length)]);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value.state;
      }
      if (state.round !== 2) continue;
      const fast = KoiKoiFast.fromState(first.value.state);
      fast.rng.setState(roundRng(state.seed, 2));
      fast.newRound(state.dealer, 2);
      const expected = KoiKoiFast.fromState(state);
      expect(Array.from(fast.hands)).toEqual(Array.from(expected.hands));
      expect([fast.fieldLo, fast.fieldHi, fast.over]).toEqual([
        expected.fieldLo,
        expected.fieldHi,
        expected.over,
      ]);
      expect(Array.from(fast.pile.subarray(0, 24))).toEqual(Array.from(expected.pile.subarray(0, 24)));
      expect(Array.from(fast.scores)).toEqual(Array.from(expected.scores));
    }
  });

  it('plays random rounds from fresh deals, with copyFrom', () => {
    const defaults = Object.fromEntries(KOIKOI_OPTIONS.map((o) => [o.name, o.default])) as never;
    const fast = new KoiKoiFast(defaults);
    const copy = new KoiKoiFast(defaults);
    const policy = new FastRng('policy');
    let scored = 0;
    for (let i = 0; i < 300; i++) {
      fast.newRound(i % 2);
      copy.copyFrom(fast);
      const [a, b] = fast.randomPlayout(policy);
      expect(a === 0 || b === 0).toBe(true);
      if (a + b > 0) scored++;
      copy.randomPlayout(new FastRng(`copy-${i}`));
      expect(copy.over).toBe(true);
    }
    expect(scored).toBeGreaterThan(200);
  });
});
