/**
 * A stored room names the rules version it was created under; after an upgrade that changed
 * the rules, a game of the old version is not resumed into a different game: whoever comes
 * back to it is told why (docs/records.md, "A live game when the server is upgraded").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RULES_VERSION } from '@hanafuda/engine';
import type { RunningServer, StoredRoom } from '../src/index.js';
import { hashToken } from '../src/rooms/ids.js';
import { roomKeys } from '../src/rooms/room-access.js';
import { TestClient } from './support/client.js';
import { createRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const DUEL = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
} as const;

const storedRoom = (id: string, rules: number | undefined): StoredRoom => ({
  id,
  setup: DUEL as unknown as StoredRoom['setup'],
  hostTokenHash: 'h',
  seats: [
    { kind: 'human', name: 'Ann', tokenHash: hashToken('Ann-token') },
    { kind: 'human', name: 'Bo', tokenHash: 'b' },
  ],
  status: 'playing',
  seed: 'a stored seed',
  createdAt: Date.now(),
  ...(rules === undefined ? {} : { rules }),
});

for (const kind of STORES) {
  describe.skipIf(!kind.available)(
    `rules versions of stored rooms on ${kind.name}`,
    { timeout: 30_000 },
    () => {
      let db: TestStore;
      let server: RunningServer | null = null;
      const clients: TestClient[] = [];

      beforeEach(async () => {
        db = await kind.open();
      });
      afterEach(async () => {
        server ??= await serve(db);
        await shutDown(server, db, clients);
        server = null;
      });

      it('stores the version a room is created under, and reads it back', async () => {
        server = await serve(db);
        const { host, room } = await createRoom(server, DUEL);
        clients.push(host);
        expect((await db.store.room(room))?.rules).toBe(RULES_VERSION);
      });

      it('refuses to resume a game of another rules version, older or newer, with a message saying so, and resumes one of its own', async () => {
        await db.store.createRoom(storedRoom('OLDRULES', RULES_VERSION - 1));
        await db.store.createRoom(storedRoom('NEWRULES', RULES_VERSION + 1));
        await db.store.createRoom(storedRoom('SAMERULE', RULES_VERSION));
        expect((await db.store.room('NEWRULES'))?.rules).toBe(RULES_VERSION + 1);
        server = await serve(db);

        const client = await TestClient.connect(server.wsUrl);
        clients.push(client);
        // Without a key, a refused room is no more told of than a missing one.
        expect(await client.request({ type: 'spectate', room: 'OLDRULES' }, ['error', 'room'])).toMatchObject(
          { code: 'no-such-room' },
        );
        const key = roomKeys('h').invite;
        const refusals = [
          // A game of the rules before an upgrade.
          {
            room: 'OLDRULES',
            says: [
              `started under rules version ${RULES_VERSION - 1}`,
              `upgraded to rules version ${RULES_VERSION}`,
            ],
          },
          // A game of newer rules, on a server not yet upgraded (or rolled back): not called an upgrade.
          {
            room: 'NEWRULES',
            says: [
              `started under rules version ${RULES_VERSION + 1}, newer than this server's rules version ${RULES_VERSION}`,
            ],
          },
        ];
        for (const { room, says } of refusals) {
          for (const message of [
            { type: 'spectate', room, key },
            { type: 'join', room, key, name: 'Cy' },
            { type: 'resume', room, token: 'Ann-token' },
          ]) {
            const answer = await client.request(message, ['error', 'room', 'joined']);
            expect(answer.type).toBe('error');
            expect(answer.code).toBe('rules-changed');
            for (const words of says) expect(answer.message).toContain(words);
            expect(answer.message).toContain('start a new game');
          }
        }
        const same = await client.request({ type: 'spectate', room: 'SAMERULE', key }, ['error', 'room']);
        expect(same.type).toBe('room');
      });

      it('reads a room stored before versions were as version 1', async () => {
        await db.store.createRoom(storedRoom('NOVERSON', undefined));
        expect((await db.store.room('NOVERSON'))?.rules).toBeUndefined();
        server = await serve(db);
        const client = await TestClient.connect(server.wsUrl);
        clients.push(client);
        const answer = await client.request(
          { type: 'spectate', room: 'NOVERSON', key: roomKeys('h').invite },
          ['error', 'room'],
        );
        expect(answer.type).toBe((RULES_VERSION as number) === 1 ? 'room' : 'error');
      });
    },
  );
}
