import { describe, expect, it } from 'vitest';
import { NARA_OPTIONS, type NaraState, nara, randomInt, roundRng, seedRng } from '../../src/index.js';
import { NaraFast } from '../../src/fast/nara.js';
import { FastRng } from '../../src/fast/rng.js';
import { crossCheck, randomOptions, setCards } from './cross-check.js';

const options = (seed: string, rounds = 1) => ({
  ...randomOptions(NARA_OPTIONS, seedRng(seed)),
  length: `rounds:${rounds}`,
});

describe('Nara fast path', () => {
  it('agrees with the public apply API on random deals, moves and options (redeals included)', () => {
    let decisions = 0;
    const seen = new Map<string, number>();
    for (let i = 0; i < 400; i++) {
      const start = nara.newGame({ players: 4, options: options(`options-${i}`), seed: `deal-${i}` });
      if (!start.ok) throw new Error(start.error.message);
      decisions += crossCheck<NaraState>({
        game: nara,
        start: start.value.state,
        load: (s) => NaraFast.fromState(s),
        captured: (s) => s.captured,
        scores: (s) => s.results[s.results.length - 1].scores,
        policySeed: `policy-${i}`,
        seen,
      });
    }
    // The rare rules were reached, not only the common path.
    for (const type of ['redeal-asked', 'dealer-take', 'blank-dealt', 'blank-alone', 'blank-claim'])
      expect(seen.get(type) ?? 0, type).toBeGreaterThan(0);
    expect(decisions).toBeGreaterThan(8000);
  });

  it('deals the next round (misdeals dealt again, dealer takes) exactly as the public engine does', () => {
    for (let i = 0; i < 100; i++) {
      const first = nara.newGame({ players: 4, options: options(`next-options-${i}`, 2), seed: `next-${i}` });
      if (!first.ok) throw new Error(first.error.message);
      const rng = seedRng(`p-${i}`);
      let state = first.value.state;
      while (state.round === 1) {
        const legal = nara.legalActions(state).filter((a) => !('redeal' in a && a.redeal));
        const next = nara.apply(state, legal[randomInt(rng, legal.length)]);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value.state;
      }
      const fast = NaraFast.fromState(first.value.state);
      fast.rng.setState(roundRng(state.seed, 2));
      fast.newRound(state.dealer);
      const expected = NaraFast.fromState(state);
      expect(Array.from(fast.piles)).toEqual(Array.from(expected.piles));
      // Which of two interchangeable chaff the dealer takes is no choice: compare them as one card.
      const field = (f: NaraFast) => setCards(Int32Array.of(f.fieldLo, f.fieldHi), 0);
      const captured = (f: NaraFast) => [0, 1, 2, 3].map((seat) => setCards(f.captured, seat));
      expect([field(fast), fast.phase, fast.takeCount]).toEqual([
        field(expected),
        expected.phase,
        expected.takeCount,
      ]);
      expect(captured(fast)).toEqual(captured(expected));
    }
  });

  it('plays random rounds from fresh deals, with copyFrom; the scores sum to zero', () => {
    const fast = new NaraFast({ length: { rounds: 6 }, allChaff: 'only-chaff' });
    const copy = new NaraFast({ length: { rounds: 6 }, allChaff: 'only-chaff' });
    const policy = new FastRng('policy');
    for (let i = 0; i < 300; i++) {
      fast.newRound(i % 4);
      copy.copyFrom(fast);
      expect(Array.from(fast.randomPlayout(policy)).reduce((a, b) => a + b, 0)).toBe(0);
      copy.randomPlayout(new FastRng(`copy-${i}`));
      expect(copy.over).toBe(true);
    }
  });
});
