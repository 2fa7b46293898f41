/**
 * Worker threads for the searches (bots, hints): a search of thousands of simulations
 * would otherwise hold the one event loop, and with it every other room, for its whole
 * length. Requests wait in one queue, first come first served, for the next free thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Decision, DecisionRequest } from '@hanafuda/table';

interface Job {
  readonly id: number;
  readonly request: DecisionRequest;
  readonly resolve: (decision: Decision) => void;
  readonly reject: (error: Error) => void;
}

type Reply = { id: number; decision: Decision } | { id: number; error: string };

/** The thread's script; the test runner loads this module from its TypeScript source, whose thread runs the build (npm test builds first). */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/search/worker.js', import.meta.url)
  : new URL('./worker.js', import.meta.url);

/** One thread per core, less the event loop's own (at least one). */
export const defaultSearchThreads = (): number => Math.max(1, availableParallelism() - 1);

export class SearchPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly waiting: Job[] = [];
  private nextId = 0;
  private closed = false;

  constructor(threads: number = defaultSearchThreads()) {
    for (let i = 0; i < threads; i++) this.idle.push(this.spawn());
  }

  /** Decides in a thread; the same request gives the same decision as `decideNow`. */
  readonly decide = (request: DecisionRequest): Promise<Decision> =>
    new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('the search pool is closed'));
      this.waiting.push({ id: this.nextId++, request, resolve, reject });
      this.pump();
    });

  /** Requests not yet handed to a thread. */
  get queued(): number {
    return this.waiting.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('the search pool is closed');
    for (const job of this.waiting.splice(0)) job.reject(error);
    for (const job of this.busy.values()) job.reject(error);
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    this.busy.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL);
    worker.on('message', (reply: Reply) => {
      const job = this.busy.get(worker);
      if (!job || job.id !== reply.id) return;
      this.busy.delete(worker);
      this.idle.push(worker);
      if ('error' in reply) job.reject(new Error(reply.error));
      else job.resolve(reply.decision);
      this.pump();
    });
    // A thread that dies (out of memory, a bug) fails its job and is replaced.
    worker.on('error', (e) => this.replace(worker, e));
    worker.on('exit', (code) => {
      if (!this.closed) this.replace(worker, new Error(`a search thread exited (${code})`));
    });
    worker.unref();
    return worker;
  }

  private replace(worker: Worker, error: Error): void {
    const job = this.busy.get(worker);
    const wasKnown = this.busy.delete(worker) || this.idle.includes(worker);
    if (!wasKnown || this.closed) return;
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    job?.reject(error);
    void worker.terminate();
    this.idle.push(this.spawn());
    this.pump();
  }

  private pump(): void {
    while (this.idle.length > 0 && this.waiting.length > 0) {
      const worker = this.idle.pop()!;
      const job = this.waiting.shift()!;
      this.busy.set(worker, job);
      worker.postMessage({ id: job.id, request: job.request });
    }
  }
}
