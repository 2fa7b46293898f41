/** A hand drawn with a chance ∝ the product of its cards' odds (play-inference.ts `drawProduct`), as the learned belief's samples are. */
import { FastRng } from '@hanafuda/engine/fast';
import { describe, expect, it } from 'vitest';
import { type HandLikelihood, drawHand, drawProduct } from '../src/search/play-inference.js';

/** Every k-card hand of `cards` (as sorted keys). */
function handsOf(cards: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  if (cards.length < k) return [];
  const [first, ...rest] = cards;
  return [...handsOf(rest, k - 1).map((h) => [first, ...h]), ...handsOf(rest, k)];
}

describe('drawProduct', () => {
  // Seven cards, odds from 1/20 to 12: a hand of three.
  const pool = [3, 9, 14, 20, 31, 40, 47];
  const odds = new Float64Array(48);
  [0.05, 0.5, 1, 1, 2, 5, 12].forEach((w, i) => (odds[pool[i]] = w));
  const size = 3;

  it('draws each hand as often as its product of odds says (every one of the 35, within 4.5 standard errors)', () => {
    const hands = handsOf(pool, size);
    const weight = (h: number[]) => h.reduce((p, c) => p * odds[c], 1);
    const total = hands.reduce((s, h) => s + weight(h), 0);
    const counts = new Map<string, number>();
    const rng = new FastRng('product');
    const cards = Int8Array.from(pool);
    const draws = 100_000;
    for (let d = 0; d < draws; d++) {
      drawProduct(rng, cards, size, odds);
      const key = [...cards.subarray(0, size)].sort((a, b) => a - b).join();
      counts.set(key, (counts.get(key) ?? 0) + 1);
      // The hand and the rest are still the pool, each card once.
      if (d % 1000 === 0) expect([...cards].sort((a, b) => a - b)).toEqual(pool);
    }
    for (const h of hands) {
      const p = weight(h) / total;
      const seen = (counts.get(h.join()) ?? 0) / draws;
      expect(Math.abs(seen - p), `hand ${h.join()}: ${seen} drawn, ${p} expected`).toBeLessThanOrEqual(
        4.5 * Math.sqrt((p * (1 - p)) / draws) + 1e-9,
      );
    }
    // Far from a uniform draw, where each card is in 3/7 of the hands: the unlikeliest card is in
    // about 2% of them, the likeliest in about 90%.
    const share = (c: number, within: (h: number[]) => number) =>
      hands.filter((h) => h.includes(c)).reduce((s, h) => s + within(h), 0);
    for (const c of [3, 47]) {
      const p = share(c, (h) => weight(h) / total);
      expect(Math.abs(p - 3 / 7)).toBeGreaterThan(0.4);
      expect(share(c, (h) => (counts.get(h.join()) ?? 0) / draws)).toBeCloseTo(p, 2);
    }
  });

  it('is what drawHand draws for a likelihood that is the product alone, and is the same for the same seed', () => {
    const likelihood: HandLikelihood = {
      of: (cards) => odds[cards[0]] * odds[cards[1]] * odds[cards[2]],
      product: { odds, rest: null },
    };
    const a = Int8Array.from(pool);
    const b = Int8Array.from(pool);
    const ra = new FastRng(5);
    const rb = new FastRng(5);
    for (let d = 0; d < 50; d++) {
      drawProduct(ra, a, size, odds);
      drawHand(rb, b, size, likelihood, new Int8Array(32 * size), new Float64Array(32));
      expect([...b]).toEqual([...a]);
    }
  });
});
