/**
 * One process, one port: the web app over HTTP and the game server over a WebSocket at /ws.
 * Rooms not yet over are rebuilt from the store before the port opens, so a restarted
 * server (even after SIGKILL) continues every game exactly where its action log ends.
 */
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOSE_RESTARTING, MAX_MESSAGE_BYTES, errorMessage } from '@hanafuda/protocol';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { DEFAULT_EVICTION, type EvictionOptions, evictAbandoned } from './rooms/eviction.js';
import { DEFAULT_HEARTBEAT_MS, DEFAULT_PAGE_SILENCE_MS, startHeartbeat } from './socket/heartbeat.js';
import { httpHandler, json, jsonBody } from './http/http.js';
import { Admission, type ConnectionLimits, DEFAULT_CONNECTION_LIMITS } from './limits/limits.js';
import type { Slot } from './limits/slot.js';
import { corkedAtMostEvery, tickCorked } from './socket/corked.js';
import { type ClientAddress, clientAddress, viaHttps } from './limits/client-address.js';
import { hostCheck, hostRefusal, originCheck } from './socket/origin.js';
import { pacedUpgrades } from './socket/paced-upgrades.js';
import { ByteBudget } from './limits/rate-limit.js';
import { RedisLedger } from './limits/address-ledger.js';
import { Placement } from './rooms/placement.js';
import type { RoomOptions } from './rooms/room.js';
import { Rooms } from './rooms/rooms.js';
import { SearchPool } from './search/pool.js';
import { DEFAULT_LIMITS, type Pace, Session, type SessionLimits, actionPaths } from './socket/session.js';
import { TurnPacer } from './socket/turn-pacer.js';
import type { Store } from './store/store.js';
import { DEFAULT_RETRY_DELAYS_MS, withRetries } from './store/retry.js';
import type { RecoveryOptions } from './rooms/recovery.js';
import { type Cluster, type ClusterOptions, openCluster } from './cluster/cluster.js';
import { type Log, openLog } from './ops/log.js';
import type { RatedResult } from './ratings/result.js';
import { ServerMetrics } from './ops/metrics.js';
import { StartupProblem, listenProblem } from './ops/startup.js';
import type { Identity } from './accounts/identity.js';
import { startAccounts } from './accounts/start.js';
import { startClusterLobby, startLocalLobby } from './lobby/start.js';
import { rateAndTell } from './ratings/message.js';
import { Ratings } from './ratings/ratings.js';

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
  /** Sockets in all and per address, rooms, joins and hints, the idle timeout. */
  readonly connectionLimits?: Partial<ConnectionLimits>;
  /** How often the open sockets' sessions are checked for an end or a ban (accounts/socket-watch.ts; default 10 s). */
  readonly sessionCheckMs?: number;
  /** When rooms nobody is in are abandoned. */
  readonly eviction?: Partial<EvictionOptions>;
  /** How often every socket is pinged; one that misses a ping is closed and its seat shows away. */
  readonly heartbeatMs?: number;
  /** A socket that sent `ping` messages and then none for this long is closed (its page's script no longer runs). */
  readonly pageSilenceMs?: number;
  /** A page that answers heartbeats is sent one this often, and closed after `pageHeartbeatSilenceMs` without an answer (its script stopped: a frozen page). */
  readonly pageHeartbeatMs?: number;
  readonly pageHeartbeatSilenceMs?: number;
  /** Threads for the bots' and hints' searches (default: one per core, less one). */
  readonly searchThreads?: number;
  /** Where the server logs (a pino logger); JSON lines on stdout at `info` by default. */
  readonly log?: Log;
  /** Origins (besides the server's own) whose pages may open a WebSocket; `*` for any. */
  readonly allowedOrigins?: readonly string[];
  /** Host names (beyond addresses, localhost and the allowed origins' hosts) the server answers to; `*` for any. */
  readonly allowedHosts?: readonly string[];
  /** Reverse proxies (addresses, CIDRs, `loopback`) whose X-Forwarded-For names the client. */
  readonly trustedProxies?: readonly string[];
  /** Storage outages: the pauses between a write's attempts, and how soon a room retries what a failed write left undone. */
  readonly storage?: { readonly retryDelaysMs?: readonly number[]; readonly recovery?: RecoveryOptions };
  /** Several processes on one PostgreSQL (the store's): each room owned by one, any socket on any (with Redis). */
  readonly cluster?: ClusterOptions;
  /** Serves Prometheus metrics at /metrics on this port of its own (0: a free one), on `host` (127.0.0.1 by default); none when absent. */
  readonly metrics?: { readonly port: number; readonly host?: string };
  /** A rated game ended (its record stored): its result, once per game on the process that held it, as the ratings take it (an operator's or a test's look). */
  readonly onRatedGameEnd?: (result: RatedResult) => void;
}

export interface RunningServer {
  readonly url: string;
  readonly wsUrl: string;
  readonly rooms: Rooms;
  readonly restored: number;
  /** This process among several on one PostgreSQL. */
  readonly nodeId?: string;
  /** Where the metrics are served, when they are. */
  readonly metricsUrl?: string;
  /**
   * Says it is stopping (/api/health answers 503), so that a load balancer sends new players
   * elsewhere; it still plays on, and hands its rooms in play to the other processes of a cluster.
   */
  drain(): void;
  close(): Promise<void>;
}

/**
 * The longest frame read: messages up to this are answered (\`too-large\` past the protocol's
 * 16 KiB), a longer one is never read. As much as a connection may send at once (its byte burst).
 */
export const MAX_FRAME_BYTES = 4 * MAX_MESSAGE_BYTES;
/** A client that does not read its messages is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/**
 * Connections waiting to be accepted: a thousand games' players connecting at once must not
 * be reset. Node's default is 511; Linux caps this at net.core.somaxconn (4096 since 5.4).
 */
const LISTEN_BACKLOG = 4096;

/**
 * Messages entering a room handled per turn of the event loop (a game's start, at its last join,
 * is some 0.3 ms of work): a thousand games opening at once then hold no playing game's action
 * back for long.
 */
const ENTERING_PER_TURN = 8;

/**
 * A message sent to many sockets (the spectators' update, a room's state) is serialised and
 * encoded once: every socket is sent the same bytes (as a text frame), not a string each
 * encodes again.
 */
const serialised = new WeakMap<object, Buffer>();
function serialise(message: object): Buffer {
  let bytes = serialised.get(message);
  if (bytes === undefined) serialised.set(message, (bytes = Buffer.from(JSON.stringify(message))));
  return bytes;
}
const TEXT = { binary: false } as const;

/**
 * How long what a spectator is sent may wait, to leave in one write with what follows it:
 * watchers see every update, in order, a moment late, and a crowd of them costs the server
 * one system call per socket every so often rather than one per update.
 */
const SPECTATOR_WRITE_MS = 500;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const started: Started = [];
  try {
    return await start(options, started);
  } catch (e) {
    // A start that fails part way (a port in use, a store that fails) leaves nothing open: the process can exit.
    for (const stop of started.reverse()) await Promise.resolve(stop()).catch(() => undefined);
    throw e;
  }
}

/** What a start has set going so far, each with how to stop it. */
type Started = (() => unknown)[];

async function start(options: ServerOptions, started: Started): Promise<RunningServer> {
  let log = options.log ?? openLog();
  const metrics = new ServerMetrics();
  const store = metrics.countingActions(
    withRetries(options.store, {
      delaysMs: options.storage?.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      log,
      onRetry: () => metrics.storeRetries.inc(),
      onFailure: () => metrics.storeFailures.inc(),
    }),
  );
  const searches = new SearchPool(options.searchThreads);
  started.push(() => searches.close());
  const cluster: Cluster | null = options.cluster ? await openCluster(options.cluster, log) : null;
  if (cluster) {
    started.push(() => cluster.close());
    log = log.child({ process: cluster.nodeId });
  }
  const ratings = new Ratings(store.sql);
  const roomOptions: RoomOptions = {
    store,
    botDelayMs: options.botDelayMs ?? 0,
    seed: options.seed,
    decide: searches.decide,
    log,
    recovery: options.storage?.recovery,
    onAct: (s) => metrics.actionSeconds.observe(s),
    // A rated game's result moves its members' ratings, and each is told how (ratings/message.ts).
    onRatedGameEnd: (result, room) => {
      options.onRatedGameEnd?.(result);
      rateAndTell(ratings, result, (account, message) => room.tellAccount(account, message)).catch(
        (e: Error) => log.error({ game: result.game, err: e }, 'ratings: a rated game could not be applied'),
      );
    },
  };
  const rooms = new Rooms(roomOptions, cluster?.leases);
  // Where each room lives: here (all of them, on SQLite), or with the process whose lease it is under.
  const placement = new Placement(rooms, roomOptions, cluster?.leases);
  const limits = options.limits ?? DEFAULT_LIMITS;
  const entering = new TurnPacer(ENTERING_PER_TURN);
  const pace: Pace = (task) => entering.run(task);
  started.push(async () => {
    const settled = rooms.idle().catch(() => undefined);
    rooms.close();
    await settled;
  });
  const elsewhere = cluster
    ? await cluster.start(
        placement,
        (send, close, relayed, identity) =>
          new Session(rooms, send, close, limits, undefined, relayed, pace, null, undefined, identity),
      )
    : undefined;
  const lobby = cluster
    ? await startClusterLobby(rooms, store, log, options.cluster!.databaseUrl, cluster.nodeId)
    : await startLocalLobby(rooms, store, log);
  started.push(() => lobby.close());
  const restored = await placement.restoreAll();
  const stopEvicting = evictAbandoned(rooms, { ...DEFAULT_EVICTION, ...options.eviction }, log, () =>
    metrics.evictions.inc(),
  );
  started.push(stopEvicting);
  const hostAllowed = hostCheck(options.allowedHosts, options.allowedOrigins);
  const addressOf = clientAddress(options.trustedProxies);
  // Clustered with Redis, an address's counts are every process's: it gets its allowance once, not once a process.
  const redisUrl = cluster ? options.cluster?.redisUrl : undefined;
  const admission = new Admission(
    { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits },
    redisUrl ? await RedisLedger.open(redisUrl, cluster!.nodeId, log) : undefined,
  );
  started.push(() => admission.close());
  let draining = false;
  const allowed = originCheck(options.allowedOrigins);
  const accounts = startAccounts(
    store.sql,
    {
      secure: viaHttps(options.trustedProxies),
      originAllowed: allowed,
      allowedOrigins: options.allowedOrigins ?? [],
      limit: (req, kind) => admission.accountAction(addressOf(req), kind),
    },
    log,
    { json, jsonBody },
    options.sessionCheckMs,
  );
  started.push(() => accounts.stop());
  const handle = httpHandler(
    rooms,
    store,
    options.webDir ?? null,
    log,
    { hostAllowed, addressOf, admission, secure: viaHttps(options.trustedProxies) },
    () => draining,
    accounts.api,
  );
  // The handler answers its own errors; what escapes it (a guard that threw) ends that request, not the process.
  const http = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      log.error({ err: e, path: req.url }, 'http: an unforeseen error');
      res.destroy();
    });
  });
  const wss = new WebSocketServer({
    noServer: true,
    path: '/ws',
    // A message a little over the protocol's size is read, and refused \`too-large\` as the protocol says; one over
    // this is cut off by its frame's header, before it is read: the connection closes (1009).
    maxPayload: MAX_FRAME_BYTES,
    verifyClient: ({ req }, done) => {
      if (!hostAllowed(req.headers.host)) {
        log.info({ host: req.headers.host }, 'websocket: refused a host that is not allowed');
        return done(false, 421, hostRefusal(req.headers.host ?? ''));
      }
      if (allowed(req)) return done(true);
      log.info({ origin: req.headers.origin }, 'websocket: refused a page of an origin that is not allowed');
      done(false, 403, 'this origin may not connect: see HANAFUDA_ALLOWED_ORIGINS');
    },
  });
  const stopUpgrades = pacedUpgrades(http, wss);
  const stopHeartbeat = startHeartbeat(wss, {
    intervalMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    silentMs: options.pageSilenceMs ?? DEFAULT_PAGE_SILENCE_MS,
    pageIntervalMs: options.pageHeartbeatMs,
    pageSilenceMs: options.pageHeartbeatSilenceMs,
  });
  started.push(stopUpgrades, stopHeartbeat, () => new Promise((resolve) => wss.close(resolve)));

  let connections = 0;
  wss.on('connection', (socket, req) => {
    const client = addressOf(req);
    const conn = (++connections).toString(36);
    // What the socket sends while its address's count is looked up (in Redis when clustered) waits, in order.
    const early: [RawData, boolean][] = [];
    const hold = (data: RawData, isBinary: boolean) => early.push([data, isBinary]);
    const quiet = () => undefined;
    socket.on('message', hold);
    socket.on('error', quiet);
    // Who the socket is: the session its cookie names (a browser's), or nobody (a program's, or a page before its first visit's guest).
    const identity = accounts.identify(req);
    admission
      .admit(client, (message) => {
        // Its place went to a newcomer (the server is full): a seated player, perhaps, coming back.
        socket.send(JSON.stringify(errorMessage('shed', message)));
        socket.close(1013, 'shed');
      })
      .then(async (slot) => {
        const who = await identity;
        socket.off('message', hold);
        socket.off('error', quiet);
        if (!('role' in slot)) {
          socket.send(JSON.stringify(errorMessage(slot.code, slot.message)));
          socket.close(1013, slot.code);
        } else if (socket.readyState !== socket.OPEN) admission.release(slot);
        else {
          serve(socket, req, client, slot, conn, who);
          for (const [data, isBinary] of early) socket.emit('message', data, isBinary);
        }
      })
      .catch((e: Error) => {
        log.error({ conn, err: e }, 'websocket: admission failed');
        socket.close(1011, 'internal');
      });
  });

  /** An admitted socket: its session, its idle timer, its byte budget. */
  const serve = (
    socket: WebSocket,
    req: IncomingMessage,
    client: ClientAddress,
    slot: Slot,
    conn: string,
    identity: Identity | null,
  ) => {
    // The upgrade's own TCP socket, under the WebSocket: the messages of one tick are written in one go.
    const cork = tickCorked(req.socket);
    const corkWatcher = corkedAtMostEvery(req.socket, SPECTATOR_WRITE_MS);
    const routedTo = new URL(req.url ?? '/', 'http://any').searchParams.get('room');
    const session = new Session(
      rooms,
      (message) => {
        if (socket.readyState !== socket.OPEN) return;
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.close(1008, 'not reading');
        else {
          if (session.watching) corkWatcher();
          else cork();
          socket.send(serialise(message), TEXT);
        }
        // The host of a new room has the idle time again to join it.
        if (message.type === 'room-created') armIdle();
      },
      (reason) => socket.close(1008, reason),
      limits,
      admission.quotas(client),
      elsewhere,
      pace,
      routedTo,
      {
        spectate: (roomSpectators) => admission.spectate(slot, roomSpectators),
        seat: () => admission.seat(slot),
        seated: (ok) => admission.seated(slot, ok),
      },
      identity,
      lobby.lobby,
    );
    slot.inLobby = () => session.inOpenRoom;
    // A socket that never enters a room holds a file descriptor for nothing.
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        if (session.inRoom) return;
        // Watching the lobby, or seeking a game, is not idle: looked at again later.
        if (session.inLobby) return armIdle();
        socket.send(
          JSON.stringify(
            errorMessage(
              'idle',
              `closed after ${Math.round(admission.limits.idleMs / 1000)} s without joining, resuming or watching a room`,
            ),
          ),
        );
        socket.close(1008, 'idle');
      }, admission.limits.idleMs).unref();
    };
    armIdle();
    // Messages are handled one after another, in order.
    let queue = Promise.resolve();
    const budget = new ByteBudget(
      admission.limits.bytesPerConnection.burst,
      admission.limits.bytesPerConnection.perSecond,
    );
    socket.on('message', (data, isBinary) => {
      // Past its byte rate, the connection is read no further, and its messages are handled no sooner, than its budget allows:
      // a flood of large messages waits in its own buffers.
      const wait = budget.take(
        Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength,
      );
      const readyAt = Date.now() + wait;
      if (wait > 0) socket.pause();
      const text = isBinary ? '' : data.toString();
      queue = queue
        .then(async () => {
          if (readyAt > Date.now()) {
            await new Promise((resolve) => setTimeout(resolve, readyAt - Date.now()));
            socket.resume();
          }
          await session.receive(text);
        })
        .catch((e: Error) => log.error({ conn, ...session.where, err: e }, 'session: an unforeseen error'));
    });
    // A socket whose session ends (signed out, deleted, banned) is closed.
    const unwatch = accounts.watch(socket, req, identity);
    socket.on('close', () => {
      unwatch();
      clearTimeout(idle);
      admission.release(slot);
      queue = queue.then(() => session.closed());
    });
    socket.on('error', (e) => log.warn({ conn, ...session.where, err: e }, 'socket error'));
  };

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1', backlog: LISTEN_BACKLOG }, () =>
      resolve(),
    );
  });
  started.push(() => new Promise((resolve) => http.close(resolve)));
  let metricsServer: Awaited<ReturnType<ServerMetrics['serve']>> | undefined;
  try {
    if (options.metrics) {
      // Node's process metrics watch the event loop and the GC: only where someone reads them.
      metrics.watch({
        roomStates: () => rooms.all().map((r) => r.status),
        sockets: () => wss.clients.size,
        searchQueue: () => searches.queued,
        acts: () => actionPaths,
        ...(cluster ? { roomsWithoutOwner: () => cluster.leases.ownerless() } : {}),
      });
      metricsServer = await metrics.serve(options.metrics.host ?? '127.0.0.1', options.metrics.port);
    }
  } catch (e) {
    throw new StartupProblem(
      `metrics: ${listenProblem(e as Error, options.metrics!.host ?? '127.0.0.1', options.metrics!.port).replace(/--port or PORT/g, '--metrics-port')}`,
    );
  }
  const address = http.address() as AddressInfo;
  // Stopping, every room in play goes to the other processes while this one still relays its players there (cluster/relay.ts).
  let handingOver: Promise<void> | undefined;
  const handOver = async () => {
    const handed = await elsewhere
      ?.handOverAll()
      .catch((e: Error) => (log.warn({ err: e }, 'cluster: handing the rooms over failed'), 0));
    if (handed)
      log.info({ rooms: handed }, 'cluster: handed rooms over to the other processes before stopping');
  };
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  return {
    url,
    wsUrl: `ws://${host}:${address.port}/ws`,
    rooms,
    restored,
    ...(cluster ? { nodeId: cluster.nodeId } : {}),
    ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
    drain() {
      draining = true;
      handingOver ??= handOver();
    },
    async close() {
      draining = true;
      // Rooms made here while draining (a socket the load balancer sent here before it took this process out) go too.
      await (handingOver ??= handOver());
      await handOver();
      await metricsServer?.close();
      stopEvicting();
      stopHeartbeat();
      stopUpgrades();
      entering.stop();
      const settled = rooms.idle().catch(() => undefined);
      rooms.close();
      // A client may dial again at once, to another process (the web app does).
      for (const client of wss.clients) client.close(CLOSE_RESTARTING, 'the server process is stopping');
      // No write of a stopped room is still under way when another process takes it over from its log.
      await settled;
      // This process's seeks end with it (before its lease: it is still alive to the others meanwhile).
      await lobby.close();
      // The rooms go to the other processes before anything else is awaited: a connection that is
      // slow to end must not keep them here, owned by a process that no longer plays them.
      await cluster?.close();
      // A client that has not answered the close by now (a frozen page) is cut off.
      for (const client of wss.clients) client.terminate();
      const socketsClosed = new Promise<void>((resolve) => wss.close(() => resolve()));
      const httpClosed = new Promise<void>((resolve) => http.close(() => resolve()));
      // A request still under way (an upgrade that came in as the process stopped) is cut too.
      http.closeAllConnections();
      await socketsClosed;
      await httpClosed;
      await searches.close();
      await admission.close();
    },
  };
}
