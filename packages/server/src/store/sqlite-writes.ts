/**
 * Every write of the SQLite store, as plain data (so it can be posted to the writer thread)
 * and its one SQL definition, plus the group transaction that runs a batch of them.
 */
import { type Database, pragma, transaction } from './sqlite-db.js';
import type { Action } from '@hanafuda/engine';
import type { RoomStatus } from '@hanafuda/protocol';
import { previousGameRow, roomColumns } from './rows.js';
import { UPSERT_TURN_CLOCK, nameKey } from './schema.js';
import type { FinishedGame, StoredRoom, StoredSeat, TurnClock } from './store.js';

export type WriteOp =
  | { readonly op: 'createRoom'; readonly room: StoredRoom }
  | {
      readonly op: 'updateRoom';
      readonly id: string;
      readonly seats: readonly StoredSeat[];
      readonly status: RoomStatus;
    }
  | { readonly op: 'appendAction'; readonly gameId: string; readonly seq: number; readonly action: Action }
  | { readonly op: 'abandonRoom'; readonly id: string }
  | { readonly op: 'setRematch'; readonly id: string; readonly seats: readonly number[] | null }
  | { readonly op: 'setTurnClock'; readonly id: string; readonly clock: TurnClock }
  | { readonly op: 'finishGame'; readonly game: FinishedGame };

/** Prepares the statements once; the returned function runs one write (inside the caller's transaction). */
export function prepareWrites(db: Database): (write: WriteOp) => void {
  const insertRoom = db.prepare(
    'INSERT INTO rooms (id, setup, host_token_hash, seats, status, seed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const updateRoom = db.prepare('UPDATE rooms SET seats = ?, status = ? WHERE id = ?');
  const insertAction = db.prepare('INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)');
  // SQLite binds `?` in order, PostgreSQL `$1`…
  const setClock = db.prepare(UPSERT_TURN_CLOCK.replace(/\$\d/g, '?'));
  const abandon = db.prepare("UPDATE rooms SET status = 'abandoned' WHERE id = ?");
  const insertGame = db.prepare(
    'INSERT INTO games (game_id, record, fairness, players, summary, finished_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertPlayer = db.prepare('INSERT INTO game_players (game_id, seat, name_key) VALUES (?, ?, ?)');
  const over = db.prepare("UPDATE rooms SET status = 'over' WHERE id = ?");
  const setRematch = db.prepare('UPDATE rooms SET rematch = ? WHERE id = ?');
  return (w) => {
    switch (w.op) {
      case 'createRoom': {
        // A rematch's row and the end of its previous game's wait for it are one write.
        const previous = previousGameRow(w.room);
        if (previous !== null) setRematch.run(null, previous);
        insertRoom.run(...roomColumns(w.room));
        return;
      }
      case 'setRematch':
        setRematch.run(w.seats === null ? null : JSON.stringify(w.seats), w.id);
        return;
      case 'updateRoom':
        updateRoom.run(JSON.stringify(w.seats), w.status, w.id);
        return;
      case 'appendAction':
        insertAction.run(w.gameId, w.seq, JSON.stringify(w.action));
        return;
      case 'abandonRoom':
        abandon.run(w.id);
        return;
      case 'setTurnClock':
        setClock.run(w.id, w.clock.seat, w.clock.seq, w.clock.deadline);
        return;
      case 'finishGame': {
        const { game } = w;
        insertGame.run(
          game.gameId,
          JSON.stringify(game.record),
          JSON.stringify(game.fairness),
          JSON.stringify(game.players),
          JSON.stringify(game.summary),
          game.finishedAt,
        );
        game.players.forEach((name, seat) => {
          if (name !== null) insertPlayer.run(game.gameId, seat, nameKey(name));
        });
        over.run(game.gameId);
        return;
      }
    }
  };
}

/**
 * Runs a batch in one transaction (one fsync); if that fails, runs each write alone so only
 * the bad one is refused. Returns, per write, null (committed) or the reason it was refused.
 */
export function commitBatch<W>(
  db: Database,
  run: (write: W) => void,
  batch: readonly W[],
): (string | null)[] {
  try {
    transaction(db, () => {
      for (const w of batch) run(w);
    });
    return batch.map(() => null);
  } catch {
    return batch.map((w) => {
      try {
        transaction(db, () => run(w));
        return null;
      } catch (e) {
        return (e as Error).message;
      }
    });
  }
}

/**
 * When a commit counts as done. `full` (the default): once it is on the disk (an fsync per
 * group commit), so an acknowledged action survives the process being killed and the machine
 * losing power. `normal`: once it is in the WAL file, not yet synced: it survives the process
 * being killed (SIGKILL, a crash) but not the machine losing power, and no commit waits for a
 * disk whose fsyncs stall now and then (on a shared virtual disk they took 100–700 ms and held
 * every game's acknowledgements back that long).
 */
export const SQLITE_SYNC_MODES = ['full', 'normal'] as const;
export type SqliteSync = (typeof SQLITE_SYNC_MODES)[number];

/** The connection settings of the writing connection (wherever it lives). */
export function configureWriter(db: Database, sync: SqliteSync = 'full'): void {
  pragma(db, 'journal_mode = WAL');
  pragma(db, `synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
  pragma(db, 'foreign_keys = ON');
}
