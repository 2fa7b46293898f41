/** Group commit: the writes of one turn of the event loop share one transaction; each is acknowledged only once durable; a bad one is refused alone. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupCommit } from '../src/store/group-commit.js';

describe('group commit', () => {
  let dir: string;
  let db: Database.Database;
  let reader: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hanafuda-group-'));
    db = new Database(join(dir, 'db.sqlite'));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE log (game TEXT NOT NULL, seq INTEGER NOT NULL, UNIQUE (game, seq))');
    // Another connection sees only what is committed.
    reader = new Database(join(dir, 'db.sqlite'), { readonly: true });
  });

  afterEach(() => {
    reader.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = () => (reader.prepare('SELECT COUNT(*) AS n FROM log').get() as { n: number }).n;

  it('writes everything asked for in one turn in one transaction, and acknowledges each only after the commit', async () => {
    const group = new GroupCommit(db);
    const transactions = vi.spyOn(db, 'transaction');
    const insert = db.prepare('INSERT INTO log (game, seq) VALUES (?, ?)');
    const seenAtAck: number[] = [];
    const writes = Array.from({ length: 100 }, (_, i) => group.write(() => insert.run(`g${i % 10}`, i)).then(() => seenAtAck.push(committed())));
    expect(committed()).toBe(0);
    await Promise.all(writes);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(seenAtAck.every((n) => n === 100)).toBe(true);

    // The next turn's writes are the next transaction.
    await group.write(() => insert.run('g0', 1000));
    expect(transactions).toHaveBeenCalledTimes(2);
    expect(committed()).toBe(101);
  });

  it('refuses only the write that fails, and commits the others of its turn', async () => {
    const group = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO log (game, seq) VALUES (?, ?)');
    const results = await Promise.allSettled([
      group.write(() => insert.run('a', 0)),
      group.write(() => insert.run('a', 0)),
      group.write(() => insert.run('b', 0)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toMatch(/UNIQUE/);
    expect(committed()).toBe(2);
  });

  it('commits what waits when flushed (before the database closes)', async () => {
    const group = new GroupCommit(db);
    const write = group.write(() => db.prepare('INSERT INTO log (game, seq) VALUES (?, ?)').run('c', 0));
    group.flush();
    expect(committed()).toBe(1);
    await write;
  });
});
