/**
 * Plain SQL on either database, for the parts of the server beyond the rooms (accounts, the
 * lobby): one statement written once, with PostgreSQL's `$1` placeholders (turned into
 * SQLite's `?`, the values put in their order). Each call is one statement, atomic by itself: multi-statement
 * transactions are not offered, because SQLite's one connection is shared by the whole process.
 */
import type { StatementSync } from 'node:sqlite';
import type { Database } from './sqlite-db.js';
import type pg from 'pg';

export type SqlValue = string | number | bigint | boolean | null;
export type Row = Record<string, unknown>;

export interface Sql {
  /** The rows a statement returns (a SELECT, or a write with RETURNING). */
  rows<T extends Row = Row>(statement: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a write; answers how many rows it changed. */
  run(statement: string, params?: readonly SqlValue[]): Promise<number>;
}

/** SQLite binds `?` in order: `$n` becomes `?`, and the values follow the placeholders (one may be used twice). Booleans are 0 and 1. */
const placeholders = (statement: string) => [...statement.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]) - 1);
const sqliteValue = (p: SqlValue | undefined) => (typeof p === 'boolean' ? (p ? 1 : 0) : (p ?? null));

export function sqliteSql(db: Database): Sql {
  const cache = new Map<string, { statement: StatementSync; order: number[] }>();
  const bound = (text: string, params: readonly SqlValue[]) => {
    let s = cache.get(text);
    if (!s) cache.set(text, (s = { statement: db.prepare(text.replace(/\$\d+/g, '?')), order: placeholders(text) }));
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
  };
}

export function postgresSql(pool: pg.Pool): Sql {
  return {
    async rows<T extends Row>(statement: string, params: readonly SqlValue[] = []) {
      return (await pool.query(statement, params as unknown[])).rows as T[];
    },
    async run(statement: string, params: readonly SqlValue[] = []) {
      return (await pool.query(statement, params as unknown[])).rowCount ?? 0;
    },
  };
}
