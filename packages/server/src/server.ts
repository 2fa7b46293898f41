/**
 * One process, one port: the web app over HTTP and the game server over a WebSocket at /ws.
 * Rooms not yet over are rebuilt from the store before the port opens, so a restarted
 * server (even after SIGKILL) continues every game exactly where its action log ends.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_MESSAGE_BYTES } from '@hanafuda/protocol';
import { WebSocketServer } from 'ws';
import { httpHandler } from './http.js';
import { Rooms } from './rooms.js';
import { SearchPool } from './search/pool.js';
import { DEFAULT_LIMITS, Session, type SessionLimits } from './session.js';
import type { Store } from './store/store.js';

export interface ServerOptions {
  readonly store: Store;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** The built web app (packages/web/dist); null serves none. */
  readonly webDir?: string | null;
  readonly botDelayMs?: number;
  /** Fixes every new game's seed (tests, benchmarks); a real server draws 256 random bits per game. */
  readonly seed?: () => string;
  readonly limits?: SessionLimits;
  /** Threads for the bots' and hints' searches (default: one per core, less one). */
  readonly searchThreads?: number;
  readonly log?: (line: string) => void;
}

export interface RunningServer {
  readonly url: string;
  readonly wsUrl: string;
  readonly rooms: Rooms;
  readonly restored: number;
  close(): Promise<void>;
}

/** A message past this is not read at all (the connection is closed); between MAX_MESSAGE_BYTES and this it is refused with an error. */
const HARD_PAYLOAD_LIMIT = 4 * MAX_MESSAGE_BYTES;
/** A client that does not read its messages is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/**
 * Connections waiting to be accepted: a thousand games' players connecting at once must not
 * be reset. Node's default is 511; Linux caps this at net.core.somaxconn (4096 since 5.4).
 */
const LISTEN_BACKLOG = 4096;

/** A message sent to many sockets (a spectators' update, a room's state) is serialised once. */
const serialised = new WeakMap<object, string>();
function serialise(message: object): string {
  let text = serialised.get(message);
  if (text === undefined) serialised.set(message, (text = JSON.stringify(message)));
  return text;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const searches = new SearchPool(options.searchThreads);
  const rooms = new Rooms({ store: options.store, botDelayMs: options.botDelayMs ?? 0, seed: options.seed, decide: searches.decide, log });
  const restored = await rooms.restoreAll();
  const http = createServer(httpHandler(rooms, options.store, options.webDir ?? null, log));
  const wss = new WebSocketServer({ server: http, path: '/ws', maxPayload: HARD_PAYLOAD_LIMIT });

  wss.on('connection', (socket) => {
    const session = new Session(
      rooms,
      (message) => {
        if (socket.readyState !== socket.OPEN) return;
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.close(1008, 'not reading');
        else socket.send(serialise(message));
      },
      (reason) => socket.close(1008, reason),
      options.limits ?? DEFAULT_LIMITS,
    );
    // Messages are handled one after another, in order.
    let queue = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      queue = queue.then(() => session.receive(text)).catch((e: Error) => log(`session: ${e.message}`));
    });
    socket.on('close', () => {
      queue = queue.then(() => session.closed());
    });
    socket.on('error', (e) => log(`socket: ${e.message}`));
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1', backlog: LISTEN_BACKLOG }, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  return {
    url,
    wsUrl: `ws://${host}:${address.port}/ws`,
    rooms,
    restored,
    async close() {
      rooms.close();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await searches.close();
    },
  };
}
