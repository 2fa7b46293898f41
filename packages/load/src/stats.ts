/** Figures: percentiles of latencies, and one line per measured phase. */
import { quantile } from '@hanafuda/stats';

/** The q-quantile by nearest rank (the shared definition), NaN ("-") with too few samples: the max of 100 is no p99. */
export function percentile(values: readonly number[], q: number): number {
  return quantile(values, q);
}

export const ms = (x: number): string => (Number.isNaN(x) ? '-' : `${x.toFixed(1)} ms`);

/** What one phase of games of people gave. */
export interface PhaseResult {
  readonly games: number;
  readonly failed: number;
  readonly failures: ReadonlyMap<string, number>;
  readonly seconds: number;
  readonly latencies: readonly number[];
  /** The same, split: actions sent while other games were still starting (the opening burst), and after the last had started. */
  readonly whileOpening: readonly number[];
  readonly afterOpening: readonly number[];
  /** Room-state messages each seated player received, on average. */
  readonly roomMessagesPerPlayer: number;
  /** The load generator's threads and the worst of their event-loop delays (p99, ms): near the latency, the generator was the bottleneck. */
  readonly generator: { readonly threads: number; readonly loopDelayP99: number };
}

export function describePhase(label: string, r: PhaseResult): string {
  const reasons = [...r.failures].map(([reason, n]) => `${n}× ${reason}`).join(', ');
  return (
    `${label}: ${r.games} games, ${r.failed} failed${reasons ? ` (${reasons})` : ''}, ${(r.games / r.seconds).toFixed(1)} games/s, ` +
    `${r.latencies.length} actions, latency p50 ${ms(percentile(r.latencies, 0.5))} p99 ${ms(percentile(r.latencies, 0.99))} max ${ms(percentile(r.latencies, 1))} ` +
    `(p99 ${ms(percentile(r.whileOpening, 0.99))} over ${r.whileOpening.length} sent while games were still starting, ${ms(percentile(r.afterOpening, 0.99))} after); ` +
    `generator loop delay p99 ${ms(r.generator.loopDelayP99)} (worst of ${r.generator.threads} thread${r.generator.threads === 1 ? '' : 's'})`
  );
}

/** The disturbance's effect on the people's p99. */
export function describeRatio(baseline: PhaseResult, loaded: PhaseResult): string {
  const ratio = percentile(loaded.latencies, 0.99) / percentile(baseline.latencies, 0.99);
  return `p99 of the people: ${ms(percentile(baseline.latencies, 0.99))} alone, ${ms(percentile(loaded.latencies, 0.99))} beside it: ×${ratio.toFixed(2)} (target < ×2)`;
}
