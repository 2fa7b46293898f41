/** The store for larger installs: PostgreSQL through node-postgres, selected by a connection URL. */
import pg from 'pg';
import type { Action } from '@hanafuda/engine';
import type { RoomStatus } from '@hanafuda/protocol';
import {
  clockFromRow,
  finishedFromRow,
  historyFromRow,
  previousGameRow,
  roomColumns,
  roomFromRow,
} from './rows.js';
import { LIVE, UPSERT_TURN_CLOCK, nameKey } from './schema.js';
import { type Migrated, migratePostgres } from './migrations.js';
import {
  type Fence,
  FencedOut,
  type FinishedGame,
  type HistoryEntry,
  type Store,
  type StoredRoom,
  type StoredSeat,
  type TurnClock,
} from './store.js';
import { type Log, silentLog } from '../ops/log.js';
import { pgTransaction, postgresSql } from './sql.js';

/** The room's row, locked against a takeover until the write commits, if the lease is still the fence's. */
const LEASE_HELD = 'SELECT id FROM rooms WHERE id = $1 AND owner = $2 AND epoch = $3';

export async function openPostgres(url: string, log: Log = silentLog): Promise<Store> {
  // A server that is not PostgreSQL, or does not answer, is an error after 10 s rather than a wait without end.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection that breaks (PostgreSQL restarted) is dropped by the pool and a new one made for the next
  // query; without a listener the 'error' event would end the process.
  pool.on('error', (e) =>
    log.warn({ err: e }, 'storage: a PostgreSQL connection broke; the next query opens a new one'),
  );
  const client = await pool.connect();
  let migrated: Migrated;
  try {
    // Several servers may start at once: one migrates the schema at a time.
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(7007)');
    migrated = await migratePostgres(client);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(true);
    await pool.end();
    throw e;
  }
  client.release();
  if (migrated.from !== migrated.to) log.info(migrated, 'storage: the PostgreSQL schema was upgraded');

  return {
    kind: 'postgres',
    sql: postgresSql(pool),
    async createRoom(room: StoredRoom, fence?: Fence) {
      const values = [...roomColumns(room), fence?.node ?? null, fence?.epoch ?? 0];
      const previous = previousGameRow(room);
      if (previous === null) {
        await pool.query(
          'INSERT INTO rooms (id, setup, host_token_hash, seats, status, seed, created_at, owner, epoch) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
          values,
        );
        return;
      }
      // A rematch's row and the end of its previous game's wait for it are one statement, under the lease of that game's row
      // (which then has no owner: the room is the new row's, leases.ts `whereabouts`).
      const lease = fence ? ' AND owner = $8 AND epoch = $9' : '';
      const created = await pool.query(
        `WITH previous AS (UPDATE rooms SET rematch = NULL, owner = NULL WHERE id = $10${lease} RETURNING id)
         INSERT INTO rooms (id, setup, host_token_hash, seats, status, seed, created_at, owner, epoch) SELECT $1, $2, $3, $4, $5, $6, $7::bigint, $8, $9::bigint FROM previous`,
        [...values, previous],
      );
      if (created.rowCount === 0)
        throw fence ? new FencedOut(previous) : new Error(`room ${room.id}: no game ${previous} to follow`);
    },
    async setRematch(id: string, seats: readonly number[] | null, fence?: Fence) {
      const values = [id, seats === null ? null : JSON.stringify(seats)];
      if (!fence) await pool.query('UPDATE rooms SET rematch = $2 WHERE id = $1', values);
      else if (
        (
          await pool.query('UPDATE rooms SET rematch = $2 WHERE id = $1 AND owner = $3 AND epoch = $4', [
            ...values,
            fence.node,
            fence.epoch,
          ])
        ).rowCount === 0
      )
        throw new FencedOut(id);
    },
    async updateRoom(id: string, seats: readonly StoredSeat[], status: RoomStatus, fence?: Fence) {
      const values = [id, JSON.stringify(seats), status];
      if (!fence) await pool.query('UPDATE rooms SET seats = $2, status = $3 WHERE id = $1', values);
      else if (
        (
          await pool.query(
            'UPDATE rooms SET seats = $2, status = $3 WHERE id = $1 AND owner = $4 AND epoch = $5',
            [...values, fence.node, fence.epoch],
          )
        ).rowCount === 0
      )
        throw new FencedOut(id);
    },
    async setTurnClock(id: string, clock: TurnClock) {
      await pool.query(UPSERT_TURN_CLOCK, [id, clock.seat, clock.seq, clock.deadline]);
    },
    async turnClock(id: string) {
      const { rows } = await pool.query('SELECT * FROM turn_clocks WHERE room_id = $1', [id]);
      return rows.length > 0 ? clockFromRow(rows[0]) : null;
    },
    async appendAction(gameId: string, seq: number, action: Action, fence?: Fence) {
      if (!fence) {
        await pool.query('INSERT INTO actions (game_id, seq, action) VALUES ($1, $2, $3)', [
          gameId,
          seq,
          JSON.stringify(action),
        ]);
        return;
      }
      // The room's row is share-locked with the insert: a takeover (which updates it) waits for this write to commit, then
      // reads the log with it; once the takeover has committed, this finds no row at the fence's epoch and inserts nothing.
      const inserted = await pool.query(
        `WITH lease AS (${LEASE_HELD} FOR SHARE) INSERT INTO actions (game_id, seq, action) SELECT id, $4, $5 FROM lease`,
        [gameId, fence.node, fence.epoch, seq, JSON.stringify(action)],
      );
      if (inserted.rowCount === 0) throw new FencedOut(gameId);
    },
    async actions(gameId: string) {
      const { rows } = await pool.query('SELECT action FROM actions WHERE game_id = $1 ORDER BY seq', [
        gameId,
      ]);
      return rows.map((r: { action: string }) => JSON.parse(r.action) as Action);
    },
    async liveRooms() {
      const { rows } = await pool.query(`SELECT * FROM rooms WHERE ${LIVE} ORDER BY created_at`);
      return rows.map(roomFromRow);
    },
    async abandonRoom(id: string, fence?: Fence) {
      if (!fence) await pool.query("UPDATE rooms SET status = 'abandoned' WHERE id = $1", [id]);
      else if (
        (
          await pool.query(
            "UPDATE rooms SET status = 'abandoned', owner = NULL WHERE id = $1 AND owner = $2 AND epoch = $3",
            [id, fence.node, fence.epoch],
          )
        ).rowCount === 0
      )
        throw new FencedOut(id);
    },
    async room(id: string) {
      const { rows } = await pool.query('SELECT * FROM rooms WHERE id = $1', [id]);
      return rows.length > 0 ? roomFromRow(rows[0]) : null;
    },
    async finishGame(game: FinishedGame, fence?: Fence) {
      await pgTransaction(pool, async (tx) => {
        if (
          fence &&
          (await tx.query(`${LEASE_HELD} FOR UPDATE`, [game.gameId, fence.node, fence.epoch])).rowCount === 0
        )
          throw new FencedOut(game.gameId);
        await tx.query(
          'INSERT INTO games (game_id, record, fairness, players, summary, finished_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [
            game.gameId,
            JSON.stringify(game.record),
            JSON.stringify(game.fairness),
            JSON.stringify(game.players),
            JSON.stringify(game.summary),
            game.finishedAt,
          ],
        );
        for (const [seat, name] of game.players.entries()) {
          if (name !== null)
            await tx.query('INSERT INTO game_players (game_id, seat, name_key) VALUES ($1, $2, $3)', [
              game.gameId,
              seat,
              nameKey(name),
            ]);
        }
        // Its owner keeps the row: a rematch's confirmations are stored under its lease.
        await tx.query("UPDATE rooms SET status = 'over' WHERE id = $1", [game.gameId]);
      });
    },
    async finishedGame(gameId: string) {
      const { rows } = await pool.query('SELECT * FROM games WHERE game_id = $1', [gameId]);
      return rows.length > 0 ? finishedFromRow(rows[0]) : null;
    },
    async history(name: string, limit = 50): Promise<HistoryEntry[]> {
      const { rows } = await pool.query(
        'SELECT g.*, p.seat FROM game_players p JOIN games g ON g.game_id = p.game_id WHERE p.name_key = $1 ORDER BY g.finished_at DESC LIMIT $2',
        [nameKey(name), limit],
      );
      return rows.map(historyFromRow);
    },
    async close() {
      await pool.end();
    },
  };
}
