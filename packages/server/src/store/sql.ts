/**
 * Plain SQL on either database, for the parts of the server beyond the rooms (accounts, the
 * lobby): one statement written once, with PostgreSQL's `$1` placeholders (turned into
 * SQLite's `?`, the values put in their order). Each call is one statement, atomic by itself,
 * except `atomically`: a list of writes decided beforehand, all or none. A transaction that
 * reads and awaits in between is not offered, because SQLite's one connection is shared by the
 * whole process (another caller's statements would land inside it); a list of writes runs there
 * without a pause, so nothing else can.
 */
import type { StatementSync } from 'node:sqlite';
import { type Database, transaction } from './sqlite-db.js';
import type pg from 'pg';

export type SqlValue = string | number | bigint | boolean | null;
export type Row = Record<string, unknown>;

export interface Sql {
  /** The rows a statement returns (a SELECT, or a write with RETURNING). */
  rows<T extends Row = Row>(statement: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a write; answers how many rows it changed. */
  run(statement: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * Runs the writes in one transaction, in order. A write with `changes` must change exactly
   * that many rows (an optimistic check: a row's version as read): if one does not, none is kept,
   * and the answer is that write's index. Null: all were kept.
   */
  atomically(writes: readonly Write[]): Promise<number | null>;
}

export interface Write {
  readonly statement: string;
  readonly params?: readonly SqlValue[];
  readonly changes?: number;
}

/** SQLite binds `?` in order: `$n` becomes `?`, and the values follow the placeholders (one may be used twice). Booleans are 0 and 1. */
const placeholders = (statement: string) => [...statement.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]) - 1);
const sqliteValue = (p: SqlValue | undefined) => (typeof p === 'boolean' ? (p ? 1 : 0) : (p ?? null));

export function sqliteSql(db: Database): Sql {
  const cache = new Map<string, { statement: StatementSync; order: number[] }>();
  const bound = (text: string, params: readonly SqlValue[]) => {
    let s = cache.get(text);
    if (!s)
      cache.set(
        text,
        (s = { statement: db.prepare(text.replace(/\$\d+/g, '?')), order: placeholders(text) }),
      );
    return { statement: s.statement, values: s.order.map((i) => sqliteValue(params[i])) };
  };
  return {
    async rows<T extends Row>(text: string, params: readonly SqlValue[] = []) {
      const { statement, values } = bound(text, params);
      return statement.all(...values) as T[];
    },
    async run(text: string, params: readonly SqlValue[] = []) {
      const { statement, values } = bound(text, params);
      return Number(statement.run(...values).changes);
    },
    async atomically(writes: readonly Write[]) {
      // IMMEDIATE: the write lock first (the writer thread's connection may hold it: the busy timeout waits).
      try {
        transaction(
          db,
          () => {
            for (const [i, w] of writes.entries()) {
              const { statement, values } = bound(w.statement, w.params ?? []);
              const changed = Number(statement.run(...values).changes);
              if (w.changes !== undefined && changed !== w.changes) throw new Unchanged(i);
            }
          },
          'IMMEDIATE',
        );
        return null;
      } catch (e) {
        if (e instanceof Unchanged) return e.index;
        throw e;
      }
    },
  };
}

/** A write that did not change the rows it had to: its transaction is rolled back. */
class Unchanged extends Error {
  constructor(readonly index: number) {
    super(`write ${index} changed another number of rows than it had to`);
  }
}

export function postgresSql(pool: pg.Pool): Sql {
  return {
    async rows<T extends Row>(statement: string, params: readonly SqlValue[] = []) {
      return (await pool.query(statement, params as unknown[])).rows as T[];
    },
    async run(statement: string, params: readonly SqlValue[] = []) {
      return (await pool.query(statement, params as unknown[])).rowCount ?? 0;
    },
    async atomically(writes: readonly Write[]) {
      try {
        await pgTransaction(pool, async (client) => {
          for (const [i, w] of writes.entries()) {
            const changed = (await client.query(w.statement, (w.params ?? []) as unknown[])).rowCount ?? 0;
            if (w.changes !== undefined && changed !== w.changes) throw new Unchanged(i);
          }
        });
        return null;
      } catch (e) {
        if (e instanceof Unchanged) return e.index;
        throw e;
      }
    },
  };
}

/** Runs `work` in one transaction on a connection of its own: committed if it returns, rolled back if it throws (the error thrown on). */
export async function pgTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A checked-out connection has no pool listener: one that breaks between two queries must not end the process.
  const onError = (e: Error) => (broken = e);
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    // A broken connection cannot roll back; it is destroyed instead of going back to the pool.
    await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
    throw e;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}
