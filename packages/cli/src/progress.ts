/** A long run's status line at a terminal: a bar, the count, the time so far and an estimate of the time left. */

const BAR = 30;

const duration = (seconds: number): string =>
  seconds < 90
    ? `${Math.round(seconds)} s`
    : seconds < 5400
      ? `${Math.round(seconds / 60)} min`
      : `${(seconds / 3600).toFixed(1)} h`;

/** `label [######........] 12/40 unit, 8 s so far, about 19 s left`; the estimate assumes the rest goes at the pace so far. */
export function progressLine(
  label: string,
  done: number,
  total: number,
  unit: string,
  elapsedMs: number,
): string {
  const filled = Math.round((BAR * done) / total);
  const bar = `${label} [${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${done}/${total} ${unit}`;
  if (done === 0 || done === total) return bar;
  const left = ((elapsedMs / done) * (total - done)) / 1000;
  return `${bar}, ${duration(elapsedMs / 1000)} so far, about ${duration(left)} left`;
}

/** Counts a run's steps onto `show` (an Io's progress line), redrawn at most every `everyMs`, the last step always. */
export function progressCounter(
  show: ((line: string | null) => void) | undefined,
  label: string,
  total: number,
  unit: string,
  everyMs = 250,
): { step(): void; clear(): void } {
  const started = performance.now();
  let done = 0;
  let drawn = -Infinity;
  return {
    step() {
      done++;
      const now = performance.now();
      if (show && (now - drawn >= everyMs || done === total)) {
        drawn = now;
        show(progressLine(label, done, total, unit, now - started));
      }
    },
    clear: () => show?.(null),
  };
}
