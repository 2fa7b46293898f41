/**
 * A player's finished online games, found by the seats their device holds, never by a display
 * name (anyone can type a name). A device keeps each seat's token (the one it resumes with);
 * it sends them, with their rooms, and gets back the finished games of those seats: the
 * room's first game and every rematch, in which that token's seat played.
 */
import { type Result, err, ok } from '@hanafuda/engine';
import { hashToken } from '../rooms/ids.js';
import type { HistoryEntry, Store } from '../store/store.js';

/** One seat a device holds: its room and its token. */
export interface HeldSeat {
  readonly room: string;
  readonly token: string;
}

/** Seats one request may name (a device keeps its rooms 30 days). */
export const MAX_HISTORY_SEATS = 100;
/** Games one room may have had (its first and its rematches) that are looked at. */
const MAX_GAMES_PER_ROOM = 100;
/** Games answered, newest first. */
const HISTORY_LIMIT = 50;

const ID = /^[A-Za-z0-9_-]{4,64}$/;

/** Checks a request's body: `{ "seats": [{ "room": ID, "token": TOKEN }, …] }`. */
export function parseHistoryRequest(body: unknown): Result<readonly HeldSeat[]> {
  const seats = (body as { seats?: unknown } | null)?.seats;
  if (!Array.isArray(seats))
    return err(
      'bad-request',
      'send { "seats": [{ "room": ID, "token": TOKEN }, …] }: the seats this device holds',
    );
  if (seats.length > MAX_HISTORY_SEATS)
    return err('bad-request', `at most ${MAX_HISTORY_SEATS} seats at a time`);
  for (const seat of seats as unknown[]) {
    const { room, token } = (seat ?? {}) as Record<string, unknown>;
    if (typeof room !== 'string' || typeof token !== 'string' || !ID.test(room) || !ID.test(token))
      return err('bad-request', 'each seat needs a "room" id and its "token"');
  }
  return ok(seats as HeldSeat[]);
}

/** The finished games of the seats held, newest first: those of a token that opens no seat are not there. */
export async function historyOf(store: Store, seats: readonly HeldSeat[]): Promise<HistoryEntry[]> {
  const games: HistoryEntry[] = [];
  for (const { room, token } of seats) {
    const hash = hashToken(token);
    // The room's first game is stored under its id, each rematch under `<id>_<n>`.
    for (let n = 1; n <= MAX_GAMES_PER_ROOM; n++) {
      const stored = await store.room(n === 1 ? room : `${room}_${n}`);
      if (!stored) break;
      const seat = stored.seats.findIndex((s) => s.tokenHash === hash);
      if (seat < 0) {
        // A token that is not this room's opens none of its games.
        if (n === 1) break;
        continue;
      }
      if (stored.status !== 'over') continue;
      const game = await store.finishedGame(stored.id);
      if (game)
        games.push({
          gameId: game.gameId,
          game: game.record.game,
          seat,
          players: game.players,
          finishedAt: game.finishedAt,
          summary: game.summary,
        });
    }
  }
  return games.sort((a, b) => b.finishedAt - a.finishedAt).slice(0, HISTORY_LIMIT);
}
