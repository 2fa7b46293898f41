/**
 * The stores the integration suites run against: a real SQLite file always, and a real
 * PostgreSQL when HANAFUDA_TEST_DATABASE_URL names one (.ci/run starts one on loopback);
 * each test gets a database of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
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
    const name = `hanafuda_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${name}`;
    const store = await openPostgres(url.toString());
    return {
      store,
      reopen: () => openPostgres(url.toString()),
      env: { DATABASE_URL: url.toString() },
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
