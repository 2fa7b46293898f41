/**
 * The main thread's handle on the SQLite writer thread (store/sqlite-writer.ts): posts each
 * batch and settles it from the thread's answer. A thread that dies (out of memory, a native
 * fault) fails the batches it held, so the store's retry layer tries them again, and is
 * replaced by a fresh thread on the same file.
 */
import { Worker } from 'node:worker_threads';
import type { SqliteSync, WriteOp } from './sqlite-writes.js';
import type { WriterMessage, WriterRequest } from './sqlite-writer.js';
import { type Log, silentLog } from '../ops/log.js';

/** The thread's script; the test runner loads this module from its TypeScript source, whose thread runs the build (npm test builds first). */
const WRITER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/store/sqlite-writer.js', import.meta.url)
  : new URL('./sqlite-writer.js', import.meta.url);

interface Batch {
  readonly resolve: (errors: (string | null)[]) => void;
  readonly reject: (error: Error) => void;
}

export class SqliteWriterThread {
  private worker: Worker;
  private readonly batches = new Map<number, Batch>();
  private nextId = 0;
  private closing = false;
  /** Set when a thread died before it could open the database: restarting would not help. */
  private broken: Error | null = null;
  /** Threads started after one died (for the log and the tests). */
  restarts = 0;

  constructor(
    private readonly file: string,
    private readonly log: Log = silentLog,
    private readonly sync: SqliteSync = 'full',
  ) {
    this.worker = this.spawn();
  }

  readonly commit = (batch: readonly WriteOp[]): Promise<(string | null)[]> =>
    new Promise((resolve, reject) => {
      if (this.closing) return reject(new Error('the SQLite store is closed'));
      if (this.broken) return reject(this.broken);
      const id = this.nextId++;
      this.batches.set(id, { resolve, reject });
      // A write waiting for its commit keeps the process alive; an idle thread does not.
      this.worker.ref();
      this.worker.postMessage({ id, batch } satisfies WriterRequest);
    });

  /** Lets the thread finish what it was given, close its connection and exit. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.broken) return;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.ref();
    this.worker.postMessage('close');
    await exited;
  }

  private spawn(): Worker {
    const worker = new Worker(WRITER_URL, { workerData: { file: this.file, sync: this.sync } });
    let error: Error | null = null;
    let ready = false;
    worker.on('message', (reply: WriterMessage) => {
      if (reply === 'ready') return void (ready = true);
      const batch = this.batches.get(reply.id);
      this.batches.delete(reply.id);
      batch?.resolve(reply.errors);
      if (this.batches.size === 0) worker.unref();
    });
    worker.on('error', (e) => (error = e));
    worker.on('exit', (code) => {
      if (this.closing && this.batches.size === 0) return;
      const why = new Error(
        `the SQLite writer thread stopped (${error?.message ?? `exit code ${code}`}); its writes may not have been committed`,
      );
      for (const batch of this.batches.values()) batch.reject(why);
      this.batches.clear();
      if (this.closing) return;
      if (!ready) {
        this.broken = new Error(
          `the SQLite writer thread could not open ${this.file}: ${error?.message ?? `exit code ${code}`}`,
        );
        this.log.error({ err: this.broken }, 'storage: the SQLite writer thread is broken');
        return;
      }
      this.log.warn({ err: why }, 'storage: starting a new writer thread');
      this.restarts++;
      this.worker = this.spawn();
    });
    worker.unref();
    return worker;
  }
}
