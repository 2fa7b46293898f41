/**
 * `npm start`: the web app and the game server on one port, SQLite under data/ unless
 * DATABASE_URL names a PostgreSQL database.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from './server.js';
import { admin } from './admin-cli.js';
import { DEFAULT_CONNECTION_LIMITS } from './limits/limits.js';
import { DEFAULT_EVICTION } from './rooms/eviction.js';
import { parseTrustedProxies } from './limits/client-address.js';
import { parseAllowedHosts, parseAllowedOrigins } from './socket/origin.js';
import { databaseProblem, listenProblem } from './ops/startup.js';
import { openStore } from './store/open.js';
import { LOG_LEVELS, isLogLevel, openLog } from './ops/log.js';
import type { Store } from './store/store.js';
import { SQLITE_SYNC_MODES, type SqliteSync } from './store/sqlite-writes.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');

const USAGE = `hanafuda-server: the web app and the game server on one port

usage: hanafuda-server admin …   (the operator's account commands: hanafuda-server admin --help)
       hanafuda-server [--host 127.0.0.1] [--port 8080] [--data DIR] [--web DIR] [--allow-origin LIST] [--allow-host LIST]
                       [--trust-proxy LIST] [--log-level info] [--metrics-port PORT] [--metrics-host 127.0.0.1]

  --data DIR             the data folder: the SQLite database (hanafuda.sqlite) is kept there, made if it is
                         missing (default: data/ in this checkout)
  --web DIR              the built web app to serve (default: packages/web/dist of this checkout)
  --allow-origin LIST    other sites whose pages may open the game's WebSocket: comma-separated origins
                         (https://example.com,https://play.example.com) or * for any; by default only the
                         server's own pages may (programs that send no Origin, like bots, always may)
  --allow-host LIST      host names the server answers to (play.example.com,…) or * for any; addresses and
                         localhost always work, and so do the allowed origins' hosts; any other name in a
                         request's Host is refused with a 421 (a defence against DNS rebinding)
  --trust-proxy LIST     reverse proxies (addresses or CIDRs: 127.0.0.1,10.0.0.0/8, or loopback) whose
                         X-Forwarded-For names the client; the per-address limits then count each client,
                         not the proxy. Without it the header is ignored, and a forwarded request is
                         never spared the limits as a program on this machine is
  --log-level LEVEL      fatal, error, warn, info (default), debug, trace or silent: the log is one JSON
                         object a line on stdout (docs/deploy.md says how to read it)
  --metrics-port PORT    serve Prometheus metrics at http://HOST:PORT/metrics, a port of their own (never the
                         public one: keep it unreachable from the internet); none by default
  --metrics-host HOST    where the metrics port listens (default 127.0.0.1: this machine only)

environment:
  DATABASE_URL           postgres://… to store games in PostgreSQL (default: SQLite in DIR/hanafuda.sqlite)
  REDIS_URL              redis://… (with DATABASE_URL) to run several processes behind one load balancer:
                         each room has one owner, any process accepts any player, and a dead process's
                         rooms are taken over by the others
  PORT, HOST             as --port and --host
  HANAFUDA_DATA          as --data
  HANAFUDA_WEB           as --web
  HANAFUDA_ALLOWED_ORIGINS  as --allow-origin
  HANAFUDA_ALLOWED_HOSTS    as --allow-host
  HANAFUDA_TRUSTED_PROXIES  as --trust-proxy
  HANAFUDA_LOG_LEVEL     as --log-level
  HANAFUDA_METRICS_PORT, HANAFUDA_METRICS_HOST  as --metrics-port and --metrics-host
  HANAFUDA_MAX_CONNECTIONS  WebSockets open at once (default: \`ulimit -n\` less 100, now ${DEFAULT_CONNECTION_LIMITS.maxConnections})
  HANAFUDA_SEATS_PER_ADDRESS  seats one address may sit in at once (default ${DEFAULT_CONNECTION_LIMITS.maxSeatsPerAddress}: a family's phones
                         behind one home router, with room to spare); past it a join is refused too-many-seats
  HANAFUDA_LOBBY_START_MINUTES  a room whose game has not started this many minutes after it was made
                         ends, even with people in it (default ${DEFAULT_EVICTION.lobbyMaxMs / 60_000}: time to share the link and gather)
  HANAFUDA_PAIRED_SECONDS  a room the public lobby made ends this many seconds after it was made if someone
                         it paired has not taken their seat (default ${DEFAULT_EVICTION.pairedMaxMs / 1000}); the others seek again
  HANAFUDA_IPV6_PREFIX   the IPv6 prefix length every per-address limit counts an address by (sockets,
                         spectators, rooms, API requests, guests, sign-ups, …; default
                         ${DEFAULT_CONNECTION_LIMITS.ipv6Prefix}: one home's or phone's block, which may draw a fresh address at will)
  HANAFUDA_BOT_DELAY_MS  pause before each bot move, so people can follow (default 700)
  HANAFUDA_SQLITE_SYNC   full (default): an acknowledged action is on the disk, surviving a power cut;
                         normal: it survives the server being killed, not a power cut, and no move
                         waits for the disk's fsync (use on a disk whose fsyncs stall)
  HANAFUDA_DRAIN_MS      on SIGTERM, how long /api/health answers 503 (so a load balancer takes this process out)
                         while its rooms go to the other processes, before it stops (default 0)
  HANAFUDA_HEARTBEAT_MS  how often each connection is pinged; one that misses a ping is closed (default 10000)
  HANAFUDA_FIXED_SEED    tests only: every new game gets this seed (never on a real server)`;

export async function main(argv: string[]): Promise<number | undefined> {
  if (argv[0] === 'admin') return admin(argv.slice(1), join(ROOT, 'data'));
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        data: { type: 'string' },
        web: { type: 'string' },
        'allow-origin': { type: 'string' },
        'allow-host': { type: 'string' },
        'trust-proxy': { type: 'string' },
        'log-level': { type: 'string' },
        'metrics-port': { type: 'string' },
        'metrics-host': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const env = process.env;
  const port = Number(args.port ?? env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`hanafuda-server: bad port "${args.port ?? env.PORT}"`);
    return 2;
  }
  const origins = parseAllowedOrigins(args['allow-origin'] ?? env.HANAFUDA_ALLOWED_ORIGINS ?? '');
  if (!origins.ok) {
    console.error(`hanafuda-server: --allow-origin / HANAFUDA_ALLOWED_ORIGINS: ${origins.error.message}`);
    return 2;
  }
  const hosts = parseAllowedHosts(args['allow-host'] ?? env.HANAFUDA_ALLOWED_HOSTS ?? '');
  if (!hosts.ok) {
    console.error(`hanafuda-server: --allow-host / HANAFUDA_ALLOWED_HOSTS: ${hosts.error.message}`);
    return 2;
  }
  const proxies = parseTrustedProxies(args['trust-proxy'] ?? env.HANAFUDA_TRUSTED_PROXIES ?? '');
  if (!proxies.ok) {
    console.error(`hanafuda-server: --trust-proxy / HANAFUDA_TRUSTED_PROXIES: ${proxies.error.message}`);
    return 2;
  }
  const logLevel = args['log-level'] ?? env.HANAFUDA_LOG_LEVEL ?? 'info';
  if (!isLogLevel(logLevel)) {
    console.error(
      `hanafuda-server: --log-level / HANAFUDA_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (not "${logLevel}")`,
    );
    return 2;
  }
  const log = openLog(logLevel);
  const metricsPortText = args['metrics-port'] ?? env.HANAFUDA_METRICS_PORT;
  const metricsPort =
    metricsPortText === undefined || metricsPortText === '' ? undefined : Number(metricsPortText);
  if (
    metricsPort !== undefined &&
    !(Number.isInteger(metricsPort) && metricsPort >= 0 && metricsPort <= 65535)
  ) {
    console.error(
      `hanafuda-server: --metrics-port / HANAFUDA_METRICS_PORT must be a port number (not "${metricsPortText}")`,
    );
    return 2;
  }
  const metricsHost = args['metrics-host'] ?? env.HANAFUDA_METRICS_HOST ?? '127.0.0.1';
  const maxConnections = Number(env.HANAFUDA_MAX_CONNECTIONS ?? DEFAULT_CONNECTION_LIMITS.maxConnections);
  if (!Number.isInteger(maxConnections) || maxConnections < 1) {
    console.error(
      `hanafuda-server: HANAFUDA_MAX_CONNECTIONS must be a whole number ≥ 1 (got "${env.HANAFUDA_MAX_CONNECTIONS}")`,
    );
    return 2;
  }
  const maxSeatsPerAddress = Number(
    env.HANAFUDA_SEATS_PER_ADDRESS || DEFAULT_CONNECTION_LIMITS.maxSeatsPerAddress,
  );
  if (!(Number.isInteger(maxSeatsPerAddress) && maxSeatsPerAddress >= 1)) {
    console.error(
      `hanafuda-server: HANAFUDA_SEATS_PER_ADDRESS must be a whole number ≥ 1 (not "${env.HANAFUDA_SEATS_PER_ADDRESS}")`,
    );
    return 2;
  }
  const lobbyMinutes = Number(env.HANAFUDA_LOBBY_START_MINUTES || DEFAULT_EVICTION.lobbyMaxMs / 60_000);
  if (!(lobbyMinutes > 0 && lobbyMinutes <= 7 * 24 * 60)) {
    console.error(
      `hanafuda-server: HANAFUDA_LOBBY_START_MINUTES must be a number of minutes above 0, at most a week (not "${env.HANAFUDA_LOBBY_START_MINUTES}")`,
    );
    return 2;
  }
  const pairedSeconds = Number(env.HANAFUDA_PAIRED_SECONDS || DEFAULT_EVICTION.pairedMaxMs / 1000);
  if (!(pairedSeconds > 0 && pairedSeconds <= 3600)) {
    console.error(
      `hanafuda-server: HANAFUDA_PAIRED_SECONDS must be a number of seconds above 0, at most an hour (not "${env.HANAFUDA_PAIRED_SECONDS}")`,
    );
    return 2;
  }
  const ipv6Prefix = Number(env.HANAFUDA_IPV6_PREFIX || DEFAULT_CONNECTION_LIMITS.ipv6Prefix);
  if (!(Number.isInteger(ipv6Prefix) && ipv6Prefix >= 16 && ipv6Prefix <= 128)) {
    console.error(
      `hanafuda-server: HANAFUDA_IPV6_PREFIX must be a prefix length from 16 to 128 (not "${env.HANAFUDA_IPV6_PREFIX}")`,
    );
    return 2;
  }
  const heartbeatMs = env.HANAFUDA_HEARTBEAT_MS ? Number(env.HANAFUDA_HEARTBEAT_MS) : undefined;
  if (heartbeatMs !== undefined && !(Number.isInteger(heartbeatMs) && heartbeatMs >= 100)) {
    console.error(
      `hanafuda-server: HANAFUDA_HEARTBEAT_MS must be a whole number of milliseconds, at least 100 (not "${env.HANAFUDA_HEARTBEAT_MS}")`,
    );
    return 2;
  }
  const drainMs = Number(env.HANAFUDA_DRAIN_MS ?? 0);
  if (!(Number.isInteger(drainMs) && drainMs >= 0)) {
    console.error(
      `hanafuda-server: HANAFUDA_DRAIN_MS must be a whole number of milliseconds (not "${env.HANAFUDA_DRAIN_MS}")`,
    );
    return 2;
  }
  const sqliteSync = env.HANAFUDA_SQLITE_SYNC || 'full';
  if (!(SQLITE_SYNC_MODES as readonly string[]).includes(sqliteSync)) {
    console.error(
      `hanafuda-server: HANAFUDA_SQLITE_SYNC must be ${SQLITE_SYNC_MODES.join(' or ')} (not "${sqliteSync}")`,
    );
    return 2;
  }
  const dataDir = resolve(args.data ?? env.HANAFUDA_DATA ?? join(ROOT, 'data'));
  const webDir = resolve(args.web ?? env.HANAFUDA_WEB ?? join(ROOT, 'packages/web/dist'));
  const databaseUrl = env.DATABASE_URL || undefined;
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !databaseUrl) {
    console.error(
      'hanafuda-server: REDIS_URL needs DATABASE_URL: several processes share one PostgreSQL database (SQLite is for one process)',
    );
    return 2;
  }
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    console.error(
      `hanafuda-server: REDIS_URL must be a redis:// or rediss:// URL (got "${redisUrl.split(':')[0]}:…")`,
    );
    return 2;
  }
  const fail = (problem: string) => {
    console.error(`hanafuda-server: ${problem}`);
    return 1;
  };
  let store: Store;
  try {
    store = await openStore({
      databaseUrl,
      sqliteFile: join(dataDir, 'hanafuda.sqlite'),
      sqliteSync: sqliteSync as SqliteSync,
      log,
    });
  } catch (e) {
    return fail(
      databaseUrl && /^postgres(ql)?:/.test(databaseUrl)
        ? databaseProblem(e as Error, databaseUrl)
        : (e as Error).message,
    );
  }
  const fixedSeed = env.HANAFUDA_FIXED_SEED;
  if (fixedSeed)
    log.warn(
      'hanafuda-server: HANAFUDA_FIXED_SEED is set: every game has the same, known seed (for tests only)',
    );
  const host = args.host ?? env.HOST ?? '127.0.0.1';
  let server;
  try {
    server = await startServer({
      store,
      log,
      host,
      port,
      webDir,
      botDelayMs: Number(env.HANAFUDA_BOT_DELAY_MS ?? 700),
      ...(heartbeatMs !== undefined ? { heartbeatMs } : {}),
      seed: fixedSeed ? () => fixedSeed : undefined,
      allowedOrigins: origins.value,
      allowedHosts: hosts.value,
      trustedProxies: proxies.value,
      connectionLimits: { maxConnections, maxSeatsPerAddress, ipv6Prefix },
      // Looked at ten times within the shorter bound, so a short one (a test's) is kept to as closely as the default.
      eviction: {
        lobbyMaxMs: Math.round(lobbyMinutes * 60_000),
        pairedMaxMs: Math.round(pairedSeconds * 1000),
        sweepMs: Math.min(
          DEFAULT_EVICTION.sweepMs,
          Math.round(lobbyMinutes * 6_000),
          Math.round(pairedSeconds * 100),
        ),
      },
      ...(metricsPort !== undefined ? { metrics: { port: metricsPort, host: metricsHost } } : {}),
      ...(store.kind === 'postgres'
        ? { cluster: { databaseUrl: databaseUrl!, ...(redisUrl ? { redisUrl } : {}) } }
        : {}),
    });
  } catch (e) {
    await store.close();
    return fail(listenProblem(e as Error, host, port));
  }
  const where =
    store.kind === 'sqlite'
      ? `SQLite in ${dataDir}`
      : `PostgreSQL${redisUrl ? `, Redis: process ${server.nodeId} of a cluster` : ''}`;
  log.info(
    { url: server.url, ws: server.wsUrl, store: where, restored: server.restored },
    `hanafuda-server: ${server.url} (game server at ${server.wsUrl}; ${where})`,
  );
  if (server.metricsUrl)
    log.info({ metrics: server.metricsUrl }, `hanafuda-server: metrics at ${server.metricsUrl}`);
  if (!existsSync(join(webDir, 'index.html')))
    log.warn(`hanafuda-server: no web app in ${webDir} yet: build it with "npm run build -w @hanafuda/web"`);
  const stop = async () => {
    server.drain();
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await server.close();
    await store.close();
    process.exit(0);
  };
  const stopOrFail = () =>
    void stop().catch((e: Error) => {
      log.error({ err: e }, 'hanafuda-server: could not stop cleanly');
      process.exit(1);
    });
  process.once('SIGINT', stopOrFail);
  process.once('SIGTERM', stopOrFail);
  return undefined;
}
