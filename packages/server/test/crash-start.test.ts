/**
 * A real server process killed (SIGKILL) at the instant its room's last seat is stored,
 * before the game is under way: started again, the room is a game in play, not a full
 * lobby that nothing starts. The instant is hit exactly (HANAFUDA_TEST_CRASH_AT), on SQLite
 * and on PostgreSQL.
 */
import { RULES_VERSION } from '@hanafuda/engine';
import type { RoomSetup } from '@hanafuda/protocol';
import { describe, expect, it, vi } from 'vitest';
import { restartableServers } from './support/restarts.js';
import { TestClient } from './support/client.js';
import { STORES } from './support/stores.js';
import { invite, serve, shutDown } from './support/server.js';

const DUEL = { game: 'koikoi', players: 2, seats: [{ kind: 'open' }, { kind: 'open' }] };

describe.each(STORES)('killed between the last join and the start ($name)', ({ available, open }) => {
  const servers = restartableServers(open);

  it.skipIf(!available)('starts the room when the server comes back', { timeout: 60_000 }, async () => {
    await servers.open();
    const first = await servers.start({ HANAFUDA_TEST_CRASH_AT: 'start-stored' });
    const died = new Promise<NodeJS.Signals | null>((resolve) =>
      first.child.once('exit', (_code, signal) => resolve(signal)),
    );
    const host = servers.track(await TestClient.connect(first.wsUrl));
    const ann = servers.track(await TestClient.connect(first.wsUrl));
    const ben = servers.track(await TestClient.connect(first.wsUrl));
    const { room, key } = invite(await host.request({ type: 'create-room', setup: DUEL }, 'room-created'));
    const joined = await ann.request({ type: 'join', room, key, name: 'Ann' }, 'joined');
    ben.send({ type: 'join', room, key, name: 'Ben' });
    expect(await died).toBe('SIGKILL');

    const second = await servers.start();
    // Rebuilt at start-up (on PostgreSQL, once the dead process's claim on it has gone with its connection).
    const state = await vi.waitFor(
      async () => {
        const answer = await fetch(`${second.url}/api/rooms/${room}?key=${key}`);
        if (answer.status !== 200) throw new Error(`room ${room}: ${answer.status}`);
        return answer.json();
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(state).toMatchObject({
      status: 'playing',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Ben' },
      ],
    });
    // Ann comes back into her seat and is dealt her hand.
    const back = servers.track(await TestClient.connect(second.wsUrl));
    back.send({ type: 'resume', room, token: joined.token });
    const welcome = await back.next((m) => m.type === 'welcome');
    expect(welcome).toMatchObject({ seat: joined.seat });
    const update = await back.next((m) => m.type === 'update');
    expect((update.view as { hand: unknown[] }).hand.length).toBeGreaterThan(0);
  });
});

describe('a full lobby in the store (written by an older server, which stored the last join and the start apart)', () => {
  it('is started when the server starts', async () => {
    const db = await STORES[0].open();
    await db.store.createRoom({
      id: 'fulllobby',
      setup: DUEL as RoomSetup,
      hostTokenHash: 'x',
      seats: [
        { kind: 'human', name: 'Ann', tokenHash: 'a' },
        { kind: 'human', name: 'Ben', tokenHash: 'b' },
      ],
      status: 'open',
      seed: 'full-lobby',
      createdAt: Date.now(),
      rules: RULES_VERSION,
    });
    const server = await serve(db);
    try {
      expect(server.rooms.get('fulllobby')?.status).toBe('playing');
      expect((await db.store.room('fulllobby'))?.status).toBe('playing');
      expect(server.rooms.get('fulllobby')?.game?.toMove).not.toBeNull();
    } finally {
      await shutDown(server, db);
    }
  });
});
