/** WebSocket handshakes a slice per turn of the event loop: a burst is spread over turns, every socket gets in, and one reset while waiting is skipped. */
import { once } from 'node:events';
import { type IncomingMessage, createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedUpgrades } from '../src/socket/paced-upgrades.js';

const UPGRADE =
  'GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n';

/** A socket as the HTTP server hands it over on an upgrade, keeping what is written to it. */
function fakeSocket(): Duplex & { written: string } {
  const socket = Object.assign(
    new Duplex({
      read() {},
      write(chunk: Buffer, _encoding, done) {
        socket.written += chunk.toString();
        done();
      },
    }),
    { written: '', setTimeout: () => socket, setNoDelay: () => socket },
  );
  return socket;
}

const upgradeRequest = () =>
  ({
    method: 'GET',
    url: '/ws',
    headers: {
      upgrade: 'websocket',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'sec-websocket-version': '13',
    },
  }) as unknown as IncomingMessage;

describe('paced WebSocket handshakes', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function serve(perTurn: number) {
    const http = createServer();
    const wss = new WebSocketServer({ noServer: true, path: '/ws' });
    const stop = pacedUpgrades(http, wss, perTurn);
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    cleanups.push(async () => {
      stop();
      for (const c of wss.clients) c.terminate();
      await new Promise((resolve) => wss.close(resolve));
      await new Promise((resolve) => http.close(resolve));
    });
    return { http, wss, url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}` };
  }

  it('lets every socket of a burst in', async () => {
    const { wss, url } = await serve(2);
    const port = Number(new URL(url).port);
    let connections = 0;
    wss.on('connection', () => connections++);
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const c = connect(port, '127.0.0.1');
        await once(c, 'connect');
        return c;
      }),
    );
    cleanups.push(() => clients.forEach((c) => c.destroy()));
    for (const c of clients) c.write(UPGRADE);
    const answers = await Promise.all(
      clients.map(async (c) => ((await once(c, 'data')) as [Buffer])[0].toString()),
    );
    for (const a of answers) expect(a).toMatch(/^HTTP\/1\.1 101 /);
    expect(connections).toBe(8);
  });

  it('completes the handshakes of requests read in one turn a slice per turn', async () => {
    const { http, wss } = await serve(2);
    let turn = 0;
    const completed: number[] = [];
    wss.on('connection', () => completed.push(turn));
    const sockets = Array.from({ length: 7 }, () => fakeSocket());
    for (const socket of sockets) http.emit('upgrade', upgradeRequest(), socket, Buffer.alloc(0));
    expect(completed).toEqual([]);
    while (completed.length < 7 && turn < 20) {
      await new Promise((resolve) => setImmediate(resolve));
      turn++;
    }
    const perTurn = new Map<number, number>();
    for (const t of completed) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
    expect([...perTurn.values()]).toEqual([2, 2, 2, 1]);
    for (const socket of sockets) expect(socket.written).toMatch(/^HTTP\/1\.1 101 /);
  });

  it('still refuses a handshake on another path', async () => {
    const { url } = await serve(4);
    const socket = new WebSocket(`${url}/elsewhere`);
    const [error] = (await once(socket, 'error')) as [Error];
    expect(error.message).toMatch(/400/);
  });

  it('skips a socket reset while it waits, without an uncaught error', async () => {
    const { http, wss } = await serve(1);
    const connections: unknown[] = [];
    wss.on('connection', (ws) => connections.push(ws));
    const socket = fakeSocket();
    const req = upgradeRequest();
    http.emit('upgrade', req, socket, Buffer.alloc(0));
    socket.emit('error', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.destroyed).toBe(true);
    expect(connections).toHaveLength(0);
  });
});
