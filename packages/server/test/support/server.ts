/** Starts an in-process server on a loopback port against a test store. */
import { type RunningServer, type ServerOptions, startServer } from '../../src/index.js';
import { TestClient } from './client.js';
import type { TestStore } from './stores.js';
import { silentLog } from '../../src/log.js';

export async function serve(
  db: TestStore,
  extra: Partial<Pick<ServerOptions, 'seed' | 'limits' | 'heartbeatMs' | 'pageSilenceMs' | 'pageHeartbeatMs' | 'pageHeartbeatSilenceMs'>> = {},
): Promise<RunningServer> {
  return startServer({ store: db.store, port: 0, webDir: null, botDelayMs: 0, log: silentLog, ...extra });
}

/** A client that has created a room with `setup`: answers the room id and the host's token. */
export async function createRoom(server: RunningServer, setup: unknown): Promise<{ host: TestClient; room: string; hostToken: string }> {
  const host = await TestClient.connect(server.wsUrl);
  const created = await host.request({ type: 'create-room', setup }, ['room-created', 'error']);
  if (created.type !== 'room-created') throw new Error(`create-room: ${JSON.stringify(created)}`);
  return { host, room: created.room as string, hostToken: created.hostToken as string };
}

/** A new connection that takes a seat: answers the client and its seat token. */
export async function joinRoom(server: RunningServer, room: string, name: string): Promise<{ client: TestClient; seat: number; token: string }> {
  const client = await TestClient.connect(server.wsUrl);
  const joined = await client.request({ type: 'join', room, name }, ['joined', 'error']);
  if (joined.type !== 'joined') throw new Error(`join: ${JSON.stringify(joined)}`);
  return { client, seat: joined.seat as number, token: joined.token as string };
}

/** Closes a test's clients, then its server and its store, and removes the store's data. */
export async function shutDown(server: RunningServer, db: TestStore, clients: TestClient[] = []): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
  await db.store.close();
  await db.cleanup();
}
