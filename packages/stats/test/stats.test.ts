/** The shared statistics against textbook values: t quantiles, intervals that widen for few samples, quantiles that refuse too few. */
import { describe, expect, it } from 'vitest';
import { MIN_PAIRS, meanInterval, quantile, samplesFor, t95, verdict, wilson } from '../src/index.js';

describe("Student's t intervals", () => {
  it('uses t quantiles from the printed tables (two-sided 95%)', () => {
    // Any statistics textbook's table: df 1 → 12.706, 2 → 4.303, 10 → 2.228, 30 → 2.042; ∞ → 1.960.
    expect(t95(1)).toBeCloseTo(12.706, 3);
    expect(t95(2)).toBeCloseTo(4.303, 3);
    expect(t95(10)).toBeCloseTo(2.228, 3);
    expect(t95(30)).toBeCloseTo(2.042, 3);
    expect(t95(Infinity)).toBeCloseTo(1.96, 2);
  });

  it('widens for few samples: 3 values get 4.30 standard errors either side, not 1.96', () => {
    const i = meanInterval([1, 2, 3]);
    // mean 2, sd 1, standard error 1/√3.
    expect(i.mean).toBe(2);
    expect(i.hi - i.mean).toBeCloseTo(4.303 / Math.sqrt(3), 3);
    const many = meanInterval(Array.from({ length: 300 }, (_, k) => (k % 3) + 1));
    expect((many.hi - many.mean) / (Math.sqrt((300 * (2 / 3)) / 299) / Math.sqrt(300))).toBeCloseTo(1.968, 2);
  });

  it('gives no interval for one value or for values all alike', () => {
    expect(meanInterval([5]).lo).toBe(-Infinity);
    expect(meanInterval([1, 1, 1, 1, 1, 1, 1, 1])).toEqual({ mean: 1, lo: -Infinity, hi: Infinity });
  });

  it('judges only with enough pairs and some spread', () => {
    expect(verdict(meanInterval([1, 1, 1, 1, 1, 1, 1, 1]), 8, 'game', 'use --deals 120')).toBe(
      'too few games for a verdict: use --deals 120',
    );
    expect(verdict(meanInterval(Array(MIN_PAIRS).fill(1)), MIN_PAIRS, 'game', 'more')).toMatch(
      /^no spread over 10 games/,
    );
    const d = Array.from({ length: 40 }, (_, k) => (k % 2 ? 1 : -1));
    expect(verdict(meanInterval(d), 40, 'deal', '')).toBe('no clear difference');
    expect(verdict(meanInterval(d.map((x) => x + 3)), 40, 'deal', '')).toBe('better');
  });

  it('keeps the Wilson interval inside 0..1', () => {
    const w = wilson(8, 8);
    expect(w.hi).toBeCloseTo(1, 9);
    expect(w.lo).toBeCloseTo(0.676, 3); // Wilson's 95% lower bound for 8 of 8
  });
});

describe('quantiles', () => {
  it('never calls the maximum of 100 samples their p99, and refuses a p99 of fewer', () => {
    const values = Array.from({ length: 100 }, (_, k) => k + 1); // 1..100
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile(values, 1)).toBe(100);
    expect(quantile(values.slice(0, 99), 0.99)).toBeNaN();
    expect(samplesFor(0.99)).toBe(100);
    expect(quantile([3, 1, 2], 0.5)).toBe(2);
    expect(quantile([7], 0.5)).toBeNaN();
    expect(quantile([], 1)).toBeNaN();
  });
});
