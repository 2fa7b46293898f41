/**
 * After a game is over: the seats whose players asked for (or confirmed) another game. Each
 * confirmation is stored with the finished game's row before it counts, so a restarted server,
 * or another process taking the room over, keeps them; the next game's row clears them as it
 * is created (store.ts, `setRematch`).
 */
import type { Level } from '@hanafuda/bots';
import { type Result, RULES_VERSION, err, ok } from '@hanafuda/engine';
import type { RoomSetup } from '@hanafuda/protocol';
import { gameRow } from '../store/rows.js';
import type { Store, StoredRoom, StoredSeat } from '../store/store.js';

/** What the next game is made from: the room as its game ended. */
export interface FinishedRoom {
  readonly id: string;
  readonly gameNumber: number;
  readonly setup: RoomSetup;
  readonly hostTokenHash: string;
  readonly seats: readonly StoredSeat[];
}

export class RematchVotes {
  constructor(private readonly seats: ReadonlySet<number> = new Set()) {}

  /** The confirmations stored with a finished game's row (none if absent). */
  static stored(seats: readonly number[] = []): RematchVotes {
    return new RematchVotes(new Set(seats));
  }

  /** The seats that confirmed, in order. */
  get list(): number[] {
    return [...this.seats].sort((a, b) => a - b);
  }

  /** These votes and `seat`'s (not yet stored). */
  with(seat: number): RematchVotes {
    return new RematchVotes(new Set(this.seats).add(seat));
  }

  /** Whether a person's seat has not confirmed yet. */
  waiting(seats: readonly StoredSeat[]): boolean {
    return seats.some((s, seat) => s.kind === 'human' && !this.seats.has(seat));
  }

  /**
   * Whether any player who confirmed may start the next game now: everyone still here has
   * confirmed, so nobody waits on a person who is gone (the host included); the seats of the
   * absent go to bots, as when the host starts early.
   */
  everyoneHere(seats: readonly StoredSeat[], here: (seat: number) => boolean): boolean {
    return (
      this.seats.size > 0 &&
      seats.every((s, seat) => s.kind !== 'human' || !here(seat) || this.seats.has(seat))
    );
  }

  /**
   * The seats of the next game someone watching may take: a bot's (one the room was made with,
   * or one playing for a person who is gone), or a person's who is gone and has not confirmed.
   */
  free(seats: readonly StoredSeat[], here: (seat: number) => boolean): number[] {
    return seats.flatMap((s, seat) =>
      s.kind !== 'open' && !here(seat) && !this.seats.has(seat) ? [seat] : [],
    );
  }

  /**
   * Someone watching takes seat `wanted` (or the first free one) for the next game under `newcomer`:
   * the seats with theirs, and these votes with theirs (taking a seat is asking to play).
   */
  take(
    seats: readonly StoredSeat[],
    here: (seat: number) => boolean,
    newcomer: StoredSeat,
    wanted?: number,
  ): Result<{ seat: number; seats: StoredSeat[]; votes: RematchVotes }> {
    const free = this.free(seats, here);
    const seat = wanted ?? free[0] ?? -1;
    if (seat < 0)
      return err(
        'room-full',
        'every seat of the next game is taken: watch it, or ask a player to leave theirs',
      );
    if (seat >= seats.length) return err('no-such-seat', `this table has seats 0 to ${seats.length - 1}`);
    if (!free.includes(seat)) return err('seat-taken', `seat ${seat} is taken for the next game`);
    return ok({ seat, seats: seats.with(seat, newcomer), votes: this.with(seat) });
  }

  /** Stores these votes with the finished game's row `row`. */
  save(store: Store, row: string): Promise<void> {
    return store.setRematch(row, this.list);
  }

  /**
   * The next game of `room` (its store row, the same setup, a fresh seed): the same seats, the
   * people who did not confirm given to bots (each may come back into theirs with its token).
   */
  nextGame(
    room: FinishedRoom,
    seed: string,
    level: Level,
  ): StoredRoom & { readonly game: number; readonly seats: StoredSeat[] } {
    const seats = room.seats.map((s, seat): StoredSeat =>
      s.kind === 'human' && !this.seats.has(seat)
        ? {
            kind: 'bot',
            name: `${s.name} (bot)`,
            level,
            ...(s.name !== null ? { person: s.name } : {}),
            ...(s.tokenHash ? { tokenHash: s.tokenHash } : {}),
          }
        : s,
    );
    const game = room.gameNumber + 1;
    const { id, setup, hostTokenHash } = room;
    return {
      id: gameRow(id, game),
      room: id,
      game,
      setup,
      hostTokenHash,
      seats,
      status: 'playing',
      seed,
      createdAt: Date.now(),
      rules: RULES_VERSION,
    };
  }
}
