/**
 * The one clock of a room's turns. When a person's turn begins the server sets its deadline
 * (stored with the room, so a restarted server or another process taking the room over keeps
 * it) and tells everyone; when it passes, the room has the turn played for the seat. Nothing
 * a client does or fails to do (a socket that stays open, a frozen page) holds it back: a
 * turn of several decisions shares one deadline, and once it has passed every decision left
 * in that turn is played at once.
 */
import type { Table } from '@hanafuda/table';
import type { TurnClock } from '../store/store.js';

export interface TurnClockHooks {
  /** The timer's length (ms); 0: no timer. */
  readonly turnMs: number;
  /** Whether a person plays this seat (a bot's turns are not timed). */
  readonly isPerson: (seat: number) => boolean;
  /** Keeps the deadline with the room (its failure only costs a fresh timer after a restart). */
  readonly store: (clock: TurnClock) => void;
  /** Tells everyone the clock: the seat and its deadline, or null when none runs. */
  readonly announce: (clock: TurnClock | null) => void;
  /** The deadline of the turn begun at update `turnSeq` passed, with update `seq` still waiting for `seat`. */
  readonly expire: (seat: number, seq: number) => void;
}

export class RoomClock {
  private clock: TurnClock | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly hooks: TurnClockHooks) {}

  /** The deadline running now, if any. */
  get current(): TurnClock | null {
    return this.clock;
  }

  /** A stored deadline (a restart, a takeover): kept if it is the deadline of the turn the table is at. */
  restore(clock: TurnClock | null): void {
    this.clock = clock;
  }

  /**
   * After every change of the table (an update, a seat taken back, a bot standing in): a new
   * turn of a person gets its deadline; the same turn keeps it; a turn a bot plays has none.
   */
  run(table: Table | null): void {
    this.clearTimer();
    const seat = table?.toMove ?? null;
    if (!table || this.hooks.turnMs <= 0 || seat === null || !this.hooks.isPerson(seat)) {
      if (this.clock) this.stopped();
      return;
    }
    const turnSeq = table.turnStart;
    const sameTurn = this.clock?.seat === seat && this.clock.seq === turnSeq;
    // A bot standing in plays at once; the turn keeps its deadline should the person come back during it.
    if (table.hasStandIn(seat)) {
      if (this.clock && !sameTurn) this.stopped();
      return;
    }
    if (!sameTurn || !this.clock) {
      this.clock = { seat, seq: turnSeq, deadline: Date.now() + this.hooks.turnMs };
      this.hooks.store(this.clock);
      this.hooks.announce(this.clock);
    }
    const seq = table.seq;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (table.seq === seq && table.toMove === seat) this.hooks.expire(seat, seq);
      },
      Math.max(0, this.clock.deadline - Date.now()),
    );
    this.timer.unref();
  }

  /** The game is over, or the room closes. */
  stop(): void {
    this.clearTimer();
    if (this.clock) this.stopped();
  }

  private stopped(): void {
    this.clock = null;
    this.hooks.announce(null);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
