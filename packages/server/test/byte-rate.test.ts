/**
 * Large messages are cheap to refuse: one past the protocol's size is answered \`too-large\`
 * (the connection stays), one past the longest frame is cut off by its frame's header before
 * it is read (the connection closes with 1009), and a connection sending more
 * bytes than its rate is read more slowly, while everyone else is answered at once.
 */
import { MAX_MESSAGE_BYTES } from '@hanafuda/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, type RunningServer, startServer } from '../src/index.js';
import { silentLog } from '../src/ops/log.js';
import { TestClient } from './support/client.js';
import { shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const RATE = { burst: 32 * 1024, perSecond: 64 * 1024 };

describe('bytes a connection may send', { timeout: 30_000 }, () => {
  let db: TestStore;
  let server: RunningServer;
  const clients: TestClient[] = [];
  const connect = async () => {
    const c = await TestClient.connect(server.wsUrl);
    clients.push(c);
    return c;
  };

  afterEach(async () => {
    await shutDown(server, db, clients);
  });

  it('answers a message longer than the protocol allows with too-large, and keeps the connection', async () => {
    db = await STORES[0].open();
    server = await startServer({ store: db.store, port: 0, webDir: null, log: silentLog });
    const big = await connect();
    big.socket.send(JSON.stringify({ v: 1, type: 'ping', pad: 'x'.repeat(MAX_MESSAGE_BYTES) }));
    expect(await big.next((m) => m.type === 'error')).toMatchObject({
      code: 'too-large',
      message: `a message may be at most ${MAX_MESSAGE_BYTES} bytes`,
    });
    expect(await big.request({ type: 'ping' }, 'pong')).toMatchObject({ type: 'pong' });
  });

  it('closes a connection whose frame is longer than any it reads, unread, and stays up for the others', async () => {
    db = await STORES[0].open();
    server = await startServer({ store: db.store, port: 0, webDir: null, log: silentLog });
    const big = await connect();
    const closed = new Promise<number>((resolve) => big.socket.once('close', (code) => resolve(code)));
    big.socket.send(JSON.stringify({ v: 1, type: 'ping', pad: 'x'.repeat(MAX_FRAME_BYTES) }));
    expect(await closed).toBe(1009);
    expect(big.messages.some((m) => m.type === 'pong')).toBe(false);
    expect(await (await connect()).request({ type: 'ping' }, 'pong')).toMatchObject({ type: 'pong' });
  });

  it('reads a connection past its byte rate more slowly, and answers another at once meanwhile', async () => {
    db = await STORES[0].open();
    server = await startServer({
      store: db.store,
      port: 0,
      webDir: null,
      log: silentLog,
      connectionLimits: { bytesPerConnection: RATE },
    });
    const flood = await connect();
    const pad = 'x'.repeat(15 * 1024);
    const sent = Date.now();
    // 10 pings of 15 KiB: 150 KiB, of which the first 32 KiB go at once and the rest at 64 KiB a second.
    for (let i = 0; i < 10; i++) flood.send({ type: 'ping', pad });
    const other = await connect();
    const asked = Date.now();
    await other.request({ type: 'ping' }, 'pong');
    const otherMs = Date.now() - asked;
    // The pad is no field of a ping, so each is refused once read: the answer still waits for its bytes to be let through.
    await flood.next(
      () => flood.messages.filter((m) => m.type === 'pong' || m.type === 'error').length === 10,
      20_000,
      0,
    );
    const floodMs = Date.now() - sent;
    expect(floodMs).toBeGreaterThanOrEqual(((150 - 32 - 15) / 64) * 1000);
    expect(otherMs).toBeLessThan(floodMs / 2);
  });
});
