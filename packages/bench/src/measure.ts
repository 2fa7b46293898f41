/**
 * Timing on one core: the work runs on this thread only (no workers), after a warm-up, for
 * a fixed stretch of CPU time. Both clocks are read: CPU time changes less on a busy
 * machine, but counts V8's parallel garbage-collector threads against the side that
 * allocates; the wall clock is what a player waits for.
 */
const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

export interface Timing {
  readonly warmupSeconds: number;
  readonly seconds: number;
}

/** Units of work per second, by CPU time and by the wall clock, over the same run. */
export interface Rate {
  readonly cpu: number;
  readonly wall: number;
}

/** Calls `batch` (which does `perBatch` units of work) until `seconds` of CPU time pass. */
export function rate(batch: () => void, perBatch: number, timing: Timing): Rate {
  const run = (seconds: number): Rate => {
    const cpuStart = cpuSeconds();
    const wallStart = performance.now();
    let units = 0;
    let elapsed = 0;
    do {
      batch();
      units += perBatch;
      elapsed = cpuSeconds() - cpuStart;
    } while (elapsed < seconds);
    return { cpu: units / elapsed, wall: units / ((performance.now() - wallStart) / 1000) };
  };
  run(timing.warmupSeconds);
  return run(timing.seconds);
}

/** A rate scaled (per millisecond: 1/1000) or divided by another, clock by clock. */
export const scaled = (r: Rate, k: number): Rate => ({ cpu: r.cpu * k, wall: r.wall * k });
export const ratio = (a: Rate, b: Rate): Rate => ({ cpu: a.cpu / b.cpu, wall: a.wall / b.wall });

/** Rounds a figure to three significant digits, so run-to-run noise does not show as change. */
export function figure(x: number): string {
  if (x < 1000) return x.toPrecision(3).replace(/\.0+$|(\.\d*?)0+$/, '$1');
  const digits = Math.floor(Math.log10(x)) + 1;
  const unit = 10 ** (digits - 3);
  return String(Math.round(x / unit) * unit);
}
