/**
 * The `rating` message on a real server: once a rated game's result is applied, each seated
 * member's connection is told their own change (the library's reference update, as shown),
 * in a message the published schema accepts; applying it again tells nobody anything.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { rateAndTell } from '../src/ratings/message.js';
import { Ratings } from '../src/ratings/ratings.js';
import type { RatedResult } from '../src/ratings/result.js';
import { TestClient } from './support/client.js';
import { createRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const schema = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@hanafuda/protocol/protocol.schema.json'), 'utf8'),
) as { $id: string };
const ajv = new Ajv({ strict: true });
ajv.addSchema(schema);
const clientBound = ajv.getSchema(`${schema.$id}#/$defs/ClientBound`)!;
const DUEL = {
  game: 'koikoi',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};

describe('the rating message', () => {
  let db: TestStore;
  let server: RunningServer;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    db = await STORES[0].open();
    server = await serve(db);
  });
  afterAll(async () => shutDown(server, db, clients));

  /** A browser's member: a guest made a member (its passkey is beside the point here), on a socket of its session. */
  const memberSocket = async (name: string) => {
    const res = await fetch(`${server.url}/api/guest`, { method: 'POST' });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    const { account } = (await res.json()) as { account: { id: string } };
    await db.store.sql.run('UPDATE accounts SET name = $2, name_key = $3, guest = $4 WHERE id = $1', [
      account.id,
      name,
      name.toLowerCase(),
      false,
    ]);
    const client = await TestClient.connect(server.wsUrl, { headers: { cookie } });
    clients.push(client);
    return { id: account.id, client };
  };

  it('tells each seated member their own change, once', async () => {
    const { host, room, key } = await createRoom(server, DUEL);
    clients.push(host);
    const ana = await memberSocket('Ana');
    const ben = await memberSocket('Ben');
    for (const p of [ana, ben])
      expect((await p.client.request({ type: 'join', room, key, name: 'x' }, ['joined', 'error'])).type).toBe(
        'joined',
      );
    const result: RatedResult = {
      format: 'koikoi-12',
      game: room,
      teams: [[ana.id], [ben.id]],
      ranks: [2, 1],
      forfeited: [],
      endedAt: Date.now(),
    };
    const ratings = new Ratings(db.store.sql);
    const tell = (account: string, message: object) =>
      server.rooms.get(room)!.tellAccount(account, message as never);

    expect((await rateAndTell(ratings, result, tell)).fresh).toBe(true);
    const toAna = await ana.client.next((m) => m.type === 'rating');
    const toBen = await ben.client.next((m) => m.type === 'rating');
    // openskill.js v5.0.1 "reverses rank": newcomers, Ben first; shown as 1000 + 40·(μ − 3σ).
    const shown = (mu: number) => Math.round(1000 + 40 * (mu - 3 * 8.06590141354368));
    expect(toBen).toEqual({
      v: 1,
      type: 'rating',
      game: room,
      format: 'koikoi-12',
      before: 1000,
      after: shown(27.635389493140497),
      provisional: true,
      games: 1,
      place: 1,
      forfeited: false,
    });
    expect(toAna).toMatchObject({ before: 1000, after: shown(22.364610506859503), place: 2 });
    for (const m of [toAna, toBen]) expect(clientBound(m), JSON.stringify(clientBound.errors)).toBe(true);

    expect((await rateAndTell(ratings, result, tell)).fresh).toBe(false);
    // Messages keep their order: whatever came before the pong came before it.
    for (const p of [ana, ben, { client: host }]) await p.client.request({ type: 'ping' }, 'pong');
    for (const p of [ana, ben]) expect(p.client.messages.filter((m) => m.type === 'rating')).toHaveLength(1);
    expect(host.messages.filter((m) => m.type === 'rating')).toHaveLength(0);
  });
});
