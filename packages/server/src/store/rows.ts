/** Rows (both databases store JSON as text) back to plain data. */
import type { GameRecord } from '@hanafuda/engine';
import type { RoomSetup, RoomStatus } from '@hanafuda/protocol';
import type { FinishedGame, HistoryEntry, StoredRoom, StoredSeat, TurnClock } from './store.js';

type Row = Record<string, unknown>;

/**
 * A room's setup column: its setup, with the rules version it was created under (and, for a
 * rematch, the room's id and game number) beside the setup's own fields.
 */
const setupText = (room: StoredRoom): string =>
  JSON.stringify({
    ...room.setup,
    rulesVersion: room.rules,
    ...(room.room === undefined ? {} : { roomId: room.room, gameNumber: room.game }),
  });

/** A room's columns as both stores write them: id, setup, host_token_hash, seats, status, seed, created_at (in that order). */
export const roomColumns = (
  room: StoredRoom,
): [string, string, string, string, RoomStatus, string, number] => [
  room.id,
  setupText(room),
  room.hostTokenHash,
  JSON.stringify(room.seats),
  room.status,
  room.seed,
  room.createdAt,
];

const roomFields = (row: Row): Omit<StoredRoom, 'setup'> => ({
  id: row.id as string,
  hostTokenHash: row.host_token_hash as string,
  seats: JSON.parse(row.seats as string) as StoredSeat[],
  status: row.status as RoomStatus,
  seed: row.seed as string,
  createdAt: Number(row.created_at),
});

/** The store's row of a room's game: the room's id for its first, `<id>_<n>` for the n-th (a rematch). */
export const gameRow = (room: string, game: number): string => (game === 1 ? room : `${room}_${game}`);

/** The row of the game a rematch's row follows, whose confirmations its creation clears; null for a room's first game. */
export const previousGameRow = (room: StoredRoom): string | null =>
  room.room === undefined || room.game === undefined ? null : gameRow(room.room, room.game - 1);

export const roomFromRow = (row: Row): StoredRoom => {
  const { rulesVersion, roomId, gameNumber, ...setup } = JSON.parse(row.setup as string) as RoomSetup & {
    rulesVersion?: number;
    roomId?: string;
    gameNumber?: number;
  };
  return {
    ...roomFields(row),
    setup,
    ...(rulesVersion === undefined ? {} : { rules: rulesVersion }),
    ...(roomId === undefined ? {} : { room: roomId, game: gameNumber }),
    ...(typeof row.rematch === 'string' ? { rematch: JSON.parse(row.rematch) as number[] } : {}),
  };
};

export const clockFromRow = (row: Row): TurnClock => ({
  seat: Number(row.seat),
  seq: Number(row.seq),
  deadline: Number(row.deadline),
});

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
  return {
    gameId: game.gameId,
    game: game.record.game,
    seat: Number(row.seat),
    players: game.players,
    finishedAt: game.finishedAt,
    summary: game.summary,
  };
};
