/**
 * The fault test: the server, a child process, is killed with SIGKILL in the middle of a
 * game and started again on the same database; the players come back with their tokens and
 * finish. The record equals the one of an uninterrupted game with the same seed and choices.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startChild as start } from './support/child.js';
import { type Message, TestClient } from './support/client.js';
import { invite } from './support/server.js';
import { autoplay } from './support/play.js';
import { STORES, type TestStore } from './support/stores.js';
import { startServer } from '../src/index.js';
import { silentLog } from '../src/ops/log.js';

const SEED = 'fault-test-seed';
const SETUP = {
  game: 'sakura',
  players: 4,
  teams: [
    [0, 2],
    [1, 3],
  ],
  options: { rounds: 2 },
  seats: [
    { kind: 'open' },
    { kind: 'bot', level: 'normal' },
    { kind: 'open' },
    { kind: 'bot', level: 'easy' },
  ],
};

const startChild = (db: TestStore) => start([...db.args], { ...db.env, HANAFUDA_FIXED_SEED: SEED });

/** Creates the room and seats two people; the game starts (the two bots make it full). */
async function seat(wsUrl: string) {
  const host = await TestClient.connect(wsUrl);
  const created = await host.request({ type: 'create-room', setup: SETUP }, 'room-created');
  const { room, key } = invite(created);
  const people = [];
  for (const name of ['Alice', 'Bob']) {
    const client = await TestClient.connect(wsUrl);
    const joined = await client.request({ type: 'join', room, key, name }, 'joined');
    people.push({ client, seat: joined.seat as number, token: joined.token as string });
  }
  return { host, room, people };
}

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

for (const kind of STORES) {
  describe.skipIf(!kind.available)(`a server killed mid-game (${kind.name})`, { timeout: 60_000 }, () => {
    it('resumes the game exactly after SIGKILL: no accepted action lost, the same record as without the crash', async () => {
      const db = await kind.open();
      await db.store.close();
      const first = await startChild(db);
      children.push(first.child);
      const { room, people, host } = await seat(first.wsUrl);

      // Kill the server right after a person's 12th decision is sent, perhaps before it is stored.
      let decisions = 0;
      const killed = new Promise<void>((resolve) => {
        for (const p of people) {
          autoplay(p.client, p.seat, undefined, () => {
            if (++decisions === 12) {
              first.child.kill('SIGKILL');
              first.child.once('exit', () => resolve());
            }
          }).catch(() => undefined);
        }
      });
      await killed;
      const seenBefore = Math.max(...people.map((p) => (p.client.lastUpdate()?.seq as number) ?? 0));
      await Promise.all([host, ...people.map((p) => p.client)].map((c) => c.close()));

      const second = await startChild(db);
      children.push(second.child);
      const records: Promise<Message>[] = [];
      for (const p of people) {
        const client = await TestClient.connect(second.wsUrl);
        client.send({ type: 'resume', room, token: p.token });
        const resumed = await client.next((m) => m.type === 'update');
        expect(resumed.seq as number).toBeGreaterThanOrEqual(seenBefore);
        records.push(autoplay(client, p.seat));
      }
      const [crashed, other] = await Promise.all(records);
      expect(other.record).toEqual(crashed.record);

      // The same seed and choices, uninterrupted.
      const reference = await kind.open();
      const server = await startServer({
        store: reference.store,
        port: 0,
        webDir: null,
        botDelayMs: 0,
        seed: () => SEED,
        log: silentLog,
      });
      const again = await seat(server.wsUrl);
      const [uninterrupted] = await Promise.all(again.people.map((p) => autoplay(p.client, p.seat)));
      expect(crashed.record).toEqual(uninterrupted.record);
      expect((crashed.record as { actions: unknown[] }).actions.length).toBeGreaterThan(12);

      await Promise.all([again.host, ...again.people.map((p) => p.client)].map((c) => c.close()));
      await server.close();
      await reference.store.close();
      await reference.cleanup();
      second.child.kill('SIGTERM');
      await db.cleanup();
    });
  });
}
