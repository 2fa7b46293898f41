/**
 * Group commit through the SQLite writer thread: the writes of one turn of the event loop share
 * one transaction; each is acknowledged only once another connection can see it; a bad one is
 * refused alone; close flushes; a writer thread that dies fails its writes and is replaced.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase, pragma } from '../src/store/sqlite-db.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '@hanafuda/engine';
import { GroupCommit } from '../src/store/group-commit.js';
import { SqliteWriterThread } from '../src/store/sqlite-writer-thread.js';
import { type WriteOp, configureWriter } from '../src/store/sqlite-writes.js';
import { openSqlite } from '../src/store/sqlite.js';
import type { Worker } from 'node:worker_threads';
import type { StoredRoom } from '../src/store/store.js';
import { LEVEL, recordingLog } from '../src/ops/log.js';

const room = (id: string): StoredRoom => ({
  id,
  setup: {} as StoredRoom['setup'],
  hostTokenHash: 'h',
  seats: [],
  status: 'playing',
  seed: 's',
  createdAt: 0,
});
const action = (n: number) => ({ type: 'test', n }) as unknown as Action;
const append = (gameId: string, seq: number): WriteOp => ({
  op: 'appendAction',
  gameId,
  seq,
  action: action(seq),
});

describe('group commit in the SQLite writer thread', () => {
  let dir: string;
  let file: string;
  let reader: Database;
  let logs = recordingLog();

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hanafuda-group-'));
    file = join(dir, 'db.sqlite');
    // Creates the tables and the rooms the actions belong to.
    const store = openSqlite(file);
    await Promise.all(
      ['a', 'b', ...Array.from({ length: 10 }, (_, i) => `g${i}`)].map((id) => store.createRoom(room(id))),
    );
    await store.close();
    // Another connection sees only what is committed.
    reader = openDatabase(file, { readOnly: true });
    logs = recordingLog();
  });

  afterEach(() => {
    reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = () => (reader.prepare('SELECT COUNT(*) AS n FROM actions').get() as { n: number }).n;

  it('writes everything asked for in one turn in one transaction, and acknowledges each only after the commit', async () => {
    const writer = new SqliteWriterThread(file, logs.log);
    const commit = vi.fn(writer.commit);
    const group = new GroupCommit(commit);
    const seenAtAck: number[] = [];
    const writes = Array.from({ length: 100 }, (_, i) =>
      group.write(append(`g${i % 10}`, i)).then(() => seenAtAck.push(committed())),
    );
    expect(committed()).toBe(0);
    await Promise.all(writes);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit.mock.calls[0][0]).toHaveLength(100);
    expect(seenAtAck.every((n) => n === 100)).toBe(true);

    // The next turn's writes are the next transaction.
    await group.write(append('g0', 1000));
    expect(commit).toHaveBeenCalledTimes(2);
    expect(committed()).toBe(101);
    await writer.close();
  });

  it('refuses only the write that fails, and commits the others of its turn', async () => {
    const writer = new SqliteWriterThread(file, logs.log);
    const group = new GroupCommit(writer.commit);
    const results = await Promise.allSettled([
      group.write(append('a', 0)),
      group.write(append('a', 0)),
      group.write(append('b', 0)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toMatch(/UNIQUE/);
    expect(committed()).toBe(2);
    await writer.close();
  });

  it('commits what waits when the store closes', async () => {
    const store = openSqlite(file);
    const write = store.appendAction('c', 0, action(0)).catch((e: Error) => e);
    const good = store.appendAction('a', 0, action(0));
    await store.close();
    expect(committed()).toBe(1);
    await good;
    // 'c' is no room: refused by the foreign key, and said so.
    expect(((await write) as Error).message).toMatch(/FOREIGN KEY/);
  });

  it('fails the writes of a writer thread that died, and starts a new one', async () => {
    const writer = new SqliteWriterThread(file, logs.log);
    expect(await writer.commit([append('a', 0)])).toEqual([null]);
    const first = writer.commit([append('a', 1)]).then(
      () => 'committed',
      (e: Error) => e.message,
    );
    // The thread dies (as on a native fault) while the batch is on its way to it.
    await (writer as unknown as { worker: Worker }).worker.terminate();
    const outcome = await first;
    // Either it committed before the thread stopped, or it is refused, saying why (store/retry.ts then tries again).
    if (outcome === 'committed') expect(committed()).toBe(2);
    else expect(outcome).toMatch(/SQLite writer thread stopped .*may not have been committed/);
    expect(await writer.commit([append('b', 0)])).toEqual([null]);
    expect(writer.restarts).toBe(1);
    expect(
      logs.records.some(
        (r) =>
          r.msg === 'storage: starting a new writer thread' &&
          r.level === LEVEL.warn &&
          /writer thread stopped/.test(r.err!.message),
      ),
    ).toBe(true);
    await writer.close();
  });

  it('says clearly when the writer thread cannot open the database, instead of restarting it forever', async () => {
    const writer = new SqliteWriterThread(join(dir, 'no-such-folder', 'db.sqlite'), logs.log);
    await expect(writer.commit([append('a', 0)])).rejects.toThrow(/writer thread/);
    await expect(writer.commit([append('a', 1)])).rejects.toThrow(/could not open .*no-such-folder/);
    expect(writer.restarts).toBe(0);
    await writer.close();
  });
});

describe('a large batch acknowledged', () => {
  it('settles its writes in order, a slice at a time, with the event loop free to read sockets between slices', async () => {
    const group = new GroupCommit<number>(async (batch) => batch.map(() => null));
    const order: string[] = [];
    const writes = Array.from({ length: 200 }, (_, i) => group.write(i).then(() => order.push(`write ${i}`)));
    // Another room's turn, queued behind the commit as a socket's message would be.
    setImmediate(() => setImmediate(() => order.push('another room')));
    await Promise.all(writes);
    const writesOnly = order.filter((o) => o.startsWith('write')).map((o) => Number(o.split(' ')[1]));
    expect(writesOnly).toEqual(Array.from({ length: 200 }, (_, i) => i));
    // Without slices every acknowledgement runs before anything else gets a turn.
    expect(order.indexOf('another room')).toBeGreaterThan(0);
    expect(order.indexOf('another room')).toBeLessThan(order.length - 1);
  });

  it('sends the next batch to the store as soon as the last is committed, while that one is still being settled', async () => {
    const events: string[] = [];
    const group = new GroupCommit<number>(async (batch) => {
      events.push(`commit of ${batch.length}`);
      return batch.map(() => null);
    });
    let second: Promise<void> | undefined;
    const first = Array.from({ length: 200 }, (_, i) =>
      group.write(i).then(() => {
        events.push(`settled ${i}`);
        // The first write's acknowledgement asks for another write, as a room's next action would.
        if (i === 0) second = group.write(1000).then(() => void events.push('settled 1000'));
      }),
    );
    await Promise.all(first);
    await second;
    expect(events.filter((e) => e.startsWith('commit'))).toEqual(['commit of 200', 'commit of 1']);
    // The second commit went out before the first batch's last write was told.
    expect(events.indexOf('commit of 1')).toBeLessThan(events.indexOf('settled 199'));
  });
});

describe('the writing connection', () => {
  it('syncs every commit to the disk by default (FULL), and only to the WAL file when asked (NORMAL)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hanafuda-sync-'));
    try {
      for (const [sync, level] of [
        [undefined, 2],
        ['full', 2],
        ['normal', 1],
      ] as const) {
        const db = openDatabase(join(dir, `${sync}.sqlite`));
        configureWriter(db, sync);
        expect(pragma(db, 'journal_mode')).toBe('wal');
        expect(pragma(db, 'synchronous')).toBe(level);
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
