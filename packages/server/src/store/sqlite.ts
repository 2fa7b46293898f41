/** The embedded store: one SQLite file (WAL), through better-sqlite3. */
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Action } from '@hanafuda/engine';
import type { RoomStatus } from '@hanafuda/protocol';
import { TABLES, nameKey } from './schema.js';
import type { FinishedGame, HistoryEntry, Store, StoredRoom, StoredSeat } from './store.js';
import { finishedFromRow, historyFromRow, roomFromRow } from './rows.js';
import { checkWritable } from './writable.js';
import { GroupCommit } from './group-commit.js';

const APPEND_ONLY = ['UPDATE', 'DELETE'].map(
  (op) => `CREATE TRIGGER IF NOT EXISTS actions_no_${op.toLowerCase()} BEFORE ${op} ON actions BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END`,
);

export function openSqlite(file: string): Store {
  if (file !== ':memory:') checkWritable(dirname(file), file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: a committed action survives the process being killed and the machine losing power.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  for (const sql of [...TABLES, ...APPEND_ONLY]) db.exec(sql);

  const insertRoom = db.prepare('INSERT INTO rooms (id, setup, host_token_hash, seats, status, seed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const updateRoom = db.prepare('UPDATE rooms SET seats = ?, status = ? WHERE id = ?');
  const insertAction = db.prepare('INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)');
  const selectActions = db.prepare('SELECT action FROM actions WHERE game_id = ? ORDER BY seq');
  const selectLive = db.prepare("SELECT * FROM rooms WHERE status <> 'over' AND status <> 'abandoned' ORDER BY created_at");
  const abandon = db.prepare("UPDATE rooms SET status = 'abandoned' WHERE id = ?");
  const selectRoom = db.prepare('SELECT * FROM rooms WHERE id = ?');
  const insertGame = db.prepare('INSERT INTO games (game_id, record, fairness, players, summary, finished_at) VALUES (?, ?, ?, ?, ?, ?)');
  const insertPlayer = db.prepare('INSERT INTO game_players (game_id, seat, name_key) VALUES (?, ?, ?)');
  const selectGame = db.prepare('SELECT * FROM games WHERE game_id = ?');
  const selectHistory = db.prepare(
    'SELECT g.*, p.seat FROM game_players p JOIN games g ON g.game_id = p.game_id WHERE p.name_key = ? ORDER BY g.finished_at DESC LIMIT ?',
  );
  const finish = (game: FinishedGame) => {
    insertGame.run(game.gameId, JSON.stringify(game.record), JSON.stringify(game.fairness), JSON.stringify(game.players), JSON.stringify(game.summary), game.finishedAt);
    game.players.forEach((name, seat) => {
      if (name !== null) insertPlayer.run(game.gameId, seat, nameKey(name));
    });
    db.prepare("UPDATE rooms SET status = 'over' WHERE id = ?").run(game.gameId);
  };
  // Writes wait for the end of the event loop's turn and share one transaction (one fsync).
  const group = new GroupCommit(db);

  return {
    kind: 'sqlite',
    createRoom(room: StoredRoom) {
      return group.write(() => insertRoom.run(room.id, JSON.stringify(room.setup), room.hostTokenHash, JSON.stringify(room.seats), room.status, room.seed, room.createdAt));
    },
    updateRoom(id: string, seats: readonly StoredSeat[], status: RoomStatus) {
      return group.write(() => updateRoom.run(JSON.stringify(seats), status, id));
    },
    appendAction(gameId: string, seq: number, action: Action) {
      return group.write(() => insertAction.run(gameId, seq, JSON.stringify(action)));
    },
    async actions(gameId: string) {
      return (selectActions.all(gameId) as { action: string }[]).map((r) => JSON.parse(r.action) as Action);
    },
    async liveRooms() {
      return (selectLive.all() as Record<string, unknown>[]).map(roomFromRow);
    },
    async abandonRoom(id: string) {
      abandon.run(id);
    },
    async room(id: string) {
      const row = selectRoom.get(id) as Record<string, unknown> | undefined;
      return row ? roomFromRow(row) : null;
    },
    finishGame(game: FinishedGame) {
      return group.write(() => finish(game));
    },
    async finishedGame(gameId: string) {
      const row = selectGame.get(gameId) as Record<string, unknown> | undefined;
      return row ? finishedFromRow(row) : null;
    },
    async history(name: string, limit = 50): Promise<HistoryEntry[]> {
      return (selectHistory.all(nameKey(name), limit) as Record<string, unknown>[]).map(historyFromRow);
    },
    async close() {
      group.flush();
      db.close();
    },
  };
}
