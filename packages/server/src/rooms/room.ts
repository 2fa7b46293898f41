/**
 * A room: the lobby around one game (seats with display names and secret tokens, the host,
 * spectators), then the game itself on a `Table`, which alone speaks to the players about
 * it. The room stores every accepted action before the table broadcasts it, publishes the
 * seed commitments, runs the turn clock (turn-clock.ts), tells who is away, and keeps the
 * record when the game ends.
 */
import type { Level } from '@hanafuda/bots';
import { type GameEvent, type Result, RULES_VERSION, err, gameById, ok, otherRules, replayRecord, rulesOf } from '@hanafuda/engine';
import {
  type ClientMessage,
  DEFAULT_TURN_SECONDS,
  type PageState,
  PROTOCOL_VERSION,
  type RoomKeys,
  type RoomServerMessage,
  type LobbyServerMessage,
  type RatingServerMessage,
  type RoomSetup,
  type RoomState,
  type RoomStatus,
  type SeatConfig,
  type TableConfig,
  type TableMessage,
  errorMessage,
} from '@hanafuda/protocol';
import { type Connection, type Decide, Table } from '@hanafuda/table';
import { crashPoint } from '../ops/crash-point.js';
import { MOVED_ON } from './moved-on.js';
import { FairnessLog } from './fairness.js';
import { hashToken, newGameSeed, newRoomId, newToken } from './ids.js';
import { DEFAULT_RECOVERY, Recovery, type RecoveryOptions } from './recovery.js';
import { type Access, access, roomKeys } from './room-access.js';
import { FencedOut, StorageFailed, type Store, type StoredRoom, type StoredSeat, type TurnClock } from '../store/store.js';
import { RoomClock } from './turn-clock.js';
import { RematchVotes } from './rematch-votes.js';
import { checkRated } from '../fair-play/rated-setup.js';
import { RatedGame } from '../fair-play/rated-game.js';
import { botRefusal, hintRefusal } from '../fair-play/refusals.js';
import type { RatedResult } from '../ratings/result.js';
import type { Log } from '../ops/log.js';

/** What the server sends a socket: the table's messages, the room's and the lobby's. */
export type ServerMessage = TableMessage | RoomServerMessage | LobbyServerMessage | RatingServerMessage;

/** One WebSocket's place in a room. */
export interface RoomClient {
  readonly send: (message: ServerMessage) => void;
  /** The seat this client acts for (by token), or null for a spectator. */
  seat: number | null;
  table?: Connection;
  /** Its page said it stopped running (frozen, unloaded): the seat shows away until it says otherwise. */
  away?: boolean;
  /** This copy of the room was dropped (another process owns the room now): find it where it is. */
  moved?: () => void;
  /** The room ended before its game started (eviction.ts): the client is told why and leaves it. */
  dismissed?: (code: string, message: string) => void;
}

export interface RoomOptions {
  readonly store: Store;
  /** A pause before each bot decision so people can follow the play. */
  readonly botDelayMs: number;
  /** The game seed for new rooms; tests and benchmarks fix it, a real server draws 256 random bits. */
  readonly seed?: () => string;
  /** Where bot decisions and hints are made (the server's search threads); in-line when absent. */
  readonly decide?: Decide;
  readonly log: Log;
  /** How soon, and how often, what a storage failure left undone is tried again. */
  readonly recovery?: RecoveryOptions;
  /** How long a person's `act` took to handle (seconds), for the metrics. */
  readonly onAct?: (seconds: number) => void;
  /** A rated game ended and its record is stored: its result, for the ratings (fair-play/rated-game.ts), and the room, to tell its players. */
  readonly onRatedGameEnd?: (result: RatedResult, room: Room) => void;
}

const DEFAULT_BOT_LEVEL: Level = 'normal';
/** How often at most a room is told its spectator count. */
const SPECTATOR_COUNT_MS = 1000;

/** The game's own checks of a room setup (players, teams, options): a trial game is dealt from `seed`. */
export function checkGame(setup: RoomSetup, seed: string = newGameSeed()): Result<null> {
  const game = gameById(setup.game);
  if (!game) return err('unknown-game', `unknown game "${setup.game}"`);
  if (setup.rated) {
    const rated = checkRated(setup);
    if (!rated.ok) return rated;
  }
  const trial = game.newGame({ players: setup.players, teams: setup.teams, options: setup.options ?? {}, seed });
  return trial.ok ? ok(null) : trial;
}

export class Room {
  private readonly clients = new Set<RoomClient>();
  /** Stopped here (handed over, evicted, or the process stops): a move that reaches it now is not played. */
  private closedNow = false;
  private table: Table | null = null;
  private fairness: FairnessLog | null = null;
  private readonly clock: RoomClock;
  /** A room-state broadcast waiting for the end of this turn of the event loop (changes made in one turn are sent once). */
  private stateDue: NodeJS.Immediate | null = null;
  /** A spectator count waiting to be sent. */
  private spectatorsDue: NodeJS.Timeout | null = null;
  /** Lobby changes are made one at a time, each stored before the next. */
  private ops: Promise<unknown> = Promise.resolve();
  private finished: Promise<void> | null = null;
  /** The finished game's record while it is not yet stored. */
  private unstoredRecord: import('@hanafuda/engine').GameRecord | null = null;
  private readonly recovery: Recovery;
  private markEnded: () => void = () => undefined;
  private endedNow = this.nextEnding();
  /** After a game is over: the seats whose players asked for a rematch (stored with the game's row). */
  private rematchVotes = new RematchVotes();
  /** When the room was made: a lobby waits for its players only so long (eviction.ts). */
  createdAt = Date.now();
  /** A rated game's moves and timeouts, for its result (null: a casual game). */
  private rated: RatedGame | null;

  private constructor(
    readonly id: string,
    readonly setup: RoomSetup,
    private readonly hostTokenHash: string,
    private seats: StoredSeat[],
    private statusNow: RoomStatus,
    private seed: string,
    private readonly options: RoomOptions,
    /** The store's row of the game now in play: the room's id for its first game, `<id>_<n>` for a rematch. */
    private row: string = id,
    /** Which game of the room this is. */
    private gameNumber = 1,
  ) {
    this.rated = RatedGame.of(setup);
    this.recovery = new Recovery(
      () => this.redo(),
      options.recovery ?? DEFAULT_RECOVERY,
      (e, nextMs) => options.log.warn({ room: id, err: e, retryInMs: nextMs }, 'storage still failing; trying again later'),
    );
    this.clock = new RoomClock({
      turnMs: (setup.turnSeconds ?? DEFAULT_TURN_SECONDS) * 1000,
      isPerson: (seat) => this.seats[seat]?.kind === 'human',
      store: (clock) =>
        void options.store.setTurnClock(this.row, clock).catch((e: Error) => options.log.warn({ room: id, err: e }, 'could not store the turn clock')),
      announce: () => this.sendClock(this.clients),
      expire: (seat) => this.expire(seat),
    });
  }

  /** A new room; the setup is checked by the game itself (players, teams, options). */
  static async create(
    setup: RoomSetup,
    options: RoomOptions,
    id: string = newRoomId(),
    /** Accounts the open seats are kept for (a lobby's pairing): only that account may take its seat. */
    reserved: readonly (string | undefined)[] = [],
  ): Promise<Result<{ room: Room; hostToken: string }>> {
    const seed = options.seed?.() ?? newGameSeed();
    const trial = checkGame(setup, seed);
    if (!trial.ok) return trial;
    const seats: StoredSeat[] = setup.seats.map((s, i) =>
      s.kind === 'bot'
        ? { kind: 'bot', name: s.name ?? botName(i, s.level), level: s.level }
        : { kind: 'open', name: null, ...(reserved[i] !== undefined ? { reserved: reserved[i] } : {}) },
    );
    const hostToken = newToken();
    // A room of bots alone is stored as a game in play: its creation and its start are one write.
    const status = seats.every((s) => s.kind !== 'open') ? 'playing' : 'open';
    const stored: StoredRoom = { id, setup, hostTokenHash: hashToken(hostToken), seats, status, seed, createdAt: Date.now(), rules: RULES_VERSION };
    await options.store.createRoom(stored);
    const room = new Room(stored.id, setup, stored.hostTokenHash, seats, status, seed, options);
    if (status === 'playing') room.startTable();
    return ok({ room, hostToken });
  }

  /**
   * Rebuilds a stored room after a restart: a game in play continues exactly where its log ends.
   * A room of another rules version is refused (docs/records.md): its log would replay into another game.
   */
  static async restore(stored: StoredRoom, options: RoomOptions): Promise<Result<Room>> {
    if (otherRules(stored)) {
      const was = Number(rulesOf(stored));
      // A newer game on an older server: one of several processes not yet upgraded, or a server rolled back.
      const now =
        was > RULES_VERSION
          ? `newer than this server's rules version ${RULES_VERSION}`
          : `and this server has since been upgraded to rules version ${RULES_VERSION}`;
      const why = 'it cannot go on without dealing or scoring differently, so it has stopped here (its moves are kept); start a new game';
      return err('rules-changed', `this game was started under rules version ${was}, ${now}: ${why}`);
    }
    const room = new Room(
      stored.room ?? stored.id,
      stored.setup,
      stored.hostTokenHash,
      stored.seats.map((s) => ({ ...s })),
      stored.status,
      stored.seed,
      options,
      stored.id,
      stored.game ?? 1,
    );
    room.createdAt = stored.createdAt;
    // A full lobby (stored by an older server, which wrote the last join and the start apart) starts now.
    if (stored.status === 'open' && room.isFull()) await room.startOrRecover();
    if (stored.status !== 'playing' && stored.status !== 'over') return ok(room);
    // A game over is rebuilt while its players wait for a rematch: its end on the table, their confirmations kept.
    room.rematchVotes = RematchVotes.stored(stored.rematch);
    const actions = await options.store.actions(stored.id);
    // Who moved before the restart is not stored apart from the bots' moves for them: a seat with a move in the log has moved.
    room.rated = RatedGame.of(stored.setup, new Set(actions.map((a) => (a as { seat?: number }).seat ?? -1)));
    room.clock.restore(await options.store.turnClock(stored.id));
    const table = Table.restore(room.tableConfig(), stored.seed, actions, room.tableHooks());
    if (!table.ok) return table;
    room.attach(table.value);
    if (stored.status === 'over') room.markEnded();
    return ok(room);
  }

  get status(): RoomStatus {
    return this.statusNow;
  }

  /** What `key` opens here (the invite key, the watch key, a seat's token; anything in a public room). */
  access(key: string | undefined): Access {
    return access({ setup: this.setup, hostTokenHash: this.hostTokenHash, seats: this.seats }, key);
  }

  /** Connections watching (not seated). */
  get spectatorCount(): number {
    let n = 0;
    for (const c of this.clients) if (c.seat === null) n++;
    return n;
  }

  /** The room's invite and watch keys. */
  get keys(): RoomKeys {
    return roomKeys(this.hostTokenHash);
  }

  /** The store's row of the game now in play (the room's id, or `<id>_<n>` for a rematch). */
  get storedId(): string {
    return this.row;
  }

  /** Resolves once the game now in play is over and its record stored (a rematch's game has its own). */
  get ended(): Promise<void> {
    return this.endedNow;
  }

  /** The table, once the game has started (tests and the benchmark look at it). */
  get game(): Table | null {
    return this.table;
  }

  state(): RoomState {
    return {
      id: this.id,
      game: this.setup.game,
      players: this.setup.players,
      ...(this.setup.teams ? { teams: this.setup.teams } : {}),
      ...(this.setup.options ? { options: this.setup.options } : {}),
      turnSeconds: this.setup.turnSeconds ?? DEFAULT_TURN_SECONDS,
      status: this.statusNow,
      seats: this.seats.map((s, seat) => ({
        seat,
        kind: s.kind,
        name: s.name,
        ...(s.level ? { level: s.level } : {}),
        connected: s.kind === 'human' && this.isPresent(seat),
        ...(this.table?.hasStandIn(seat) ? { standIn: true } : {}),
        ...(s.kind === 'human' && s.bot ? { bot: true as const } : {}),
        ...(s.kind === 'human' && s.account !== undefined ? { account: s.account } : {}),
      })),
      spectators: this.spectatorCount,
      ...(this.fairness ? { fairness: this.fairness.state() } : {}),
      gameNumber: this.gameNumber,
      gameId: this.row,
      ...(this.setup.public ? { public: true as const } : {}),
      ...(this.setup.rated ? { rated: true as const } : {}),
      ...(this.statusNow === 'over' ? { rematch: this.rematchVotes.list, freeSeats: this.rematchVotes.free(this.seats, (seat) => this.isPresent(seat)) } : {}),
    };
  }

  /**
   * Takes a seat (the first open one unless named) under a display name; the client is sent the
   * seat's token (`joined`). `bot`: the joiner is a program, shown as a bot. `account`: the
   * joiner's account (accounts/identity.ts), kept with the seat.
   */
  join(client: RoomClient, name: string, wanted?: number, bot = false, account?: string): Promise<Result<{ seat: number; token: string }>> {
    return this.serially(async () => {
      const token = newToken();
      const newcomer = personSeat(name, hashToken(token), bot, account);
      if (this.statusNow === 'over') return this.joinNext(client, newcomer, token, wanted);
      if (this.statusNow !== 'open') return err('room-started', 'this game has started: watch it, or come back into your seat with its token');
      // A seat the lobby kept for an account is that account's alone; without a seat named, its own comes first.
      const free = (s: StoredSeat) => s.kind === 'open' && (s.reserved === undefined || s.reserved === account);
      const own = this.seats.findIndex((s) => s.kind === 'open' && s.reserved !== undefined && s.reserved === account);
      const seat = wanted ?? (own >= 0 ? own : this.seats.findIndex(free));
      if (seat < 0) return err('room-full', 'every seat is taken');
      if (seat >= this.seats.length) return err('no-such-seat', `this table has seats 0 to ${this.seats.length - 1}`);
      if (this.seats[seat].kind !== 'open') return err('seat-taken', `seat ${seat} is taken`);
      if (!free(this.seats[seat])) return err('seat-reserved', `seat ${seat} is kept for the player the lobby paired to it`);
      const seats = this.seats.with(seat, newcomer);
      // Stored first: a write that fails changes nothing, and the joiner is told to try again.
      // The last join and the start are one write, so no crash leaves a full lobby behind.
      const full = seats.every((s) => s.kind !== 'open');
      if (full) await this.start(seats);
      else await this.options.store.updateRoom(this.row, seats, this.statusNow);
      this.seats = seats;
      client.send({ v: PROTOCOL_VERSION, type: 'joined', room: this.id, seat, token, keys: this.keys });
      this.enter(client, seat);
      if (!full) this.broadcastState();
      return ok({ seat, token });
    });
  }

  /**
   * After a game, someone watching takes a free seat of the next one (a bot's, or one whose
   * person is gone and has not confirmed): stored with the finished game's row, and counted as
   * asking for the next game. Its former person's token opens it no more.
   */
  private async joinNext(client: RoomClient, newcomer: StoredSeat, token: string, wanted?: number): Promise<Result<{ seat: number; token: string }>> {
    if (client.seat !== null && this.clients.has(client)) return err('seated', 'you have a seat at this table already: press Play again');
    await this.finished;
    if (this.unstoredRecord) return err('storage', 'the finished game is not stored yet: try again in a moment');
    const taken = this.rematchVotes.take(this.seats, (seat) => this.isPresent(seat), newcomer, wanted);
    if (!taken.ok) return taken;
    const { seat, seats, votes } = taken.value;
    await this.options.store.updateRoom(this.row, seats, this.statusNow);
    this.seats = seats;
    await votes.save(this.options.store, this.row);
    this.rematchVotes = votes;
    client.send({ v: PROTOCOL_VERSION, type: 'joined', room: this.id, seat, token, keys: this.keys });
    this.enter(client, seat);
    this.broadcastState();
    return ok({ seat, token });
  }

  /**
   * Back into one's seat by its token, with the game so far and the whole view. A bot
   * playing the seat meanwhile (the turn timer's, or one the host gave it to) stops at once.
   */
  resume(client: RoomClient, token: string): Promise<Result<number>> {
    return this.serially(async () => {
      const hash = hashToken(token);
      const seat = this.seats.findIndex((s) => s.tokenHash === hash);
      if (seat < 0) return err('bad-token', 'that token opens no seat of this room');
      client.away = false;
      this.enter(client, seat);
      await this.takeBack(seat);
      return ok(seat);
    });
  }

  /**
   * What a page says of itself: a frozen or unloaded page's seat is away at once (its turns
   * then go to a bot when the timer runs out); one that runs again takes the seat back.
   */
  presence(client: RoomClient, state: PageState): Promise<void> {
    const away = state === 'frozen' || state === 'gone';
    if (client.seat === null || !this.clients.has(client) || away === (client.away ?? false)) return Promise.resolve();
    client.away = away;
    if (away) {
      this.broadcastState();
      return Promise.resolve();
    }
    const seat = client.seat;
    return this.serially(() => this.takeBack(seat));
  }

  /** Any seated player asks that an away person's seat be played by a bot until they come back. */
  standIn(client: RoomClient, seat: number): Result<null> {
    if (client.seat === null || !this.clients.has(client)) return err('not-seated', 'only a player at this table can ask a bot to play for someone');
    if (!this.table || this.statusNow !== 'playing') return err('not-playing', 'the game is not being played');
    const current = this.seats[seat];
    if (!current) return err('no-such-seat', `this table has seats 0 to ${this.seats.length - 1}`);
    if (current.kind !== 'human' || this.table.hasStandIn(seat)) return err('already-bot', `seat ${seat} is already played by a bot`);
    if (this.isPresent(seat)) return err('player-present', `${current.name} is still here: a bot plays only for a player who is away`);
    this.table.replaceWithBot(seat, DEFAULT_BOT_LEVEL);
    this.clock.run(this.table);
    this.broadcastState();
    return ok(null);
  }

  spectate(client: RoomClient): void {
    // Already watching: nothing changes and nobody is told (a client re-sending it costs the server no sending at all).
    if (this.clients.has(client) && client.seat === null) return;
    this.enter(client, null);
    // The newcomer is told at once; the others learn the spectator count with the next state, or within a second.
    client.send({ v: PROTOCOL_VERSION, type: 'room', room: this.state() });
    this.spectatorsChanged();
  }

  leave(client: RoomClient): void {
    if (!this.clients.delete(client)) return;
    if (client.table) this.table?.disconnect(client.table);
    client.table = undefined;
    if (client.seat === null) this.spectatorsChanged();
    else this.broadcastState();
  }

  /** Spectators come and go in crowds: their count is sent to the room at most once a second. */
  private spectatorsChanged(): void {
    this.spectatorsDue ??= setTimeout(() => {
      this.spectatorsDue = null;
      this.broadcastState();
    }, SPECTATOR_COUNT_MS).unref();
  }

  /** The host starts now; open seats go to bots. */
  startNow(hostToken: string, level: Level = DEFAULT_BOT_LEVEL): Promise<Result<null>> {
    return this.serially(async () => {
      if (!this.isHost(hostToken)) return err('not-host', 'only the host can start the game');
      if (this.statusNow !== 'open') return err('room-started', 'the game has already started');
      const refused = this.seats.some((s) => s.kind === 'open') ? botRefusal(this.setup, 'it starts once every seat is taken') : null;
      if (refused) return err(refused.code, refused.message);
      await this.start(this.seats.map((s, i) => (s.kind === 'open' ? { kind: 'bot', name: botName(i, level), level } : s)));
      return ok(null);
    });
  }

  /** The host gives an open seat, or a seat whose player is gone, to a bot. */
  replaceWithBot(hostToken: string, seat: number, level: Level): Promise<Result<null>> {
    return this.serially(async () => {
      if (!this.isHost(hostToken)) return err('not-host', 'only the host can give a seat to a bot');
      if (this.statusNow === 'over') return err('game-over', 'the game is over');
      const current = this.seats[seat];
      if (!current) return err('no-such-seat', `this table has seats 0 to ${this.seats.length - 1}`);
      if (current.kind === 'bot') return err('already-bot', `seat ${seat} is already played by a bot`);
      // A player gone from a rated game is replaced, so the others play on (and loses it for rating); an empty seat is not.
      const refused = current.kind === 'open' ? botRefusal(this.setup, 'an empty seat waits for a person') : null;
      if (refused) return err(refused.code, refused.message);
      if (current.kind === 'human' && this.isPresent(seat))
        return err('player-present', `${current.name} is still here: only a missing player can be replaced`);
      const name = current.kind === 'human' ? `${current.name} (bot)` : botName(seat, level);
      const person = current.kind === 'human' && current.name !== null ? { person: current.name } : {};
      const seats = this.seats.with(seat, {
        kind: 'bot',
        name,
        level,
        ...person,
        ...(current.tokenHash ? { tokenHash: current.tokenHash } : {}),
        ...(current.account !== undefined ? { account: current.account } : {}),
        ...(current.bot ? { bot: true as const } : {}),
      });
      // The seat that fills a lobby and the start are one write.
      if (!this.table && seats.every((s) => s.kind !== 'open')) {
        await this.start(seats);
        return ok(null);
      }
      await this.options.store.updateRoom(this.row, seats, this.statusNow);
      this.seats = seats;
      if (this.table) {
        this.table.replaceWithBot(seat, level);
        this.clock.run(this.table);
      }
      this.broadcastState();
      return ok(null);
    });
  }

  /**
   * After the game is over, a seated player asks for (or confirms) another game here: same
   * room, link, seats and options, a fresh seed. It starts once every seated person has asked;
   * `now`, it starts at once, the seats of those who have not asked given to bots (each may come
   * back into theirs with its token): the host (`hostToken`) may do so at any time, any player
   * once everyone still here has asked, so a room never waits on someone who is gone.
   */
  rematch(client: RoomClient, hostToken?: string, now = hostToken !== undefined): Promise<Result<null>> {
    return this.serially(async () => {
      if (client.seat === null || !this.clients.has(client)) return err('not-seated', 'only a player at this table can ask for a rematch');
      if (hostToken !== undefined && !this.isHost(hostToken)) return err('not-host', 'only the host can start the rematch before everyone has confirmed');
      if (this.statusNow !== 'over') return err('not-over', 'a rematch can be asked for once the game is over');
      // The finished game's record is stored before a confirmation or the next game's row, so no game is lost between them.
      await this.finished;
      if (this.unstoredRecord) return err('storage', 'the finished game is not stored yet: ask again in a moment');
      const votes = this.rematchVotes.with(client.seat);
      if (now && hostToken === undefined && !votes.everyoneHere(this.seats, (seat) => this.isPresent(seat)))
        return err('not-everyone-here', 'someone still at the table has not confirmed yet: wait for them (the host may start now)');
      const refused = now && votes.waiting(this.seats) ? botRefusal(this.setup, 'the next game starts once every player has asked for it') : null;
      if (refused) return err(refused.code, refused.message);
      if (votes.waiting(this.seats) && !now) {
        await votes.save(this.options.store, this.row);
        this.rematchVotes = votes;
        this.broadcastState();
        return ok(null);
      }
      await this.startRematch(votes);
      return ok(null);
    });
  }

  /** Stores the next game's row (same seats, those who did not confirm given to bots), then deals it to everyone here. */
  private async startRematch(votes: RematchVotes): Promise<void> {
    const { id, gameNumber, setup, hostTokenHash, seats } = this;
    const next = votes.nextGame({ id, gameNumber, setup, hostTokenHash, seats }, this.options.seed?.() ?? newGameSeed(), DEFAULT_BOT_LEVEL);
    // Stored with the end of the finished game's wait for it (its confirmations cleared) in one write.
    await this.options.store.createRoom(next);
    this.table?.close();
    this.row = next.id;
    this.gameNumber = next.game;
    this.seed = next.seed;
    this.seats = next.seats;
    this.statusNow = 'playing';
    this.rematchVotes = new RematchVotes();
    this.rated = RatedGame.of(setup);
    this.finished = null;
    this.endedNow = this.nextEnding();
    this.startTable();
  }

  private nextEnding(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.markEnded = resolve;
    });
  }

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
      if (message.type === 'act' && client.seat !== null && this.table.seq > seq) this.rated?.movedIn(client.seat);
    } catch (e) {
      // The room moved to another process as the move was stored: it was not played there.
      if (e instanceof FencedOut) return client.send(MOVED_ON);
      // The store failed (retried, logged there): the player sends it again.
      if (e instanceof StorageFailed) {
        client.send(errorMessage('storage', 'the server could not store that action, so it was not played: send it again in a moment'));
        return;
      }
      this.options.log.error({ room: this.id, seat: client.seat, type: message.type, err: e }, 'an unforeseen error in a table message');
      client.send(errorMessage('internal', 'the server hit an unforeseen error on that message (logged for its operators): try again, or reload'));
    }
  }

  /** Sends a message to the connections here of the seat (or seats) an account sits in: the ratings' `rating` after a rated game. */
  tellAccount(account: string, message: ServerMessage): void {
    for (const client of this.clients) if (client.seat !== null && this.seats[client.seat]?.account === account) client.send(message);
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

  /** The finished game's room goes: nobody waits for a rematch any more, so its row is not rebuilt again (kept, as any game over). */
  async endRematchWait(): Promise<void> {
    if (this.statusNow === 'over' && this.rematchVotes.list.length > 0) await this.options.store.setRematch(this.row, null);
  }

  /** The room ends before its game started: each client is told why (`code`), and leaves it. */
  dismiss(code: string, message: string): void {
    const clients = [...this.clients];
    this.clients.clear();
    for (const client of clients) client.dismissed?.(code, message);
  }

  /** This copy of the room was dropped (another process took it over): each client goes to find the room there. */
  evacuate(): void {
    const clients = [...this.clients];
    this.clients.clear();
    for (const client of clients) client.moved?.();
  }

  async idle(): Promise<void> {
    await this.ops;
    await this.table?.idle();
    await this.finished;
  }

  private isHost(token: string): boolean {
    return hashToken(token) === this.hostTokenHash;
  }

  private isFull(): boolean {
    return this.seats.every((s) => s.kind !== 'open');
  }

  private isPresent(seat: number): boolean {
    return [...this.clients].some((c) => c.seat === seat && !c.away);
  }

  private enter(client: RoomClient, seat: number | null): void {
    if (client.table) this.table?.disconnect(client.table);
    client.seat = seat;
    client.table = undefined;
    this.clients.add(client);
    if (this.table) {
      client.table = this.table.connect(seat, client.send);
      this.sendClock([client]);
    }
  }

  /**
   * A person is back in their seat (a resume, a page that runs again): a seat the host gave
   * to a bot comes back to them, a bot standing in stops, and the room is told.
   */
  private async takeBack(seat: number): Promise<void> {
    const current = this.seats[seat];
    if (current.kind === 'bot' && current.person !== undefined && this.statusNow !== 'over') {
      const seats = this.seats.with(seat, {
        kind: 'human',
        name: current.person,
        tokenHash: current.tokenHash,
        ...(current.account !== undefined ? { account: current.account } : {}),
        ...(current.bot ? { bot: true as const } : {}),
      });
      await this.options.store.updateRoom(this.row, seats, this.statusNow);
      this.seats = seats;
    }
    // The clock skips a seat a bot plays: its turn may be running now.
    if (this.table?.giveBack(seat) || current.kind === 'bot') this.clock.run(this.table);
    this.broadcastState();
  }

  /** The deadline of a person's turn passed: a bot plays it for them, and if they are away, stands in for them until they are back. */
  private expire(seat: number): void {
    const table = this.table;
    if (!table) return;
    this.rated?.timedOut(seat);
    if (this.isPresent(seat)) {
      table
        .actForSeat(seat, DEFAULT_BOT_LEVEL, 'timer')
        .catch((e: Error) => this.options.log.error({ room: this.id, seat, err: e }, 'the turn timer could not play for a seat'));
    } else {
      table.replaceWithBot(seat, DEFAULT_BOT_LEVEL);
      this.broadcastState();
    }
  }

  /** The turn clock as it is now, to these clients. */
  private sendClock(clients: Iterable<RoomClient>): void {
    const clock: TurnClock | null = this.clock.current;
    const message: RoomServerMessage = {
      v: PROTOCOL_VERSION,
      type: 'clock',
      room: this.id,
      seat: clock?.seat ?? null,
      msLeft: clock ? Math.max(0, clock.deadline - Date.now()) : 0,
      turnSeconds: this.setup.turnSeconds ?? DEFAULT_TURN_SECONDS,
    };
    for (const client of clients) client.send(message);
  }

  /** A person's seat a host gave to a bot stays a person's at the table (with the bot standing in), so they can take it back. */
  private tableConfig(): TableConfig {
    const seats = this.seats.map((s, i): SeatConfig => {
      if (s.person !== undefined) return { kind: 'human', name: s.person };
      const level = s.level ?? DEFAULT_BOT_LEVEL;
      return s.kind === 'bot' ? { kind: 'bot', name: s.name ?? botName(i, level), level } : { kind: 'human', name: s.name ?? `Seat ${i + 1}` };
    });
    return {
      game: this.setup.game,
      players: this.setup.players,
      ...(this.setup.teams ? { teams: this.setup.teams } : {}),
      ...(this.setup.options ? { options: this.setup.options } : {}),
      seats,
    };
  }

  private tableHooks() {
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
  private async start(seats: StoredSeat[] = this.seats): Promise<void> {
    await this.options.store.updateRoom(this.row, seats, 'playing');
    crashPoint('start-stored');
    this.seats = seats;
    this.statusNow = 'playing';
    this.startTable();
  }

  /** Deals the first round of a game whose start is stored. */
  private startTable(): void {
    const table = Table.create(this.tableConfig(), this.seed, this.tableHooks());
    if (!table.ok) throw new Error(`room ${this.id}: the checked setup was refused at the start: ${table.error.message}`);
    this.attach(table.value);
  }

  /** A full room whose start could not be stored starts by itself once storage is back. */
  private async startOrRecover(): Promise<void> {
    try {
      await this.start();
    } catch (e) {
      this.options.log.warn({ room: this.id, err: e }, 'could not store the start of the game; it starts once storage is back');
      this.recovery.schedule();
      this.broadcastState();
    }
  }

  /** What a storage failure left undone, done again: a full room's start, the move of a bot or of a timed-out turn, the finished game's record. */
  private async redo(): Promise<void> {
    if (this.statusNow === 'open') {
      if (this.isFull()) await this.serially(() => (this.statusNow === 'open' ? this.start() : Promise.resolve()));
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
  private attach(table: Table): void {
    this.table = table;
    for (const [seat, s] of this.seats.entries()) if (s.kind === 'bot' && s.person !== undefined) table.replaceWithBot(seat, s.level ?? DEFAULT_BOT_LEVEL);
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
  private observe(message: TableMessage): void {
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
        this.options.log.warn({ room: this.id, err: e }, 'could not store the finished game; it is stored once storage is back');
        this.recovery.schedule();
      });
      this.broadcastState();
    }
  }

  /** Stores the finished game's record; the room is over (and may be evicted) once it is. */
  private async storeFinished(record: import('@hanafuda/engine').GameRecord): Promise<void> {
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

  /** Tells every client the room's state once this turn of the event loop is over (after the updates of this turn). */
  private broadcastState(): void {
    this.stateDue ??= setImmediate(() => this.sendStateNow());
  }

  /** Tells every client the room's state now (a seed commitment goes out before the deal it binds). */
  private sendStateNow(): void {
    if (this.stateDue) clearImmediate(this.stateDue);
    this.stateDue = null;
    const message: RoomServerMessage = { v: PROTOCOL_VERSION, type: 'room', room: this.state() };
    for (const client of this.clients) client.send(message);
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.ops.then(task);
    this.ops = run.catch(() => undefined);
    return run;
  }
}

const botName = (seat: number, level: Level): string => `Bot ${seat + 1} (${level})`;

/** A person's seat as they take it: `bot`, a program; `account`, theirs if they have one. */
const personSeat = (name: string, tokenHash: string, bot: boolean, account?: string): StoredSeat => ({
  kind: 'human',
  name,
  tokenHash,
  ...(bot ? { bot: true as const } : {}),
  ...(account !== undefined ? { account } : {}),
});
