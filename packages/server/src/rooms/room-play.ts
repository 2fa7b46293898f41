/**
 * The game in play: dealt on a `Table` once the seats are full and the start stored, each
 * accepted action stored before the table broadcasts it, seed commitments published, the turn
 * clock run (a bot plays a turn that runs out), what a storage failure left undone done
 * again, and the finished game's record stored. A room that stops here (handed over, evicted,
 * the process stopping) plays no move after that.
 */
import { type GameEvent, replayRecord } from '@hanafuda/engine';
import {
  type ClientMessage,
  type SeatConfig,
  type TableConfig,
  type TableMessage,
  errorMessage,
} from '@hanafuda/protocol';
import { Table } from '@hanafuda/table';
import { crashPoint } from '../ops/crash-point.js';
import { MOVED_ON } from './moved-on.js';
import { FairnessLog } from './fairness.js';
import { FencedOut, StorageFailed, type StoredSeat } from '../store/store.js';
import { hintRefusal } from '../fair-play/refusals.js';
import { DEFAULT_BOT_LEVEL, type RoomClient, botName } from './room-options.js';
import { RoomAudience } from './room-audience.js';

export abstract class RoomPlay extends RoomAudience {
  /** A table message (`act`, `sync`, `hint`) from one of this room's clients. */
  async tableMessage(client: RoomClient, message: ClientMessage): Promise<void> {
    // The room is going to another process (handed over, or this one stops): its client enters it there and is shown it afresh.
    if (this.closedNow && message.type === 'act') return client.send(MOVED_ON);
    if (!this.table || !client.table) {
      client.send(errorMessage('not-started', 'the game has not started yet'));
      return;
    }
    const refused = message.type === 'hint' ? hintRefusal(this.setup, this.statusNow) : null;
    if (refused) return client.send(errorMessage(refused.code, refused.message));
    const started = performance.now();
    const seq = this.table.seq;
    try {
      await this.table.handle(client.table, message);
      if (message.type === 'act') this.options.onAct?.((performance.now() - started) / 1000);
      if (message.type === 'act' && client.seat !== null && this.table.seq > seq)
        this.rated?.movedIn(client.seat);
    } catch (e) {
      // The room moved to another process as the move was stored: it was not played there.
      if (e instanceof FencedOut) return client.send(MOVED_ON);
      // The store failed (retried, logged there): the player sends it again.
      if (e instanceof StorageFailed) {
        client.send(
          errorMessage(
            'storage',
            'the server could not store that action, so it was not played: send it again in a moment',
          ),
        );
        return;
      }
      this.options.log.error(
        { room: this.id, seat: client.seat, type: message.type, err: e },
        'an unforeseen error in a table message',
      );
      client.send(
        errorMessage(
          'internal',
          'the server hit an unforeseen error on that message (logged for its operators): try again, or reload',
        ),
      );
    }
  }

  /** Stops the timers and forgets the table (shutdown, eviction). */
  close(): void {
    this.closedNow = true;
    this.recovery.close();
    this.clock.stop();
    if (this.stateDue) clearImmediate(this.stateDue);
    this.stateDue = null;
    if (this.spectatorsDue) clearTimeout(this.spectatorsDue);
    this.spectatorsDue = null;
    this.table?.close();
  }

  async idle(): Promise<void> {
    await this.ops;
    await this.table?.idle();
    await this.finished;
  }

  /** The deadline of a person's turn passed: a bot plays it for them, and if they are away, stands in for them until they are back. */
  protected expire(seat: number): void {
    const table = this.table;
    if (!table) return;
    this.rated?.timedOut(seat);
    if (this.isPresent(seat)) {
      table
        .actForSeat(seat, DEFAULT_BOT_LEVEL, 'timer')
        .catch((e: Error) =>
          this.options.log.error({ room: this.id, seat, err: e }, 'the turn timer could not play for a seat'),
        );
    } else {
      table.replaceWithBot(seat, DEFAULT_BOT_LEVEL);
      this.broadcastState();
    }
  }

  /** A person's seat a host gave to a bot stays a person's at the table (with the bot standing in), so they can take it back. */
  protected tableConfig(): TableConfig {
    const seats = this.seats.map((s, i): SeatConfig => {
      if (s.person !== undefined) return { kind: 'human', name: s.person };
      const level = s.level ?? DEFAULT_BOT_LEVEL;
      return s.kind === 'bot'
        ? { kind: 'bot', name: s.name ?? botName(i, level), level }
        : { kind: 'human', name: s.name ?? `Seat ${i + 1}` };
    });
    return {
      game: this.setup.game,
      players: this.setup.players,
      ...(this.setup.teams ? { teams: this.setup.teams } : {}),
      ...(this.setup.options ? { options: this.setup.options } : {}),
      seats,
    };
  }

  protected tableHooks() {
    return {
      persist: async ({ seq, action }: { seq: number; action: import('@hanafuda/engine').Action }) => {
        try {
          await this.options.store.appendAction(this.row, seq, action);
        } catch (e) {
          // A person is told and may send again; a bot's or the timer's move is made again by the recovery.
          this.recovery.schedule();
          throw e;
        }
      },
      botDelayMs: this.options.botDelayMs,
      decide: this.options.decide,
    };
  }

  /** Starts the game with these seats; stored first, so a failed write changes nothing. */
  protected async start(seats: StoredSeat[] = this.seats): Promise<void> {
    await this.options.store.updateRoom(this.row, seats, 'playing');
    crashPoint('start-stored');
    this.seats = seats;
    this.statusNow = 'playing';
    this.startTable();
  }

  /** Deals the first round of a game whose start is stored. */
  protected startTable(): void {
    const table = Table.create(this.tableConfig(), this.seed, this.tableHooks());
    if (!table.ok)
      throw new Error(`room ${this.id}: the checked setup was refused at the start: ${table.error.message}`);
    this.attach(table.value);
  }

  /** A full room whose start could not be stored starts by itself once storage is back. */
  protected async startOrRecover(): Promise<void> {
    try {
      await this.start();
    } catch (e) {
      this.options.log.warn(
        { room: this.id, err: e },
        'could not store the start of the game; it starts once storage is back',
      );
      this.recovery.schedule();
      this.broadcastState();
    }
  }

  /** What a storage failure left undone, done again: a full room's start, the move of a bot or of a timed-out turn, the finished game's record. */
  protected async redo(): Promise<void> {
    if (this.statusNow === 'open') {
      if (this.isFull())
        await this.serially(() => (this.statusNow === 'open' ? this.start() : Promise.resolve()));
      return;
    }
    if (this.unstoredRecord) {
      await this.storeFinished(this.unstoredRecord);
      return;
    }
    const table = this.table;
    const seat = table?.toMove ?? null;
    if (!table || seat === null) return;
    // A bot, or a bot standing in for an away person, plays what it would have (its choice is
    // drawn from the game's seed and the update number); a person's timed-out turn is timed again.
    await table.retryBot();
    if (table.toMove === seat && this.seats[seat].kind !== 'bot') this.clock.run(table);
  }

  /** Puts a table (new or restored) in the room: the room watches it as a spectator would, then every client joins it. */
  protected attach(table: Table): void {
    this.table = table;
    for (const [seat, s] of this.seats.entries())
      if (s.kind === 'bot' && s.person !== undefined)
        table.replaceWithBot(seat, s.level ?? DEFAULT_BOT_LEVEL);
    this.fairness = new FairnessLog(this.seed);
    // What happened before now (the deal, and on a restart every stored action) in public.
    const history = replayRecord(table.game, table.record());
    if (history.ok) {
      for (const step of history.value) {
        const events = step.events.map((e) => e.public);
        this.fairness.commit(events);
        this.fairness.reveal(events);
      }
    }
    table.connect(null, (message) => this.observe(message));
    for (const client of this.clients) client.table = table.connect(client.seat, client.send);
    this.broadcastState();
    this.clock.run(table);
  }

  /** The room's own public view of its table: seed commitments before the players see the update, the timer, the end. */
  protected observe(message: TableMessage): void {
    if (message.type === 'update') {
      // The room sees each update before its players: commitments go out before the deal they bind,
      // reveals only after the players have seen the round end.
      if (this.fairness?.commit(message.events)) this.sendStateNow();
      if (this.fairness?.reveal(message.events)) this.broadcastState();
      this.clock.run(this.table);
    } else if (message.type === 'record' && this.statusNow === 'playing') {
      this.statusNow = 'over';
      this.clock.stop();
      this.rated?.over((seat) => this.table?.hasStandIn(seat) ?? false, this.seats.length);
      this.unstoredRecord = message.record;
      this.finished = this.storeFinished(message.record).catch((e: Error) => {
        this.options.log.warn(
          { room: this.id, err: e },
          'could not store the finished game; it is stored once storage is back',
        );
        this.recovery.schedule();
      });
      this.broadcastState();
    }
  }

  /** Stores the finished game's record; the room is over (and may be evicted) once it is. */
  protected async storeFinished(record: import('@hanafuda/engine').GameRecord): Promise<void> {
    const replay = replayRecord(this.table!.game, record);
    const last: GameEvent | undefined = replay.ok
      ? replay.value.flatMap((s) => s.events.map((e) => e.public)).findLast((e) => e.type === 'game-end')
      : undefined;
    const { type: _type, ...summary } = last ?? { type: 'game-end' };
    const finishedAt = Date.now();
    await this.options.store.finishGame({
      gameId: this.row,
      record,
      fairness: this.fairness!.state(),
      players: this.seats.map((s) => s.name),
      summary: { ...summary, ...(this.setup.teams ? { teams: this.setup.teams } : {}) },
      finishedAt,
    });
    this.unstoredRecord = null;
    // A rated game's result goes to the ratings once its record is stored (whether it counts, who forfeited: rated-game.ts).
    this.rated?.report(
      {
        game: this.row,
        accounts: this.seats.map((s) => s.account),
        teams: this.setup.teams,
        end: last,
        endedAt: finishedAt,
      },
      { log: this.options.log, onRatedGameEnd: (result) => this.options.onRatedGameEnd?.(result, this) },
    );
    this.markEnded();
  }
}
