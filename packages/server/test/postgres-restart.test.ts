/**
 * PostgreSQL stopped and started again under a running server (a real `pg_ctl stop` and
 * `start` of a throwaway cluster): the server stays up and keeps its rooms, a move made
 * while the database is down is refused so it can be sent again, and the game then goes on
 * to its end and is stored.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startChild } from './support/child.js';
import { type Message, TestClient } from './support/client.js';
import { invite } from './support/server.js';
import { PG_CTL, type PgCluster, startCluster } from './support/pg-cluster.js';
import { autoplay } from './support/play.js';

const AGAINST_A_BOT = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
};

if (!PG_CTL)
  console.warn(
    'server tests: PostgreSQL is not installed, so the PostgreSQL restart test is skipped; .ci/run installs it',
  );

describe.skipIf(!PG_CTL)('PostgreSQL restarted under a running server', { timeout: 90_000 }, () => {
  let cluster: PgCluster | undefined;
  let child: ChildProcess | undefined;
  const clients: TestClient[] = [];

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    child?.kill('SIGTERM');
    cluster?.destroy();
  });

  it('survives the stop, keeps its rooms, answers a move it could not store, and finishes the game once the database is back', async () => {
    cluster = startCluster();
    const server = await startChild([], { DATABASE_URL: cluster.url });
    child = server.child;
    const host = await TestClient.connect(server.wsUrl);
    const alice = await TestClient.connect(server.wsUrl);
    clients.push(host, alice);
    const { room, key } = invite(
      await host.request({ type: 'create-room', setup: AGAINST_A_BOT }, 'room-created'),
    );
    await alice.request({ type: 'join', room, key, name: 'Alice' }, 'joined');
    const myTurn = (m: Message) => m.type === 'update' && (m.view as { toMove: number | null }).toMove === 0;
    const turn = await alice.next(myTurn);
    const seq = turn.seq as number;
    const action = (turn.view as { actions: unknown[] }).actions[0];

    cluster.stop();
    const refused = await alice.request({ type: 'act', seq, action }, ['update', 'error']);
    expect(refused).toMatchObject({ type: 'error', code: 'storage' });
    expect(child.exitCode).toBeNull();
    const health = await fetch(`${server.url}/api/rooms/${room}?key=${key}`);
    expect(health.status).toBe(200);
    expect(server.output()).toMatch(/a PostgreSQL connection broke/);

    cluster.start();
    expect(await alice.request({ type: 'act', seq, action }, ['update', 'error'])).toMatchObject({
      type: 'update',
      seq: seq + 1,
    });
    const done = await autoplay(alice, 0);
    expect((done.record as { actions: unknown[] }).actions.length).toBeGreaterThan(seq + 1);
    // The finished game is stored: its record is served.
    let stored = await fetch(`${server.url}/api/games/${room}?key=${key}`);
    for (let i = 0; i < 50 && stored.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await fetch(`${server.url}/api/games/${room}?key=${key}`);
    }
    expect(stored.status).toBe(200);
    expect(child.exitCode).toBeNull();
  });
});
