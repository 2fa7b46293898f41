/**
 * `npm start`: the web app and the game server on one port, SQLite under data/ unless
 * DATABASE_URL names a PostgreSQL database.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from './server.js';
import { openStore } from './store/open.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');

const USAGE = `hanafuda-server: the web app and the game server on one port

usage: hanafuda-server [--host 127.0.0.1] [--port 8080] [--data DIR] [--web DIR]

environment:
  DATABASE_URL           postgres://… to store games in PostgreSQL (default: SQLite in DIR/hanafuda.sqlite)
  PORT, HOST             as --port and --host
  HANAFUDA_BOT_DELAY_MS  pause before each bot move, so people can follow (default 700)
  HANAFUDA_HEARTBEAT_MS  how often each connection is pinged; one that misses a ping is closed (default 10000)
  HANAFUDA_FIXED_SEED    tests only: every new game gets this seed (never on a real server)`;

export async function main(argv: string[]): Promise<number | undefined> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: { host: { type: 'string' }, port: { type: 'string' }, data: { type: 'string' }, web: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
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
  const heartbeatMs = env.HANAFUDA_HEARTBEAT_MS ? Number(env.HANAFUDA_HEARTBEAT_MS) : undefined;
  if (heartbeatMs !== undefined && !(Number.isInteger(heartbeatMs) && heartbeatMs >= 100)) {
    console.error(`hanafuda-server: HANAFUDA_HEARTBEAT_MS must be a whole number of milliseconds, at least 100 (not "${env.HANAFUDA_HEARTBEAT_MS}")`);
    return 2;
  }
  const dataDir = resolve(args.data ?? env.HANAFUDA_DATA ?? join(ROOT, 'data'));
  const webDir = resolve(args.web ?? env.HANAFUDA_WEB ?? join(ROOT, 'packages/web/dist'));
  const store = await openStore({ databaseUrl: env.DATABASE_URL || undefined, sqliteFile: join(dataDir, 'hanafuda.sqlite') });
  const fixedSeed = env.HANAFUDA_FIXED_SEED;
  if (fixedSeed) console.warn('hanafuda-server: HANAFUDA_FIXED_SEED is set: every game has the same, known seed (for tests only)');
  const server = await startServer({
    store,
    host: args.host ?? env.HOST ?? '127.0.0.1',
    port,
    webDir,
    botDelayMs: Number(env.HANAFUDA_BOT_DELAY_MS ?? 700),
    ...(heartbeatMs !== undefined ? { heartbeatMs } : {}),
    seed: fixedSeed ? () => fixedSeed : undefined,
  });
  console.log(`hanafuda-server: ${server.url} (game server at ${server.wsUrl}; ${store.kind === 'sqlite' ? `SQLite in ${dataDir}` : 'PostgreSQL'})`);
  if (server.restored > 0) console.log(`hanafuda-server: resumed ${server.restored} unfinished room(s)`);
  if (!existsSync(join(webDir, 'index.html'))) console.log(`hanafuda-server: no web app in ${webDir} yet: build it with "npm run build -w @hanafuda/web"`);
  const stop = async () => {
    await server.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}
