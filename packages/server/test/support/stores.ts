/**
 * The stores the integration suites run against: a real SQLite file always, and a real
 * PostgreSQL when HANAFUDA_TEST_DATABASE_URL names one (.ci/run starts one on loopback);
 * each test gets a database of its own.
 */
import { createDatabase } from './database.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Store, openPostgres, openSqlite } from '../../src/index.js';

export interface TestStore {
  readonly store: Store;
  /** Opens the same database again (a restarted server). */
  reopen(): Promise<Store>;
  /** What a child server needs to find the same database. */
  readonly env: Record<string, string>;
  readonly args: string[];
  cleanup(): Promise<void>;
}

export interface StoreKind {
  readonly name: 'sqlite' | 'postgres';
  /** False where no PostgreSQL is at hand: its suite is skipped, with a notice. */
  readonly available: boolean;
  readonly open: () => Promise<TestStore>;
}

export const POSTGRES_URL = process.env.HANAFUDA_TEST_DATABASE_URL;

const sqlite: StoreKind = {
  name: 'sqlite',
  available: true,
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'hanafuda-server-'));
    const file = join(dir, 'hanafuda.sqlite');
    const store = openSqlite(file);
    return {
      store,
      reopen: async () => openSqlite(file),
      env: {},
      args: ['--data', dir],
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

const postgres: StoreKind = {
  name: 'postgres',
  available: POSTGRES_URL !== undefined && POSTGRES_URL !== '',
  async open() {
    const { name, url } = await createDatabase(POSTGRES_URL!, 'hanafuda_test');
    const store = await openPostgres(url);
    return {
      store,
      reopen: () => openPostgres(url),
      env: { DATABASE_URL: url },
      args: [],
      cleanup: async () => {
        const drop = new pg.Client({ connectionString: POSTGRES_URL });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  },
};

if (!POSTGRES_URL) {
  console.warn(
    'server tests: HANAFUDA_TEST_DATABASE_URL is not set, so the PostgreSQL suite is skipped (SQLite still runs); .ci/run starts a PostgreSQL and sets it',
  );
}

export const STORES: StoreKind[] = [sqlite, postgres];
