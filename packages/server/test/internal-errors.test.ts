/**
 * An unforeseen error in a handler (a bug, injected here) is answered `internal`, not
 * `storage`, and logged at `error` with its stack and where it happened (connection, room,
 * seat); a real storage failure is still answered `storage`. The server goes on serving.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Table } from '@hanafuda/table';
import { type RunningServer, startServer } from '../src/index.js';
import { LEVEL, type LogRecord, recordingLog } from '../src/ops/log.js';
import { TestClient } from './support/client.js';
import { type FlakyStore, flaky } from './support/flaky-store.js';
import { invite, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const AGAINST_A_BOT = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
};

describe('unforeseen errors', { timeout: 30_000 }, () => {
  let db: TestStore;
  let store: FlakyStore;
  let server: RunningServer;
  let logs = recordingLog();
  const clients: TestClient[] = [];
  const connect = async () => {
    const client = await TestClient.connect(server.wsUrl);
    clients.push(client);
    return client;
  };
  const unforeseen = (r: LogRecord) => r.level === LEVEL.error && r.err?.message === 'injected bug';

  beforeEach(async () => {
    db = await STORES[0].open();
    store = flaky(db.store);
    logs = recordingLog();
    server = await startServer({
      store: store.store,
      port: 0,
      webDir: null,
      botDelayMs: 0,
      log: logs.log,
      storage: { retryDelaysMs: [5] },
      metrics: { port: 0 },
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await shutDown(server, db, clients);
  });

  it('answers a room message that hits a bug with `internal`, logs its stack and connection, and serves the next', async () => {
    const host = await connect();
    vi.spyOn(server.rooms, 'create').mockRejectedValueOnce(new TypeError('injected bug'));
    expect(
      await host.request({ type: 'create-room', setup: AGAINST_A_BOT }, ['room-created', 'error']),
    ).toMatchObject({ type: 'error', code: 'internal' });
    const record = await logs.next(unforeseen);
    expect(record.err!.type).toBe('TypeError');
    expect(record.err!.stack).toMatch(/^TypeError: injected bug\n\s+at /);
    expect(record.conn).toMatch(/^[0-9a-z]+$/);

    expect(
      await host.request({ type: 'create-room', setup: AGAINST_A_BOT }, ['room-created', 'error']),
    ).toMatchObject({ type: 'room-created' });
  });

  it('answers a table message that hits a bug with `internal`, logged with its room and seat', async () => {
    const host = await connect();
    const { room, key } = invite(
      await host.request({ type: 'create-room', setup: AGAINST_A_BOT }, 'room-created'),
    );
    const alice = await connect();
    await alice.request({ type: 'join', room, key, name: 'Alice' }, 'joined');
    await alice.next((m) => m.type === 'update');

    vi.spyOn(Table.prototype, 'handle').mockRejectedValueOnce(new RangeError('injected bug'));
    expect(await alice.request({ type: 'sync' }, ['update', 'error'])).toMatchObject({
      type: 'error',
      code: 'internal',
    });
    const record = await logs.next(unforeseen);
    expect(record).toMatchObject({ room, seat: 0, type: 'sync' });
    expect(record.err!.stack).toMatch(/^RangeError: injected bug\n\s+at /);

    expect(await alice.request({ type: 'sync' }, ['update', 'error'])).toMatchObject({ type: 'update' });
  });

  it('still answers a real storage failure with `storage`, not `internal`', async () => {
    const host = await connect();
    store.fail = 'all';
    expect(
      await host.request({ type: 'create-room', setup: AGAINST_A_BOT }, ['room-created', 'error']),
    ).toMatchObject({ type: 'error', code: 'storage' });
    expect(
      logs.records.some(
        (r) => r.msg === 'storage: a write failed after every attempt' && /SQLITE_FULL/.test(r.err!.message),
      ),
    ).toBe(true);
    expect(logs.records.some((r) => r.msg === 'session: an unforeseen error')).toBe(false);
    // The metrics count the retry and the failure.
    const metrics = await (await fetch(server.metricsUrl!)).text();
    expect(metrics).toMatch(/^hanafuda_store_retries_total 1$/m);
    expect(metrics).toMatch(/^hanafuda_store_failures_total 1$/m);
  });
});
