/**
 * The embedded store: one SQLite file (WAL), through Node's node:sqlite. Writes go to a writer
 * thread (store/sqlite-writer.ts) in group commits, so their fsyncs never hold the event loop.
 */
import { dirname } from 'node:path';
import type { Action } from '@hanafuda/engine';
import type { RoomStatus } from '@hanafuda/protocol';
import { LIVE, nameKey } from './schema.js';
import { migrateSqlite } from './migrations.js';
import type { FinishedGame, HistoryEntry, Store, StoredRoom, StoredSeat, TurnClock } from './store.js';
import { clockFromRow, finishedFromRow, historyFromRow, roomFromRow } from './rows.js';
import { checkWritable } from './writable.js';
import { GroupCommit } from './group-commit.js';
import {
  type SqliteSync,
  commitBatch,
  configureWriter,
  prepareWrites,
  type WriteOp,
} from './sqlite-writes.js';
import { SqliteWriterThread } from './sqlite-writer-thread.js';
import { sqliteSql } from './sql.js';
import { openDatabase } from './sqlite-db.js';
import type { Log } from '../ops/log.js';

export function openSqlite(file: string, log?: Log, sync: SqliteSync = 'full'): Store {
  const inMemory = file === ':memory:';
  if (!inMemory) checkWritable(dirname(file), file);
  const db = openDatabase(file);
  configureWriter(db, sync);
  let migrated;
  try {
    migrated = migrateSqlite(db, file);
  } catch (e) {
    db.close();
    throw e;
  }
  if (migrated.from !== migrated.to) log?.info(migrated, 'storage: the SQLite schema was upgraded');

  // On a file, the writer thread owns the writing connection from here on. This connection
  // only reads, which WAL lets it do beside the writer without waiting, and a read begun after
  // a write was acknowledged sees it (acknowledged = committed). An in-memory database lives
  // in this one connection, so there the same writes run here.
  const writer = inMemory ? null : new SqliteWriterThread(file, log, sync);
  const runHere = inMemory ? prepareWrites(db) : null;
  const group = new GroupCommit<WriteOp>(
    writer?.commit ?? (async (batch) => commitBatch(db, runHere!, batch)),
  );

  const selectActions = db.prepare('SELECT action FROM actions WHERE game_id = ? ORDER BY seq');
  // Rows as arrays: a game's log is read a row a move, and node:sqlite makes an object per row far slower (docs/experiments/node-24-log.md).
  selectActions.setReturnArrays(true);
  const selectLive = db.prepare(`SELECT * FROM rooms WHERE ${LIVE} ORDER BY created_at`);
  const selectRoom = db.prepare('SELECT * FROM rooms WHERE id = ?');
  const selectClock = db.prepare('SELECT * FROM turn_clocks WHERE room_id = ?');
  const selectGame = db.prepare('SELECT * FROM games WHERE game_id = ?');
  const selectHistory = db.prepare(
    'SELECT g.*, p.seat FROM game_players p JOIN games g ON g.game_id = p.game_id WHERE p.name_key = ? ORDER BY g.finished_at DESC LIMIT ?',
  );

  return {
    kind: 'sqlite',
    // Beside the writer thread: these writes are few (an account, a seek), and wait for its lock (the busy timeout of store/sqlite-db.ts).
    sql: sqliteSql(db),
    createRoom: (room: StoredRoom) => group.write({ op: 'createRoom', room }),
    updateRoom: (id: string, seats: readonly StoredSeat[], status: RoomStatus) =>
      group.write({ op: 'updateRoom', id, seats, status }),
    appendAction: (gameId: string, seq: number, action: Action) =>
      group.write({ op: 'appendAction', gameId, seq, action }),
    abandonRoom: (id: string) => group.write({ op: 'abandonRoom', id }),
    setRematch: (id: string, seats: readonly number[] | null) => group.write({ op: 'setRematch', id, seats }),
    setTurnClock: (id: string, clock: TurnClock) => group.write({ op: 'setTurnClock', id, clock }),
    async turnClock(id: string) {
      const row = selectClock.get(id) as Record<string, unknown> | undefined;
      return row ? clockFromRow(row) : null;
    },
    finishGame: (game: FinishedGame) => group.write({ op: 'finishGame', game }),
    async actions(gameId: string) {
      return (selectActions.all(gameId) as unknown as [string][]).map(
        ([action]) => JSON.parse(action) as Action,
      );
    },
    async liveRooms() {
      return (selectLive.all() as Record<string, unknown>[]).map(roomFromRow);
    },
    async room(id: string) {
      const row = selectRoom.get(id) as Record<string, unknown> | undefined;
      return row ? roomFromRow(row) : null;
    },
    async finishedGame(gameId: string) {
      const row = selectGame.get(gameId) as Record<string, unknown> | undefined;
      return row ? finishedFromRow(row) : null;
    },
    async history(name: string, limit = 50): Promise<HistoryEntry[]> {
      return (selectHistory.all(nameKey(name), limit) as Record<string, unknown>[]).map(historyFromRow);
    },
    async close() {
      await group.flush();
      await writer?.close();
      db.close();
    },
  };
}
