/** Starts an in-process server on a loopback port against a test store. */
import { type RunningServer, type ServerOptions, startServer } from '../../src/index.js';
import { TestClient } from './client.js';
import type { TestStore } from './stores.js';
import { silentLog } from '../../src/ops/log.js';

export async function serve(
  db: TestStore,
  extra: Partial<
    Pick<
      ServerOptions,
      | 'seed'
      | 'botDelayMs'
      | 'limits'
      | 'connectionLimits'
      | 'trustedProxies'
      | 'sessionCheckMs'
      | 'heartbeatMs'
      | 'pageSilenceMs'
      | 'pageHeartbeatMs'
      | 'pageHeartbeatSilenceMs'
      | 'onRatedGameEnd'
      | 'eviction'
    >
  > = {},
): Promise<RunningServer> {
  return startServer({ store: db.store, port: 0, webDir: null, botDelayMs: 0, log: silentLog, ...extra });
}

/** A client that has created a room with `setup`: answers the room id, the host's token and the room's invite and watch keys. */
export async function createRoom(
  server: RunningServer,
  setup: unknown,
): Promise<{ host: TestClient; room: string; hostToken: string; key: string; watchKey: string }> {
  const host = await TestClient.connect(server.wsUrl);
  const created = await host.request({ type: 'create-room', setup }, ['room-created', 'error']);
  if (created.type !== 'room-created') throw new Error(`create-room: ${JSON.stringify(created)}`);
  const keys = created.keys as { invite: string; watch: string };
  return {
    host,
    room: created.room as string,
    hostToken: created.hostToken as string,
    key: keys.invite,
    watchKey: keys.watch,
  };
}

/** A new connection that takes a seat with the room's invite `key`: answers the client and its seat token. */
export async function joinRoom(
  server: RunningServer,
  room: string,
  key: string,
  name: string,
): Promise<{ client: TestClient; seat: number; token: string }> {
  const client = await TestClient.connect(server.wsUrl);
  const joined = await client.request({ type: 'join', room, key, name }, ['joined', 'error']);
  if (joined.type !== 'joined') throw new Error(`join: ${JSON.stringify(joined)}`);
  return { client, seat: joined.seat as number, token: joined.token as string };
}

/** Closes a test's clients, then its server and its store, and removes the store's data. */
export async function shutDown(
  server: RunningServer,
  db: TestStore,
  clients: TestClient[] = [],
): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
  await db.store.close();
  await db.cleanup();
}

/** The room id and invite key of a `room-created` message. */
export const invite = (created: Record<string, unknown>): { room: string; key: string } => ({
  room: created.room as string,
  key: (created.keys as { invite: string }).invite,
});
