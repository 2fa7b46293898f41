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

/** Units of work and the time they took, on both clocks. */
interface Run {
  units: number;
  cpu: number;
  wall: number;
}

/** Calls `batch` (which does `perBatch` units of work) until `seconds` of CPU time pass. */
function runFor(batch: () => void, perBatch: number, seconds: number): Run {
  const cpuStart = cpuSeconds();
  const wallStart = performance.now();
  let units = 0;
  let elapsed = 0;
  do {
    batch();
    units += perBatch;
    elapsed = cpuSeconds() - cpuStart;
  } while (elapsed < seconds);
  return { units, cpu: elapsed, wall: (performance.now() - wallStart) / 1000 };
}

const rateOf = (r: Run): Rate => ({ cpu: r.units / r.cpu, wall: r.units / r.wall });

/** Calls `batch` (which does `perBatch` units of work) for `timing.seconds` of CPU time, after a warm-up. */
export function rate(batch: () => void, perBatch: number, timing: Timing): Rate {
  runFor(batch, perBatch, timing.warmupSeconds);
  return rateOf(runFor(batch, perBatch, timing.seconds));
}

/**
 * Two pieces of work timed side by side: each warmed up, then in `turns` alternating stretches
 * that add up to `timing.seconds` each, so that a change in the machine's load falls on both.
 */
export function sideBySide(
  a: () => void,
  perA: number,
  b: () => void,
  perB: number,
  timing: Timing,
  turns = 3,
): [Rate, Rate] {
  runFor(a, perA, timing.warmupSeconds);
  runFor(b, perB, timing.warmupSeconds);
  const sum: [Run, Run] = [
    { units: 0, cpu: 0, wall: 0 },
    { units: 0, cpu: 0, wall: 0 },
  ];
  for (let turn = 0; turn < turns; turn++) {
    for (const [i, batch, per] of [
      [0, a, perA],
      [1, b, perB],
    ] as const) {
      const r = runFor(batch, per, timing.seconds / turns);
      sum[i].units += r.units;
      sum[i].cpu += r.cpu;
      sum[i].wall += r.wall;
    }
  }
  return [rateOf(sum[0]), rateOf(sum[1])];
}

/** A rate scaled (per millisecond: 1/1000) or divided by another, clock by clock. */
export const scaled = (r: Rate, k: number): Rate => ({ cpu: r.cpu * k, wall: r.wall * k });
export const ratio = (a: Rate, b: Rate): Rate => ({ cpu: a.cpu / b.cpu, wall: a.wall / b.wall });

/** Rounds a figure to three significant digits, so run-to-run noise does not show as change. */
export function figure(x: number): string {
  if (Number.isNaN(x)) return '-'; // too few samples for the figure
  if (x < 1000) return x.toPrecision(3).replace(/\.0+$|(\.\d*?)0+$/, '$1');
  const digits = Math.floor(Math.log10(x)) + 1;
  const unit = 10 ** (digits - 3);
  return String(Math.round(x / unit) * unit);
}
