/**
 * The statistics the project reports with, in one place: the arena's intervals and verdicts,
 * the benchmarks' medians and p99s, the server load suite's latency percentiles. Small
 * samples get honest answers: Student's t rather than the normal curve, and no quantile or
 * verdict where the data cannot support one.
 */
import jStat from 'jstat';

export interface Interval {
  readonly mean: number;
  /** The 95% interval's ends; -Infinity/Infinity when there is too little data for one. */
  readonly lo: number;
  readonly hi: number;
}

/** Student's t quantile for a two-sided 95% interval with `dof` degrees of freedom (1.96 as dof grows). */
export const t95 = (dof: number): number =>
  Number.isFinite(dof) ? jStat.studentt.inv(0.975, dof) : jStat.normal.inv(0.975, 0, 1);

/**
 * The mean with its 95% confidence interval by Student's t (the sample standard deviation,
 * n - 1 degrees of freedom): for 3 values the half-width is 4.30 standard errors, not 1.96.
 * Fewer than two values, or values all alike, say nothing of the spread: the interval is
 * unbounded (eight games all won are no proof that the next is won too).
 */
export function meanInterval(values: readonly number[]): Interval {
  const n = values.length;
  const mean = n === 0 ? NaN : values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, lo: -Infinity, hi: Infinity };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  if (variance === 0) return { mean, lo: -Infinity, hi: Infinity };
  const half = t95(n - 1) * Math.sqrt(variance / n);
  return { mean, lo: mean - half, hi: mean + half };
}

/** The standard normal distribution's p-quantile (0 < p < 1): the z with Φ(z) = p. */
export const normalQuantile = (p: number): number => jStat.normal.inv(p, 0, 1);

/** The Wilson score interval (95%) for `wins` out of `n`; with no trials, no rate and the whole range. */
export function wilson(wins: number, n: number): Interval {
  if (n === 0) return { mean: NaN, lo: 0, hi: 1 };
  const z = t95(Infinity);
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { mean: p, lo: centre - half, hi: centre + half };
}

/**
 * The fewest values a q-quantile needs: at least one value must lie above it, or the
 * "p99" of 50 samples is only their maximum. 2 for the median, 100 for p99; 1 for q = 1.
 */
export const samplesFor = (q: number): number => (q >= 1 ? 1 : Math.ceil(1 / (1 - q) - 1e-9));

/**
 * The q-quantile (0..1) of `values` by nearest rank (the smallest value with at least q of
 * them at or below it), or NaN when there are fewer than samplesFor(q). q = 1 is the maximum.
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length < samplesFor(q) || values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length - 1e-9) - 1))];
}

/**
 * The fewest pairs a verdict is given on. Below it t's interval is printed but not judged:
 * with a handful of pairs of discrete outcomes (a game won or lost) the interval's
 * assumption of a near-normal mean does not hold, and one lucky deal decides.
 */
export const MIN_PAIRS = 10;

/** The verdict on a paired difference's interval: better, worse, no clear difference; or why there is none. */
export function verdict(diff: Interval, pairs: number, unit: string, tooFew: string): string {
  if (pairs < MIN_PAIRS) return `too few ${unit}s for a verdict: ${tooFew}`;
  if (!Number.isFinite(diff.lo)) return `no spread over ${pairs} ${unit}s, so no interval: ${tooFew}`;
  return diff.lo > 0 ? 'better' : diff.hi < 0 ? 'worse' : 'no clear difference';
}
