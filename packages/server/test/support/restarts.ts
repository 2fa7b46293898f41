/**
 * Server processes started, killed and started again over one test store (crash and restart
 * suites): every child, client and the store are cleaned up after the suite.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll } from 'vitest';
import { startChild } from './child.js';
import type { TestClient } from './client.js';
import type { TestStore } from './stores.js';

export function restartableServers(open: () => Promise<TestStore>) {
  const children: ChildProcess[] = [];
  const clients: TestClient[] = [];
  let db: TestStore | undefined;
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await db?.cleanup();
  });
  return {
    /** Makes the suite's database; the child servers own it, so this test's own connection is closed. */
    async open(): Promise<void> {
      db = await open();
      await db.store.close();
    },
    /** A server process over the database (`env` added to what it needs to find it). */
    async start(env: Record<string, string> = {}) {
      if (!db) throw new Error('open() the database first');
      const started = await startChild(db.args, { ...db.env, ...env });
      children.push(started.child);
      return started;
    },
    /** Clients to close after the suite. */
    track<T extends TestClient>(client: T): T {
      clients.push(client);
      return client;
    },
  };
}
