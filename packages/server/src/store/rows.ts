/** Rows (both databases store JSON as text) back to plain data. */
import type { GameRecord } from '@hanafuda/engine';
import type { RoomSetup, RoomStatus } from '@hanafuda/protocol';
import type { FinishedGame, HistoryEntry, StoredRoom, StoredSeat, TurnClock } from './store.js';

type Row = Record<string, unknown>;

export const roomFromRow = (row: Row): StoredRoom => ({
  id: row.id as string,
  setup: JSON.parse(row.setup as string) as RoomSetup,
  hostTokenHash: row.host_token_hash as string,
  seats: JSON.parse(row.seats as string) as StoredSeat[],
  status: row.status as RoomStatus,
  seed: row.seed as string,
  createdAt: Number(row.created_at),
});

export const clockFromRow = (row: Row): TurnClock => ({ seat: Number(row.seat), seq: Number(row.seq), deadline: Number(row.deadline) });

export const finishedFromRow = (row: Row): FinishedGame => ({
  gameId: row.game_id as string,
  record: JSON.parse(row.record as string) as GameRecord,
  fairness: JSON.parse(row.fairness as string) as unknown,
  players: JSON.parse(row.players as string) as (string | null)[],
  summary: JSON.parse(row.summary as string) as unknown,
  finishedAt: Number(row.finished_at),
});

export const historyFromRow = (row: Row): HistoryEntry => {
  const game = finishedFromRow(row);
  return { gameId: game.gameId, game: game.record.game, seat: Number(row.seat), players: game.players, finishedAt: game.finishedAt, summary: game.summary };
};
