import { describe, expect, it } from 'vitest';
import {
  NARA_DECK,
  STANDARD_DECK,
  interchangeable,
  monthOf,
  nextUint32,
  randomInt,
  seedRng,
  shuffled,
} from '../../src/index.js';
import {
  POP4,
  TWIN_NIBBLE,
  anyMonths,
  distinctHi,
  distinctLo,
  foldShift,
  fullMonths,
  maskOf,
  monthNibble,
  popcount,
} from '../../src/fast/bits.js';
import { FastRng } from '../../src/fast/rng.js';

describe('FastRng', () => {
  it('draws what the engine RNG draws, and shuffles as `shuffled` does', () => {
    const fast = new FastRng('same');
    const engine = seedRng('same');
    for (let i = 0; i < 20000; i++) {
      const bound = 1 + (i % 100);
      expect(fast.below(bound)).toBe(randomInt(engine, bound));
    }
    expect(fast.next()).toBe(nextUint32(engine));
    for (const deck of [STANDARD_DECK, NARA_DECK]) {
      const items = Int8Array.from(deck);
      fast.shuffle(items, items.length);
      expect(Array.from(items)).toEqual(shuffled(engine, deck));
    }
    const copy = new FastRng();
    copy.copyFrom(fast);
    expect(copy.state()).toEqual(fast.state());
    for (let i = 0; i < 1000; i++) expect(fast.pick(7)).toBeLessThan(7);
  });
});

describe('card bitsets', () => {
  it('count, match months and drop interchangeable twins as the card tables say', () => {
    const rng = seedRng('bits');
    for (let i = 0; i < 500; i++) {
      const cards = shuffled(rng, NARA_DECK).slice(0, randomInt(rng, 30));
      const [lo, hi] = maskOf(cards);
      expect(popcount(lo) + popcount(hi)).toBe(cards.length);
      let full = 0;
      let any = 0;
      for (let m = 1; m <= 12; m++) {
        const inMonth = cards.filter((c) => monthOf(c) === m);
        expect(POP4[monthNibble(lo, hi, m)]).toBe(inMonth.length);
        if (inMonth.length === 4) full |= 1 << (m - 1);
        if (inMonth.length > 0) any |= 1 << (m - 1);
      }
      expect([fullMonths(lo, hi), anyMonths(lo, hi)]).toEqual([full, any]);
      const distinct = cards.filter((c) => !cards.some((d) => d < c && interchangeable(c, d)));
      expect([distinctLo(lo), distinctHi(hi)]).toEqual(maskOf(distinct));
    }
    for (let m = 1; m <= 12; m++) {
      const twins = STANDARD_DECK.filter(
        (c) => monthOf(c) === m && STANDARD_DECK.some((d) => d !== c && interchangeable(c, d)),
      );
      expect(TWIN_NIBBLE[m]).toBe(twins.reduce((n, c) => n | (1 << (c & 3)), 0));
    }
  });
});

describe('foldShift', () => {
  it("lays a card set's hi word beside its lo word so one popcount counts any subset", () => {
    const rng = seedRng('fold');
    for (let i = 0; i < 200; i++) {
      // A set of 1 to 12 cards, counted by card, not by the fold.
      const cards = shuffled(rng, STANDARD_DECK).slice(0, 1 + (i % 12));
      const [lo, hi] = maskOf(cards);
      const shift = foldShift(lo, hi);
      for (let k = 0; k < 20; k++) {
        const subset = cards.filter(() => randomInt(rng, 2) === 1);
        const [x, y] = maskOf(subset);
        expect(popcount((x & lo) | ((y & hi) << shift))).toBe(subset.length);
      }
    }
  });

  it('refuses a set whose two words meet at every shift', () => {
    expect(() => foldShift(-1, 1)).toThrow(/overlap/);
  });
});
