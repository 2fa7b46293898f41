/**
 * Which process owns a live room (store/schema.ts, LIVE), decided by PostgreSQL alone, on the row of the room's game
 * now live (the room's own, or a rematch's): the owner's id and the epoch of its lease (a
 * fencing token). Taking a room over is one
 * conditional UPDATE that raises the epoch, so two processes can never both win it, and
 * every later write of the room's old owner (which carries the old epoch) is refused.
 *
 * A process is alive while it holds one advisory lock of its own, on a connection of its own
 * (named after it): one lock per process, not per room, so a cluster holds any number of
 * rooms. A process that dies loses its connection, and with it its lock, by itself; its rooms
 * are then orphans that any other process takes over.
 */
import pg from 'pg';
import { roomFromRow } from '../store/rows.js';
import { LIVE } from '../store/schema.js';
import type { Fence, StoredRoom } from '../store/store.js';
import type { Log } from '../ops/log.js';

/** The advisory locks' first key: processes alive, apart from the schema lock (7007) and others' locks. */
const NODE_LOCKS = 7016;
const NAME_PREFIX = 'hanafuda-server ';
/** The processes alive now: those holding their lock (the lock's connection is named after its process). */
export const ALIVE = `SELECT substr(a.application_name, ${NAME_PREFIX.length + 1}) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
  WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${NODE_LOCKS} AND l.objsubid = 2 AND a.application_name LIKE '${NAME_PREFIX}%'`;

/**
 * A room's rows: its first game's (the room's id) and each rematch's (`<id>_<n>`, naming the
 * room in its setup; migration 3 indexes that while it is live). At most one of them is live,
 * and that one is the room's lease. `$1` is the room's id.
 */
const ROOM_ROWS = "(id = $1 OR (setup::jsonb ->> 'roomId') = $1)";

/** A finished game's row still kept by the process where it ended (migration 5 indexes these by their room's id). */
const KEPT = "status = 'over' AND owner IS NOT NULL";

/** A room taken over by `claimOrphans`: its id, the lease it is now this process's under, and its live game's row as claimed. */
export interface Claimed {
  readonly room: string;
  readonly fence: Fence;
  readonly stored: StoredRoom;
}

/**
 * Where a room is: owned by a live process, or free to take (no owner, or a dead one); or not
 * live (over with nobody waiting for a rematch, abandoned, unknown), perhaps still kept by the
 * live process where its game ended, for its players to see the end (rooms.ts: 10 minutes), or
 * kept by one that has since stopped or died (`keeperGone`: `claimKept` takes it).
 */
export type Whereabouts =
  | { readonly live: false; readonly keptBy?: string; readonly keeperGone?: true }
  | { readonly live: true; readonly owner: string | null };

/** A finished room taken over from a process that is gone: the row of its last game, the lease it is held under now, and when its game ended. */
export interface KeptRoom {
  readonly row: string;
  readonly fence: Fence;
  readonly endedAt: number;
}

export class RoomLeases {
  /** The connection that holds this process's lock (its life is the process's, to the others). */
  private client: pg.Client | null = null;
  /** Claims, releases and look-ups, several at a time (a burst of rooms changing hands must not queue on one connection). */
  private readonly pool: pg.Pool;
  private closed = false;

  private constructor(
    private readonly url: string,
    /** This process, as other processes find it as a room's owner. */
    readonly nodeId: string,
    /** The connection broke and came back: these rooms (of `held`) are not this process's any more. */
    private readonly onLost: (ids: string[]) => void,
    /** The rooms this process holds now, to check after the connection broke. */
    private readonly held: () => string[],
    private readonly log: Log,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 10_000 });
    this.pool.on('error', (e) =>
      log.warn({ err: e }, 'cluster: an ownership query connection broke; the next query opens a new one'),
    );
  }

  static async open(
    url: string,
    nodeId: string,
    onLost: (ids: string[]) => void,
    held: () => string[],
    log: Log,
  ): Promise<RoomLeases> {
    const leases = new RoomLeases(url, nodeId, onLost, held, log);
    await leases.connect();
    return leases;
  }

  /** The fence of a room this process creates: owned from its first write. */
  fenceForNew(): Fence {
    return { node: this.nodeId, epoch: 1 };
  }

  /**
   * Takes the room if it is live and no other live process owns it; answers its new fence, or
   * null. (A room this process owns but does not hold, one handed to it whose word has not come,
   * is taken again under a new epoch: the caller holds no copy of it.)
   */
  claim(id: string): Promise<Fence | null> {
    return this.query(async (c) => {
      const { rows } = await c.query(
        `UPDATE rooms SET owner = $2, epoch = epoch + 1 WHERE ${ROOM_ROWS} AND ${LIVE} AND (owner IS NULL OR owner = $2 OR owner NOT IN (${ALIVE})) RETURNING epoch`,
        [id, this.nodeId],
      );
      return rows.length > 0 ? { node: this.nodeId, epoch: Number(rows[0].epoch) } : null;
    });
  }

  /** Gives a room up (it was evicted, or this process stops): the next process to want it takes it at once. */
  release(id: string, fence: Fence): Promise<void> {
    return this.query(async (c) => {
      await c.query(
        `UPDATE rooms SET owner = NULL WHERE ${ROOM_ROWS} AND owner = $2 AND epoch = $3 AND ${LIVE}`,
        [id, fence.node, fence.epoch],
      );
      // Its finished game is not kept here any more (`whereabouts`).
      await c.query(
        `UPDATE rooms SET owner = NULL WHERE ${ROOM_ROWS} AND ${KEPT} AND owner = $2 AND epoch = $3`,
        [id, fence.node, fence.epoch],
      );
    });
  }

  /**
   * Hands a room this process owns under `fence` straight to process `node`, under a new epoch:
   * the room is never without an owner, so no other process's look for orphans takes it on the
   * way. Answers the epoch `node` holds it under, or null if the lease had moved on.
   */
  handTo(id: string, fence: Fence, node: string): Promise<number | null> {
    return this.query(async (c) => {
      const { rows } = await c.query(
        `UPDATE rooms SET owner = $4, epoch = epoch + 1 WHERE ${ROOM_ROWS} AND owner = $2 AND epoch = $3 AND ${LIVE} RETURNING epoch`,
        [id, fence.node, fence.epoch, node],
      );
      return rows.length > 0 ? Number(rows[0].epoch) : null;
    });
  }

  /** The other processes alive now (a stopping process hands its rooms to them). */
  others(): Promise<string[]> {
    return this.query(async (c) =>
      (
        await c.query(`SELECT DISTINCT node FROM (${ALIVE}) AS alive(node) WHERE node <> $1 ORDER BY node`, [
          this.nodeId,
        ])
      ).rows.map((r) => r.node as string),
    );
  }

  /** Gives every room of this process up at once (a graceful stop, once its rooms are still). */
  releaseAll(): Promise<number> {
    return this.query(
      async (c) =>
        (await c.query(`UPDATE rooms SET owner = NULL WHERE owner = $1 AND ${LIVE}`, [this.nodeId]))
          .rowCount ?? 0,
    );
  }

  /**
   * Takes up to `limit` live rooms free to take (nobody's, or a dead process's) in one
   * statement, and answers each with its row, so that none needs a round-trip of its own to
   * be claimed and read. Processes looking at once split the orphans between them: each skips
   * the rows another is claiming (SKIP LOCKED) instead of waiting for it and finding them
   * taken. Forgets dead processes that own nothing any more.
   */
  claimOrphans(limit: number): Promise<Claimed[]> {
    return this.query(async (c) => {
      const { rows: dead } = await c.query(`SELECT id FROM cluster_nodes WHERE id NOT IN (${ALIVE})`);
      const deadIds = dead.map((r: { id: string }) => r.id);
      const { rows } = await c.query(
        `UPDATE rooms SET owner = $1, epoch = epoch + 1
         WHERE id IN (SELECT id FROM rooms WHERE ${LIVE} AND (owner IS NULL OR owner = ANY($2::text[])) LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [this.nodeId, deadIds, limit],
      );
      if (rows.length < limit && deadIds.length > 0)
        await c.query(
          `DELETE FROM cluster_nodes n WHERE n.id = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.owner = n.id AND ${LIVE})`,
          [deadIds],
        );
      return rows.map((row: Record<string, unknown>) => {
        const stored = roomFromRow(row);
        return {
          room: stored.room ?? stored.id,
          fence: { node: this.nodeId, epoch: Number(row.epoch) },
          stored,
        };
      });
    });
  }

  /** Where the room is now. */
  whereabouts(id: string): Promise<Whereabouts> {
    return this.query(async (c) => {
      const { rows } = await c.query(
        `SELECT owner, owner IN (${ALIVE}) AS alive FROM rooms WHERE ${ROOM_ROWS} AND ${LIVE}`,
        [id],
      );
      if (rows.length > 0) return { live: true, owner: rows[0].alive ? (rows[0].owner as string) : null };
      // A finished game (the first or a rematch) keeps its owner while that process keeps the room (a rematch's start or the room's going clears it).
      const kept = await c.query(
        `SELECT owner, owner IN (${ALIVE}) AS alive FROM rooms WHERE ${ROOM_ROWS} AND ${KEPT}`,
        [id],
      );
      if (kept.rows.length === 0) return { live: false };
      return kept.rows[0].alive
        ? { live: false, keptBy: kept.rows[0].owner as string }
        : { live: false, keeperGone: true };
    });
  }

  /** The store's row of the room's game now live (the room's id, or a rematch's row), or null if none is. */
  liveRow(id: string): Promise<string | null> {
    return this.query(async (c) => {
      const { rows } = await c.query(`SELECT id FROM rooms WHERE ${ROOM_ROWS} AND ${LIVE}`, [id]);
      return rows.length > 0 ? (rows[0].id as string) : null;
    });
  }

  /**
   * Takes a finished room whose game ended at `endedSince` or later, kept by a process that has
   * since stopped or died (or by this one, which does not hold it), so that its players see the end and
   * play again; one conditional UPDATE that raises the epoch, as `claim`. Answers what it took, or null.
   */
  claimKept(id: string, endedSince: number): Promise<KeptRoom | null> {
    return this.query(async (c) => {
      const { rows } = await c.query(
        `UPDATE rooms SET owner = $2, epoch = epoch + 1
         WHERE ${ROOM_ROWS} AND ${KEPT} AND (owner = $2 OR owner NOT IN (${ALIVE})) AND EXISTS (SELECT 1 FROM games g WHERE g.game_id = rooms.id AND g.finished_at >= $3)
         RETURNING id, epoch, (SELECT finished_at FROM games WHERE game_id = rooms.id) AS ended`,
        [id, this.nodeId, endedSince],
      );
      return rows.length > 0
        ? {
            row: rows[0].id as string,
            fence: { node: this.nodeId, epoch: Number(rows[0].epoch) },
            endedAt: Number(rows[0].ended),
          }
        : null;
    });
  }

  /**
   * How many live rooms have no live owner now (none, or a dead process), for the metrics: an
   * alert when rooms stay so. One count on the index of live rooms' owners (migration 4).
   */
  ownerless(): Promise<number> {
    return this.query(async (c) => {
      const { rows } = await c.query(
        `SELECT count(*)::int AS n FROM rooms WHERE ${LIVE} AND (owner IS NULL OR owner NOT IN (${ALIVE}))`,
      );
      return rows[0].n as number;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.end().catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: `${NAME_PREFIX}${this.nodeId}`,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    client.on('error', (e) => this.broken(client, e));
    client.on('end', () => this.broken(client, new Error('the connection ended')));
    await client.connect();
    // Alive first, then known: a process listed in cluster_nodes without its lock is dead.
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [NODE_LOCKS, this.nodeId]);
    await client.query(
      'INSERT INTO cluster_nodes (id, started_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
      [this.nodeId, Date.now()],
    );
    this.client = client;
  }

  /**
   * The connection broke (PostgreSQL restarted, a network fault): meanwhile this process looked
   * dead, and others may have taken some of its rooms over. Reconnect, and drop those.
   */
  private broken(client: pg.Client, e: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.log.warn({ err: e }, 'cluster: the ownership connection broke; reconnecting');
    const retry = (delayMs: number) => setTimeout(() => void reconnect(delayMs), delayMs).unref();
    // Every failure is caught here and retried later: the timer's promise has nothing left to reject.
    const reconnect = async (delayMs: number) => {
      if (this.closed) return;
      try {
        await this.connect();
        const held = this.held();
        // By the row of each room's game now live, or its finished first game's (kept where it ended: nobody takes that over).
        const { rows } = await this.client!.query(
          `SELECT COALESCE(setup::jsonb ->> 'roomId', id) AS id FROM rooms
           WHERE (id = ANY($1::text[]) OR (setup::jsonb ->> 'roomId') = ANY($1::text[])) AND ${LIVE} AND owner = $2`,
          [held, this.nodeId],
        );
        const finished = await this.client!.query(
          "SELECT id FROM rooms WHERE id = ANY($1::text[]) AND status = 'over' AND owner = $2",
          [held, this.nodeId],
        );
        const kept = new Set([...rows, ...finished.rows].map((r: { id: string }) => r.id));
        const lost = held.filter((id) => !kept.has(id));
        if (lost.length > 0) this.onLost(lost);
        this.log.info({ kept: kept.size, lost: lost.length }, 'cluster: ownership connection back');
      } catch {
        retry(Math.min(delayMs * 2, 5000));
      }
    };
    retry(200);
  }

  /** A query of the pool's, while this process is alive to the others (its lock is held); refused while it is not. */
  private query<T>(task: (client: pg.Pool) => Promise<T>): Promise<T> {
    if (!this.client) return Promise.reject(new Error('the ownership connection is down'));
    return task(this.pool);
  }
}
