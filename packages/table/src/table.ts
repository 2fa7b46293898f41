/**
 * A table hosts one game: it alone holds the state, applies the seats' actions in order,
 * plays the bot seats, and tells every connection (seat or spectator) only what that
 * viewer may see. The same class runs in the browser's Web Worker and on the server.
 */
import type { BotView, Level } from '@hanafuda/bots';
import {
  type Action,
  type GameModule,
  type GameRecord,
  type GameSetup,
  type GameView,
  type Result,
  type ScenarioSetup,
  type SplitEvent,
  type Viewer,
  err,
  eventsFor,
  gameById,
  makeRecord,
  ok,
} from '@hanafuda/engine';
import {
  type ClientMessage,
  PROTOCOL_VERSION,
  type PlayedForEvent,
  type TableConfig,
  type TableMessage,
  errorMessage,
  parseClientMessage,
} from '@hanafuda/protocol';
import { type Decide, type Decision, type DecisionRequest, decideNow } from './decide.js';

export interface TableHooks {
  /** Called with each accepted action before anyone is told of it: the server stores it here. */
  readonly persist?: (entry: { seq: number; action: Action }) => Promise<void> | void;
  /** A pause before each bot decision, so people can follow the play (ms; default 0). */
  readonly botDelayMs?: number;
  /** Makes bot decisions and hints elsewhere (the server: worker threads, so a search never holds up other rooms); by default they are made in-line. */
  readonly decide?: Decide;
}

/** A bot in a seat (an object, so a seat given to a new bot is told apart from the old one). */
interface SeatBot {
  readonly level: Level;
}

export interface Connection {
  readonly viewer: Viewer;
  readonly send: (message: TableMessage) => void;
}

const hintMessage = (seq: number, hint: Decision): TableMessage => ({
  v: PROTOCOL_VERSION,
  type: 'hint',
  seq,
  action: hint.action,
  ...(hint.reason ? { reason: hint.reason } : {}),
});

export class Table {
  readonly game: GameModule;
  readonly config: TableConfig;
  readonly setup: GameSetup;
  private state: unknown;
  private readonly actions: Action[] = [];
  private readonly connections = new Set<Connection>();
  private readonly bots: (SeatBot | null)[];
  /** People's seats a bot plays while they are away: each of its moves is marked `played-for`. */
  private readonly standIns = new Set<number>();
  /** The hint for the current update when made elsewhere: searched once however often it is asked for (its RNG stream is fixed by the update). */
  private hint: { seq: number; decision: Promise<Decision> } | null = null;
  /** Actions are handled one at a time, in arrival order (persisting may be asynchronous). */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** A game started from a fixed deal (a lesson) has no seed to replay it from, so it sends no record. */
  private readonly fromDeal: boolean;

  /** The events of the game's start (the first-dealer draw, the first deal), for viewers who connect before the first action. */
  private readonly opening: readonly SplitEvent[];
  /** Every event so far, the opening's first, for viewers who (re)connect later: each is redacted for them. */
  private readonly past: SplitEvent[];
  /** What a spectator was welcomed with last, and at which update. */
  private spectatorWelcome: { seq: number; messages: readonly TableMessage[] } | null = null;

  private constructor(
    game: GameModule,
    config: TableConfig,
    setup: GameSetup,
    state: unknown,
    opening: readonly SplitEvent[],
    private readonly hooks: TableHooks,
    fromDeal = false,
  ) {
    this.game = game;
    this.fromDeal = fromDeal;
    this.config = config;
    this.setup = setup;
    this.state = state;
    this.opening = opening;
    this.past = [...opening];
    this.bots = config.seats.map((s) => (s.kind === 'bot' ? { level: s.level ?? 'normal' } : null));
  }

  /** Starts a game; a bad config (unknown game, players, teams, options) is an error value. */
  static create(config: TableConfig, seed: string, hooks: TableHooks = {}): Result<Table> {
    const game = gameById(config.game);
    if (!game) return err('unknown-game', `unknown game "${config.game}"`);
    const setup: GameSetup = {
      players: config.players,
      teams: config.teams,
      options: config.options ?? {},
      seed,
      ...(config.startAt ? { startAt: config.startAt } : {}),
    };
    const start = game.newGame(setup);
    if (!start.ok) return start;
    const table = new Table(game, config, setup, start.value.state, start.value.events, hooks);
    table.scheduleBots();
    return ok(table);
  }

  /** Starts one round from a fixed deal (docs/scenarios.md); the config names the game, seats and house rules. */
  static fromScenario(config: TableConfig, scenario: ScenarioSetup, hooks: TableHooks = {}): Result<Table> {
    const game = gameById(scenario.game);
    if (!game || game.id !== config.game)
      return err('unknown-game', `the deal is for "${scenario.game}", the table for "${config.game}"`);
    const start = game.fromScenario(scenario);
    if (!start.ok) return start;
    const setup: GameSetup = {
      players: scenario.players,
      teams: scenario.teams,
      options: scenario.options ?? {},
      seed: `deal:${scenario.name}`,
    };
    const table = new Table(game, config, setup, start.value.state, start.value.events, hooks, true);
    table.scheduleBots();
    return ok(table);
  }

  /** Rebuilds a table from its stored actions (a server restart): the same seed and actions give the same state. */
  static restore(
    config: TableConfig,
    seed: string,
    actions: readonly Action[],
    hooks: TableHooks = {},
  ): Result<Table> {
    const created = Table.create(config, seed, { ...hooks, botDelayMs: Number.POSITIVE_INFINITY });
    if (!created.ok) return created;
    const table = created.value;
    for (const action of actions) {
      const next = table.game.apply(table.state, action);
      if (!next.ok)
        return err('bad-log', `stored action ${table.actions.length} is refused: ${next.error.message}`);
      table.state = next.value.state;
      table.actions.push(action);
      table.past.push(...next.value.events);
    }
    const restored = new Table(table.game, config, table.setup, table.state, table.opening, hooks);
    restored.actions.push(...table.actions);
    // Which of those moves the server made for a seat is not stored: the restored history has no such marks.
    restored.past.splice(0, restored.past.length, ...table.past);
    restored.scheduleBots();
    return ok(restored);
  }

  /** How many actions have been accepted: the number the next `act` must name. */
  get seq(): number {
    return this.actions.length;
  }

  get over(): boolean {
    return this.game.toMove(this.state) === null;
  }

  get toMove(): number | null {
    return this.game.toMove(this.state);
  }

  /** The update that began the current turn: the first of the decisions the seat to move has made in a row up to now. */
  get turnStart(): number {
    const seat = this.toMove;
    let start = this.actions.length;
    while (start > 0 && (this.actions[start - 1] as { seat?: number }).seat === seat) start--;
    return start;
  }

  record(): GameRecord {
    return makeRecord(this.game.id, this.setup, this.actions);
  }

  /** The view of one viewer now. */
  view(viewer: Viewer): GameView {
    // The registry erases each game's types; every game's view is one of GameView (and fits the protocol's schema of it).
    return this.game.view(this.state, viewer) as GameView;
  }

  /**
   * Connects a seat's player (or a spectator, viewer null): it is welcomed with the game so
   * far, redacted for it, then the whole view. Before the first action the opening comes
   * with the view (as news: the deal), later the history holds it.
   */
  connect(viewer: Viewer, send: (message: TableMessage) => void): Connection {
    const connection: Connection = { viewer, send };
    this.connections.add(connection);
    for (const message of this.welcome(viewer)) send(message);
    return connection;
  }

  /** The messages that welcome a viewer now; spectators arriving at the same update share them (a server serialises them once). */
  private welcome(viewer: Viewer): readonly TableMessage[] {
    if (viewer === null && this.spectatorWelcome?.seq === this.seq) return this.spectatorWelcome.messages;
    const messages: TableMessage[] = [
      {
        v: PROTOCOL_VERSION,
        type: 'welcome',
        seat: viewer,
        config: this.config,
        history: this.seq === 0 ? [] : eventsFor(this.past, viewer),
      },
      this.updateFor(viewer, this.seq === 0 ? this.opening : []),
    ];
    if (this.over && !this.fromDeal)
      messages.push({ v: PROTOCOL_VERSION, type: 'record', record: this.record() });
    if (viewer === null) this.spectatorWelcome = { seq: this.seq, messages };
    return messages;
  }

  disconnect(connection: Connection): void {
    this.connections.delete(connection);
  }

  /** Handles one raw message from a connection; every problem is answered with an error, the game unchanged. */
  receive(connection: Connection, text: string): Promise<void> {
    const message = parseClientMessage(text);
    if (!message.ok) {
      connection.send(errorMessage(message.error.code, message.error.message));
      return Promise.resolve();
    }
    return this.handle(connection, message.value);
  }

  handle(connection: Connection, message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'sync':
        this.sendUpdate(connection, []);
        return Promise.resolve();
      case 'hint':
        return this.sendHint(connection);
      case 'act':
        return this.enqueue(async () => {
          const refused = this.checkAct(connection.viewer, message.seq, message.action);
          if (refused) connection.send(errorMessage(refused.code, refused.message));
          else await this.accept(message.action, connection);
        });
    }
  }

  /** Plays one turn of a person's seat with a bot (their turn timer ran out); the move is marked as made for them. */
  actForSeat(
    seat: number,
    level: Level = 'normal',
    reason: PlayedForEvent['reason'] = 'timer',
  ): Promise<void> {
    return this.enqueue(async () => {
      if (this.toMove !== seat || this.bots[seat]) return;
      const expected = this.seq;
      const action = await this.botChoice(seat, { level });
      if (this.closed || this.seq !== expected) return;
      await this.accept(action, null, { type: 'played-for', seat, reason });
    });
  }

  /** The bot whose turn it is moves now, with no pause (its last move could not be stored); rejects if this one cannot be stored either. */
  retryBot(): Promise<void> {
    return this.enqueue(async () => {
      const seat = this.toMove;
      const bot = seat === null ? null : this.bots[seat];
      if (this.closed || seat === null || !bot) return;
      const expected = this.seq;
      await this.botMove(seat, bot, () => !this.closed && this.seq === expected);
    });
  }

  /**
   * Makes a seat a bot's from now on (a host replacing a missing player, or a turn timer
   * running out while the person is away), and lets it play if it is its turn. On a
   * person's seat the bot only stands in: its moves are marked, and `giveBack` ends it.
   */
  replaceWithBot(seat: number, level: Level): void {
    this.bots[seat] = { level };
    if (this.config.seats[seat]?.kind === 'human') this.standIns.add(seat);
    this.scheduleBots();
  }

  /** The seat's person is back: the bot standing in for them stops (a decision it was about to make is dropped). False if none stood in. */
  giveBack(seat: number): boolean {
    if (!this.standIns.delete(seat)) return false;
    this.bots[seat] = null;
    return true;
  }

  /** Whether a bot stands in for this person's seat. */
  hasStandIn(seat: number): boolean {
    return this.standIns.has(seat);
  }

  /** Resolves once no action or bot decision is pending (tests, shutdown). */
  async idle(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  close(): void {
    this.closed = true;
    this.connections.clear();
  }

  private checkAct(
    viewer: Viewer,
    seq: number,
    action: Action,
  ): { code: string; message: string } | undefined {
    if (viewer === null) return { code: 'spectator', message: 'spectators cannot act' };
    if (action.seat !== viewer)
      return {
        code: 'not-your-seat',
        message: `you sit in seat ${viewer} and cannot act for seat ${action.seat}`,
      };
    if (seq !== this.seq)
      return {
        code: 'stale',
        message: `that action answers update ${seq}, but the game is at update ${this.seq}: look again`,
      };
    if (this.bots[viewer]) return { code: 'bot-seat', message: `seat ${viewer} is played by a bot` };
    return undefined;
  }

  /** Applies, stores, then tells everyone; `playedFor` marks a move the table made for a person's seat. */
  private async accept(action: Action, from: Connection | null, playedFor?: PlayedForEvent): Promise<void> {
    const next = this.game.apply(this.state, action);
    if (!next.ok) {
      from?.send(errorMessage(next.error.code, next.error.message));
      return;
    }
    await this.hooks.persist?.({ seq: this.seq, action });
    this.state = next.value.state;
    this.actions.push(action);
    const events = playedFor ? [{ public: playedFor }, ...next.value.events] : next.value.events;
    this.past.push(...events);
    this.broadcast(events);
    this.scheduleBots();
  }

  private broadcast(events: readonly SplitEvent[]): void {
    // One message per viewer: every spectator shares one (its view is computed once, and a server can serialise it once).
    const messages = new Map<Viewer, TableMessage>();
    for (const connection of this.connections) {
      let message = messages.get(connection.viewer);
      if (!message) messages.set(connection.viewer, (message = this.updateFor(connection.viewer, events)));
      connection.send(message);
    }
    if (this.over && !this.fromDeal) {
      const record: TableMessage = { v: PROTOCOL_VERSION, type: 'record', record: this.record() };
      for (const connection of this.connections) connection.send(record);
    }
  }

  private sendUpdate(connection: Connection, events: readonly SplitEvent[]): void {
    connection.send(this.updateFor(connection.viewer, events));
  }

  private updateFor(viewer: Viewer, events: readonly SplitEvent[]): TableMessage {
    return {
      v: PROTOCOL_VERSION,
      type: 'update',
      seq: this.seq,
      events: eventsFor(events, viewer),
      view: this.view(viewer),
    };
  }

  private sendHint(connection: Connection): Promise<void> {
    const seat = connection.viewer;
    if (seat === null || this.toMove !== seat) {
      connection.send(errorMessage('no-hint', 'a hint is given to the seat whose turn it is'));
      return Promise.resolve();
    }
    // The hint bot has its own RNG stream so asking for hints never changes the game's bots.
    const request = this.request(seat, 'hint', 'hint');
    if (!this.hooks.decide) {
      // In-line (the browser's Web Worker, the terminal): answered before `receive` returns.
      connection.send(hintMessage(this.seq, decideNow(request)));
      return Promise.resolve();
    }
    return this.sendHintFrom(this.hooks.decide, connection, request);
  }

  private async sendHintFrom(
    decide: Decide,
    connection: Connection,
    request: DecisionRequest,
  ): Promise<void> {
    const seq = this.seq;
    if (this.hint?.seq !== seq) this.hint = { seq, decision: decide(request) };
    const asked = this.hint;
    let decision: Decision;
    try {
      decision = await asked.decision;
    } catch {
      if (this.hint === asked) this.hint = null;
      connection.send(errorMessage('no-hint', 'no hint could be made just now: ask again'));
      return;
    }
    if (!this.closed && this.seq === seq) connection.send(hintMessage(seq, decision));
  }

  /** Each bot decision draws from its own stream, named by the game's seed and the update: a restored table decides as the original would. */
  private async botChoice(seat: number, bot: SeatBot): Promise<Action> {
    const request = this.request(seat, bot.level, 'bot');
    return (this.hooks.decide ? await this.hooks.decide(request) : decideNow(request)).action;
  }

  private request(seat: number, level: Level | 'hint', stream: 'bot' | 'hint'): DecisionRequest {
    return {
      game: this.game.id,
      level,
      view: this.view(seat) as BotView,
      rng: `${this.setup.seed}:${stream}:${this.seq}`,
      seq: this.seq,
    };
  }

  private scheduleBots(): void {
    const seat = this.toMove;
    if (this.closed || seat === null) return;
    const bot = this.bots[seat];
    const delay = this.hooks.botDelayMs ?? 0;
    if (!bot || !Number.isFinite(delay)) return;
    const expected = this.seq;
    const current = () =>
      !this.closed && this.seq === expected && this.toMove === seat && this.bots[seat] === bot;
    this.enqueue(async () => {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      if (!current()) return;
      await this.botMove(seat, bot, current);
      // A bot turn that failed (storage, a stopped search pool) is not the caller's to answer: the game waits for the next try (the room's recovery, the turn timer, a restart).
    }).catch(() => undefined);
  }

  /**
   * A bot's move for its seat, if the table is still where it was once the bot has decided
   * (the table may have closed, the room evicted or the server stopping, while it searched);
   * a stand-in's move is marked as played for the away person.
   */
  private async botMove(seat: number, bot: SeatBot, stillCurrent: () => boolean): Promise<void> {
    const action = await this.botChoice(seat, bot);
    if (stillCurrent())
      await this.accept(
        action,
        null,
        this.standIns.has(seat) ? { type: 'played-for', seat, reason: 'away' } : undefined,
      );
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task);
    // One failing task (a storage error) must not wedge the queue for every later one.
    this.queue = run.catch(() => undefined);
    return run;
  }
}
