/**
 * The published protocol.schema.json against a real server: every message of a whole online
 * game of each game (each seat, one of them a program joined with `bot: true`, the host and a
 * spectator; hints, syncs, pings, presence and a rematch request besides the moves), sent or
 * received over real WebSockets, fits the schema under a standard validator (ajv); and a
 * message the schema refuses, the server refuses with the protocol's error, naming the field.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject } from 'ajv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseServerBoundMessage } from '@hanafuda/protocol';
import type { RunningServer } from '../src/index.js';
import { type Message, TestClient } from './support/client.js';
import { autoplay } from './support/play.js';
import { serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const schema = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@hanafuda/protocol/protocol.schema.json'), 'utf8'),
) as { $id: string };
const ajv = new Ajv({ strict: true });
ajv.addSchema(schema);
const serverBound = ajv.getSchema(`${schema.$id}#/$defs/ServerBound`)!;
const clientBound = ajv.getSchema(`${schema.$id}#/$defs/ClientBound`)!;

const GAMES = [
  { game: 'sakura', players: 3, options: { rounds: 1 } },
  { game: 'koikoi', players: 2, options: { rounds: 1 } },
  { game: 'nara', players: 4, options: { length: 'rounds:1' } },
  { game: 'oibana', players: 3, options: { rounds: 1 } },
];

/** A client whose every sent text is kept beside those it receives. */
async function recorded(server: RunningServer, sent: string[]): Promise<TestClient> {
  const client = await TestClient.connect(server.wsUrl);
  const send = client.socket.send.bind(client.socket);
  client.socket.send = ((data: string, ...rest: never[]) => {
    sent.push(String(data));
    return send(data, ...rest);
  }) as typeof client.socket.send;
  return client;
}

const sqlite = STORES.find((s) => s.name === 'sqlite')!;

describe('protocol.schema.json against the server', { timeout: 60_000 }, () => {
  let db: TestStore;
  let server: RunningServer;
  const clients: TestClient[] = [];

  beforeEach(async () => {
    db = await sqlite.open();
    // One deal for every run: about 1 Koi-Koi deal in 100 ends at once (a teshi or kuttsuki in
    // hand scores before any move), and this test needs a seat to move.
    server = await serve(db, { seed: () => 'protocol-schema' });
  });
  afterEach(() => shutDown(server, db, clients));

  it.each(GAMES)(
    'every message of a whole $game game, each seat and a spectator, fits the schema',
    async ({ game, players, options }) => {
      const sent: string[] = [];
      const connect = async () => {
        const client = await recorded(server, sent);
        clients.push(client);
        return client;
      };
      const host = await connect();
      const created = await host.request(
        {
          type: 'create-room',
          setup: { game, players, options, seats: Array.from({ length: players }, () => ({ kind: 'open' })) },
        },
        'room-created',
      );
      const room = created.room as string;
      const keys = created.keys as { invite: string; watch: string };
      const watcher = await connect();
      await watcher.request({ type: 'spectate', room, key: keys.watch }, 'room');
      const seats: TestClient[] = [];
      for (let i = 0; i < players; i++) {
        const client = await connect();
        await client.request(
          {
            type: 'join',
            room,
            key: keys.invite,
            name: `Player ${i}`,
            ...(i === players - 1 ? { bot: true } : {}),
          },
          'joined',
        );
        seats.push(client);
      }
      // Besides the moves: a hint, a sync, a ping, the page's presence and heartbeat.
      const opening = (await seats[0].next((m) => m.type === 'update')).view as { toMove: number };
      await seats[opening.toMove].request({ type: 'hint' }, 'hint');
      await seats[0].request({ type: 'sync' }, 'update');
      await seats[0].request({ type: 'ping' }, 'pong');
      seats[0].send({ type: 'presence', state: 'active' });
      seats[0].send({ type: 'heartbeat' });
      const records = await Promise.all(seats.map((client, seat) => autoplay(client, seat)));
      await seats[0].request({ type: 'rematch', room }, 'room');
      await watcher.next((m) => m.type === 'record');

      expect(records.every((r) => r.type === 'record')).toBe(true);
      const received = clients.flatMap((c) => c.texts);
      const kinds = new Set(received.map((t) => (JSON.parse(t) as Message).type));
      for (const kind of [
        'room-created',
        'joined',
        'room',
        'welcome',
        'update',
        'hint',
        'clock',
        'pong',
        'record',
      ])
        expect(kinds, kind).toContain(kind);
      for (const text of sent)
        expect(serverBound(JSON.parse(text)), `${text}\n${ajv.errorsText(serverBound.errors)}`).toBe(true);
      for (const text of received)
        expect(
          clientBound(JSON.parse(text)),
          `${text.slice(0, 400)}\n${ajv.errorsText(clientBound.errors)}`,
        ).toBe(true);
    },
  );

  it("refuses what the schema refuses, with the protocol's error naming the field", async () => {
    const client = await TestClient.connect(server.wsUrl);
    clients.push(client);
    const bad: [object, string][] = [
      [{ type: 'join', room: 'abcd1234' }, 'name'],
      [{ type: 'join', room: 'abcd1234', name: 'Kai', bot: 'yes' }, 'bot'],
      [{ type: 'join', room: 'abcd1234', name: 'Kai', colour: 'red' }, 'colour'],
      [{ type: 'spectate', room: '../etc' }, 'room'],
      [{ type: 'act', action: { seat: 0, play: 'pine-crane' } }, 'seq'],
      [{ type: 'act', seq: 0, action: { seat: 0, hiki: 13 } }, 'hiki'],
      [{ type: 'presence', state: 'asleep' }, 'state'],
      [{ type: 'start', room: 'abcd1234', hostToken: 'hosthost', level: 'god' }, 'level'],
      [
        {
          type: 'create-room',
          setup: { game: 'sakura', players: 2, seats: [{ kind: 'open' }, { kind: 'bot' }] },
        },
        'level',
      ],
      [
        {
          type: 'create-room',
          setup: { game: 'sakura', players: 1, seats: [{ kind: 'open' }], turnSeconds: -1 },
        },
        'turnSeconds',
      ],
    ];
    for (const [fields, field] of bad) {
      const message = { v: 1, ...fields };
      expect(serverBound(message), JSON.stringify(message)).toBe(false);
      const errors = (serverBound.errors ?? []) as ErrorObject[];
      const named = errors.map(
        (e) =>
          (e.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
          (e.params as { additionalProperty?: string }).additionalProperty ??
          e.instancePath
            .split('/')
            .filter((p) => !/^\d+$/.test(p))
            .pop(),
      );
      expect(named, JSON.stringify(message)).toContain(field);
      const refused = await client.request(message, 'error');
      const expected = parseServerBoundMessage(JSON.stringify(message));
      expect(!expected.ok && { code: refused.code, message: refused.message }).toEqual(
        !expected.ok && expected.error,
      );
      expect(refused.message as string).toMatch(field === 'name' ? /display name/ : `"${field}"`);
    }
  });
});
