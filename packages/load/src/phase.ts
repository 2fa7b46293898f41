/**
 * A phase of games of people, spread over worker threads of the load generator: one event
 * loop holding thousands of sockets notices each update late, and that lateness would be
 * counted as the server's. Each thread reports its own event-loop delay beside the latency,
 * so a reader sees whether the generator kept up.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameOptions, GamesResult, RoomLink } from './people.js';
import type { PhaseResult } from './stats.js';

/** The thread's script; from the TypeScript source (tests), the build's. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../dist/phase-worker.js', import.meta.url)
  : new URL('./phase-worker.js', import.meta.url);

/** One thread per core, and at least two: the server child and the generator share the machine. */
export const defaultWorkers = (): number => Math.max(2, availableParallelism());

export interface PhaseJob {
  readonly wsUrl: string | readonly string[];
  readonly count: number;
  readonly first: number;
  readonly options: GameOptions;
}

/** From a thread: 'ready' once loaded, then the rooms as they are created, then its games' result. */
export type PhaseReport =
  { type: 'ready' } | { type: 'room'; room: RoomLink } | { type: 'done'; result: GamesResult };

/** `count` games split over `workers` threads; every thread opens its games at once, when all are ready. */
export async function playPhase(
  wsUrl: string | readonly string[],
  count: number,
  options: GameOptions,
  workers: number,
  onRoom?: (room: RoomLink) => void,
  first = 0,
): Promise<PhaseResult> {
  const threads = Math.max(1, Math.min(workers, count));
  const jobs: PhaseJob[] = [];
  for (let t = 0, from = 0; t < threads; t++) {
    const share = Math.floor(count / threads) + (t < count % threads ? 1 : 0);
    jobs.push({ wsUrl, count: share, first: first + from, options });
    from += share;
  }
  const spawned = jobs.map((job) => {
    const worker = new Worker(WORKER_URL, { workerData: job });
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const done = new Promise<GamesResult>((resolve, reject) => {
      worker.on('message', (report: PhaseReport) => {
        if (report.type === 'ready') markReady();
        else if (report.type === 'room') onRoom?.(report.room);
        else resolve(report.result);
      });
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`a load thread stopped (exit code ${code}) before its games were over`)),
      );
    });
    // A thread that fails before it is ready must not leave the others waiting.
    return { worker, ready: Promise.race([ready, done.then(() => undefined)]), done };
  });
  try {
    await Promise.all(spawned.map((s) => s.ready));
    const started = performance.now();
    for (const s of spawned) s.worker.postMessage('go');
    const results = await Promise.all(spawned.map((s) => s.done));
    const seconds = (performance.now() - started) / 1000;
    const failures = new Map<string, number>();
    for (const r of results)
      for (const [reason, n] of r.failures) failures.set(reason, (failures.get(reason) ?? 0) + n);
    return {
      games: count,
      failed: [...failures.values()].reduce((a, b) => a + b, 0),
      failures,
      seconds,
      latencies: results.flatMap((r) => r.latencies),
      ...splitAtLastStart(results),
      roomMessagesPerPlayer: results.reduce((sum, r) => sum + r.roomMessages, 0) / (4 * count),
      generator: { threads, loopDelayP99: Math.max(...results.map((r) => r.loopDelayP99)) },
    };
  } finally {
    await Promise.all(spawned.map((s) => s.worker.terminate()));
  }
}

/** The latencies of actions sent while games were still starting (the last game's first update not yet out), and after. */
function splitAtLastStart(
  results: readonly GamesResult[],
): Pick<PhaseResult, 'whileOpening' | 'afterOpening'> {
  const lastStart = Math.max(...results.map((r) => r.lastStart ?? Number.NEGATIVE_INFINITY));
  const whileOpening: number[] = [];
  const afterOpening: number[] = [];
  for (const r of results)
    r.latencies.forEach((ms, i) => (r.sentAt[i] < lastStart ? whileOpening : afterOpening).push(ms));
  return { whileOpening, afterOpening };
}
