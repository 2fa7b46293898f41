/**
 * The heartbeat pings its sockets in slices spread over the interval, each once per interval,
 * and still closes one that missed its ping. The interval's timer is faked, so each slice is
 * stepped by hand; the sockets are real.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from '../src/socket/heartbeat.js';

const INTERVAL_MS = 1000;
/** The heartbeat's slices at this interval: one every 50 ms. */
const SLICES = 20;
const SOCKETS = 40;

describe('heartbeat', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** A server whose sockets count the pings they send, and `count` clients connected to it. */
  async function setUp(count: number, autoPong = true) {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(wss, 'listening');
    const stop = startHeartbeat(wss, { intervalMs: INTERVAL_MS, silentMs: 60_000 });
    const pings = new Map<WebSocket, number>();
    wss.on('connection', (socket) => {
      pings.set(socket, 0);
      const ping = socket.ping.bind(socket);
      socket.ping = (...args: Parameters<WebSocket['ping']>) => {
        pings.set(socket, pings.get(socket)! + 1);
        ping(...args);
      };
    });
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
    const clients: WebSocket[] = [];
    for (let i = 0; i < count; i++) {
      const client = new WebSocket(url, { autoPong });
      const connected = once(wss, 'connection');
      await once(client, 'open');
      await connected;
      clients.push(client);
    }
    cleanups.push(async () => {
      stop();
      for (const c of clients) c.terminate();
      await new Promise((resolve) => wss.close(resolve));
    });
    const sent = () => [...pings.values()].reduce((a, b) => a + b, 0);
    return { wss, clients, pings, sent };
  }

  it('pings each socket once per interval, a slice at a time', async () => {
    const { pings, sent } = await setUp(SOCKETS);
    vi.advanceTimersByTime(INTERVAL_MS / SLICES);
    // One slice: the sockets are shared out evenly, so 40 over 20 slices is 2 a slice.
    expect(sent()).toBe(SOCKETS / SLICES);
    for (let slice = 2; slice <= SLICES; slice++) {
      vi.advanceTimersByTime(INTERVAL_MS / SLICES);
      expect(sent()).toBe((slice * SOCKETS) / SLICES);
    }
    expect([...pings.values()].every((n) => n === 1)).toBe(true);
  });

  it('closes a socket that did not answer its ping by its next turn; one that answered stays', async () => {
    const { wss, clients } = await setUp(2, false);
    const [silent, live] = clients;
    // The second client answers pings by hand; the first never does.
    live.on('ping', () => live.pong());
    const server = [...wss.clients];
    const pongs = new Promise((resolve) => server[1].once('pong', resolve));
    const closed = once(silent, 'close');
    vi.advanceTimersByTime(INTERVAL_MS);
    await pongs;
    vi.advanceTimersByTime(INTERVAL_MS);
    await closed;
    expect(live.readyState).toBe(WebSocket.OPEN);
  });
});
