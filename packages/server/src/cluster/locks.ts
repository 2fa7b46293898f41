/**
 * Which process owns a live room, decided by PostgreSQL alone: the owner holds a session-level
 * advisory lock on the room, on a connection of its own. A process that dies loses its
 * connection, and with it every lock, by itself; another then takes the rooms over. The
 * owner of a room is read from `pg_locks` (the lock's connection is named after its process),
 * so there is no second record of ownership to go stale.
 */
import pg from 'pg';

/** The advisory locks' first key: rooms, apart from the schema lock (7007) and others' locks. */
const ROOM_LOCKS = 7015;
const NAME_PREFIX = 'hanafuda-server ';

export interface RoomClaims {
  /** Takes the room's lock; false if another process holds it. */
  claim(id: string): Promise<boolean>;
  /** Gives the room's lock back (the room ended, was evicted, or is handed over). */
  release(id: string): Promise<void>;
  /** Takes every live room nobody holds (a dead owner's, or all of them at the first start); answers their ids. */
  claimOrphans(): Promise<string[]>;
}

export class PgRoomLocks implements RoomClaims {
  private client: pg.Client | null = null;
  private readonly held = new Set<string>();
  /** Lock queries one at a time, in order, on the one connection that holds the locks. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly url: string,
    /** This process, as other processes find it as a room's owner. */
    readonly nodeId: string,
    /** The connection broke and a lock could not be taken back: another process may own the room now. */
    private readonly onLost: (ids: string[]) => void,
    private readonly log: (line: string) => void,
  ) {}

  static async open(url: string, nodeId: string, onLost: (ids: string[]) => void, log: (line: string) => void): Promise<PgRoomLocks> {
    const locks = new PgRoomLocks(url, nodeId, onLost, log);
    await locks.connect();
    return locks;
  }

  claim(id: string): Promise<boolean> {
    return this.serially(async (c) => {
      if (this.held.has(id)) return true;
      const { rows } = await c.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [ROOM_LOCKS, id]);
      if (rows[0].ok) this.held.add(id);
      return rows[0].ok as boolean;
    });
  }

  release(id: string): Promise<void> {
    return this.serially(async (c) => {
      if (!this.held.delete(id)) return;
      await c.query('SELECT pg_advisory_unlock($1, hashtext($2))', [ROOM_LOCKS, id]);
    });
  }

  claimOrphans(): Promise<string[]> {
    return this.serially(async (c) => {
      // Materialised first, so that no lock is tried on a room this process holds already (locks count up).
      const { rows } = await c.query(
        `WITH live AS MATERIALIZED (SELECT id FROM rooms WHERE status <> 'over' AND status <> 'abandoned' AND NOT (id = ANY($2::text[])) ORDER BY created_at)
         SELECT id FROM live WHERE pg_try_advisory_lock($1, hashtext(id))`,
        [ROOM_LOCKS, [...this.held]],
      );
      const ids = rows.map((r: { id: string }) => r.id);
      for (const id of ids) this.held.add(id);
      return ids;
    });
  }

  /** The process holding the room's lock, or null if none does. */
  async ownerOf(id: string): Promise<string | null> {
    if (this.held.has(id)) return this.nodeId;
    return this.serially(async (c) => {
      const { rows } = await c.query(
        `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1 AND l.objid = hashtext($2)::oid AND l.objsubid = 2`,
        [ROOM_LOCKS, id],
      );
      const name = rows[0]?.name as string | undefined;
      return name?.startsWith(NAME_PREFIX) ? name.slice(NAME_PREFIX.length) : null;
    });
  }

  holds(id: string): boolean {
    return this.held.has(id);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue.catch(() => undefined);
    this.held.clear();
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: `${NAME_PREFIX}${this.nodeId}`, keepAlive: true, connectionTimeoutMillis: 10_000 });
    client.on('error', (e) => this.broken(client, e));
    client.on('end', () => this.broken(client, new Error('the connection ended')));
    await client.connect();
    this.client = client;
  }

  /** The lock connection broke (PostgreSQL restarted, a network fault): reconnect and take every lock back. */
  private broken(client: pg.Client, e: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.log(`cluster: the room-lock connection broke (${e.message}); reconnecting to take this process's ${this.held.size} room lock(s) back`);
    const retry = (delayMs: number) =>
      setTimeout(async () => {
        if (this.closed) return;
        try {
          await this.connect();
        } catch {
          retry(Math.min(delayMs * 2, 5000));
          return;
        }
        const lost: string[] = [];
        for (const id of [...this.held]) {
          this.held.delete(id);
          if (!(await this.claim(id).catch(() => false))) lost.push(id);
        }
        if (lost.length > 0) this.onLost(lost);
        else this.log('cluster: room locks taken back');
      }, delayMs).unref();
    retry(200);
  }

  private serially<T>(task: (client: pg.Client) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (!this.client) throw new Error('the room-lock connection is down');
      return task(this.client);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
