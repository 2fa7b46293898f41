/**
 * Timing on one core: the work runs on this thread only (no workers), after a warm-up,
 * for a fixed stretch of CPU time. CPU time rather than the wall clock, so a busy machine
 * slows a run down without changing its figures much.
 */
const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

export interface Timing {
  readonly warmupSeconds: number;
  readonly seconds: number;
}

/** Calls `batch` (which does `perBatch` units of work) until `seconds` of CPU time pass; returns units per second. */
export function rate(batch: () => void, perBatch: number, timing: Timing): number {
  const run = (seconds: number): number => {
    const start = cpuSeconds();
    let units = 0;
    let elapsed = 0;
    do {
      batch();
      units += perBatch;
      elapsed = cpuSeconds() - start;
    } while (elapsed < seconds);
    return units / elapsed;
  };
  run(timing.warmupSeconds);
  return run(timing.seconds);
}

/** Rounds a figure to three significant digits, so run-to-run noise does not show as change. */
export function figure(x: number): string {
  if (x < 1000) return x.toPrecision(3).replace(/\.0+$|(\.\d*?)0+$/, '$1');
  const digits = Math.floor(Math.log10(x)) + 1;
  const unit = 10 ** (digits - 3);
  return String(Math.round(x / unit) * unit);
}
