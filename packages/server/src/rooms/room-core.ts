/**
 * What a room holds, in one place: its setup, seats, status and the row of the game in play,
 * the table once dealt, the turn clock (turn-clock.ts), the recovery of what a storage
 * failure left undone, and the rematch votes. The layers above it each own one concern:
 * who is in the room (room-audience.ts), the game in play (room-play.ts), the rematch
 * (room-rematch.ts), the seats (room-seating.ts); room.ts is its face.
 */
import { DEFAULT_TURN_SECONDS, type RoomKeys, type RoomSetup, type RoomStatus } from '@hanafuda/protocol';
import type { Table } from '@hanafuda/table';
import type { FairnessLog } from './fairness.js';
import { hashToken } from './ids.js';
import { roomKeys } from './room-access.js';
import { DEFAULT_RECOVERY, Recovery } from './recovery.js';
import type { StoredSeat } from '../store/store.js';
import { RoomClock } from './turn-clock.js';
import { RematchVotes } from './rematch-votes.js';
import { RatedGame } from '../fair-play/rated-game.js';
import type { RoomClient, RoomOptions } from './room-options.js';

export abstract class RoomCore {
  protected readonly clients = new Set<RoomClient>();
  /** Stopped here (handed over, evicted, or the process stops): a move that reaches it now is not played. */
  protected closedNow = false;
  protected table: Table | null = null;
  protected fairness: FairnessLog | null = null;
  protected readonly clock: RoomClock;
  /** A room-state broadcast waiting for the end of this turn of the event loop (changes made in one turn are sent once). */
  protected stateDue: NodeJS.Immediate | null = null;
  /** A spectator count waiting to be sent. */
  protected spectatorsDue: NodeJS.Timeout | null = null;
  /** Lobby changes are made one at a time, each stored before the next. */
  protected ops: Promise<unknown> = Promise.resolve();
  protected finished: Promise<void> | null = null;
  /** The finished game's record while it is not yet stored. */
  protected unstoredRecord: import('@hanafuda/engine').GameRecord | null = null;
  protected readonly recovery: Recovery;
  protected markEnded: () => void = () => undefined;
  protected endedNow = this.nextEnding();
  /** After a game is over: the seats whose players asked for a rematch (stored with the game's row). */
  protected rematchVotes = new RematchVotes();
  /** When the room was made: a lobby waits for its players only so long (eviction.ts). */
  createdAt = Date.now();
  /** A rated game's moves and timeouts, for its result (null: a casual game). */
  protected rated: RatedGame | null;

  /** What a storage failure left undone, done again (room-play.ts). */
  protected abstract redo(): Promise<void>;
  /** A person's turn ran out (room-play.ts). */
  protected abstract expire(seat: number): void;
  /** The turn clock as it is now, to these clients (room-audience.ts). */
  protected abstract sendClock(clients: Iterable<RoomClient>): void;

  constructor(
    readonly id: string,
    readonly setup: RoomSetup,
    protected readonly hostTokenHash: string,
    protected seats: StoredSeat[],
    protected statusNow: RoomStatus,
    protected seed: string,
    protected readonly options: RoomOptions,
    /** The store's row of the game now in play: the room's id for its first game, `<id>_<n>` for a rematch. */
    protected row: string = id,
    /** Which game of the room this is. */
    protected gameNumber = 1,
  ) {
    this.rated = RatedGame.of(setup);
    this.recovery = new Recovery(
      () => this.redo(),
      options.recovery ?? DEFAULT_RECOVERY,
      (e, nextMs) =>
        options.log.warn(
          { room: id, err: e, retryInMs: nextMs },
          'storage still failing; trying again later',
        ),
    );
    this.clock = new RoomClock({
      turnMs: (setup.turnSeconds ?? DEFAULT_TURN_SECONDS) * 1000,
      isPerson: (seat) => this.seats[seat]?.kind === 'human',
      store: (clock) =>
        void options.store
          .setTurnClock(this.row, clock)
          .catch((e: Error) => options.log.warn({ room: id, err: e }, 'could not store the turn clock')),
      announce: () => this.sendClock(this.clients),
      expire: (seat) => this.expire(seat),
    });
  }

  /** The room's invite and watch keys. */
  get keys(): RoomKeys {
    return roomKeys(this.hostTokenHash);
  }

  protected nextEnding(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.markEnded = resolve;
    });
  }

  protected serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.ops.then(task);
    this.ops = run.catch(() => undefined);
    return run;
  }

  protected isHost(token: string): boolean {
    return hashToken(token) === this.hostTokenHash;
  }

  protected isFull(): boolean {
    return this.seats.every((s) => s.kind !== 'open');
  }
}
