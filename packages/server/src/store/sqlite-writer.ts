/**
 * The SQLite writer thread: owns the one writing connection, so the fsync of each group
 * commit waits here instead of on the server's event loop. Answers each batch with one
 * result per write, after the transaction is durable.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './sqlite-db.js';
import {
  type SqliteSync,
  commitBatch,
  configureWriter,
  prepareWrites,
  type WriteOp,
} from './sqlite-writes.js';

export interface WriterRequest {
  readonly id: number;
  readonly batch: readonly WriteOp[];
}
/** 'ready' once the connection is open, then one reply per batch. */
export type WriterMessage = 'ready' | WriterReply;
export interface WriterReply {
  readonly id: number;
  readonly errors: (string | null)[];
}

const port = parentPort!;
const { file, sync } = workerData as { file: string; sync: SqliteSync };
const db = openDatabase(file);
configureWriter(db, sync);
const run = prepareWrites(db);
port.postMessage('ready');

port.on('message', (message: WriterRequest | 'close') => {
  if (message === 'close') {
    db.close();
    port.close();
    return;
  }
  port.postMessage({ id: message.id, errors: commitBatch(db, run, message.batch) } satisfies WriterReply);
});
