/**
 * A room: the lobby around one game (seats with display names and secret tokens, the host,
 * spectators), then the game itself on a `Table`, which alone speaks to the players about
 * it. The room stores every accepted action before the table broadcasts it, publishes the
 * seed commitments, runs the turn clock (turn-clock.ts), tells who is away, and keeps the
 * record when the game ends. Each of those has a file of its own, one layer on another:
 * room-core.ts (what a room holds), room-audience.ts (who is in it, what they are told),
 * room-play.ts (the game in play), room-rematch.ts, room-seating.ts; this file is the room's
 * face: making one, rebuilding one from the store, and its state.
 */
import { type Result, RULES_VERSION, err, gameById, ok, otherRules, rulesOf } from '@hanafuda/engine';
import { DEFAULT_TURN_SECONDS, type RoomSetup, type RoomState, type RoomStatus } from '@hanafuda/protocol';
import { Table } from '@hanafuda/table';
import { hashToken, newGameSeed, newRoomId, newToken } from './ids.js';
import { type Access, access } from './room-access.js';
import type { StoredRoom, StoredSeat } from '../store/store.js';
import { RematchVotes } from './rematch-votes.js';
import { checkRated } from '../fair-play/rated-setup.js';
import { RatedGame } from '../fair-play/rated-game.js';
import { type RoomOptions, botName } from './room-options.js';
import { RoomSeating } from './room-seating.js';

export type { AccountsTold, RoomClient, RoomOptions, ServerMessage } from './room-options.js';

/** The game's own checks of a room setup (players, teams, options): a trial game is dealt from `seed`. */
export function checkGame(setup: RoomSetup, seed: string = newGameSeed()): Result<null> {
  const game = gameById(setup.game);
  if (!game) return err('unknown-game', `unknown game "${setup.game}"`);
  if (setup.rated) {
    const rated = checkRated(setup);
    if (!rated.ok) return rated;
  }
  const trial = game.newGame({
    players: setup.players,
    teams: setup.teams,
    options: setup.options ?? {},
    seed,
  });
  return trial.ok ? ok(null) : trial;
}

export class Room extends RoomSeating {
  private constructor(
    id: string,
    setup: RoomSetup,
    hostTokenHash: string,
    seats: StoredSeat[],
    statusNow: RoomStatus,
    seed: string,
    options: RoomOptions,
    /** The store's row of the game now in play: the room's id for its first game, `<id>_<n>` for a rematch. */
    row: string = id,
    /** Which game of the room this is. */
    gameNumber = 1,
  ) {
    super(id, setup, hostTokenHash, seats, statusNow, seed, options, row, gameNumber);
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
    const stored: StoredRoom = {
      id,
      setup,
      hostTokenHash: hashToken(hostToken),
      seats,
      status,
      seed,
      createdAt: Date.now(),
      rules: RULES_VERSION,
    };
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
      const why =
        'it cannot go on without dealing or scoring differently, so it has stopped here (its moves are kept); start a new game';
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

  /** Not started, and a seat the lobby kept for someone it paired is still empty. */
  get waitsForPaired(): boolean {
    return this.statusNow === 'open' && this.seats.some((s) => s.kind === 'open' && s.reserved !== undefined);
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

  override state(): RoomState {
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
      ...(this.statusNow === 'over'
        ? {
            rematch: this.rematchVotes.list,
            freeSeats: this.rematchVotes.free(this.seats, (seat) => this.isPresent(seat)),
          }
        : {}),
    };
  }
}
