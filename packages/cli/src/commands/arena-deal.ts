/**
 * One deal of `hanafuda arena`, played once per seating: what the tally needs of it, as
 * plain data, so that a deal plays the same in a worker thread as on the main thread.
 * Besides scores and decision times, two failures the bots are measured on: a stop
 * (Koi-Koi's Shobu) with cards left in hand, and a bright or the sake cup played to the
 * field, with other cards in hand, that the next player takes on their turn.
 */
import { type Bot, oneRound, playGame } from '@hanafuda/bots';
import {
  type Action,
  nextUint32,
  type GameEvent,
  type GameModule,
  type GameSetup,
  actionCard,
  actionKind,
  card,
  classOf,
  gameById,
  seedRng,
  shuffled,
} from '@hanafuda/engine';
import { normalQuantile } from '@hanafuda/stats';
import { type GameContext, inGame } from './arena-bots.js';

/** An arena run as data: what a thread needs to play its deals. */
export interface ArenaSpec {
  readonly gameId: string;
  readonly players: number;
  readonly teams?: readonly (readonly number[])[];
  readonly options: Record<string, unknown>;
  /** The bots by `botByName` names (or `baseline:NAME`), challenger first. */
  readonly botNames: readonly string[];
  readonly seed: string;
  /** Deals in a game: each deal is played as a round of its game, the bots seeing the game's totals. */
  readonly gameRounds: number;
  /** A checkout of another build, for `baseline:NAME` bots. */
  readonly baseline?: string;
  /** The spread of the totals a game starts from (`startTotals`); none (every side at 0) when absent or 0. */
  readonly startSpread?: number;
}

/** One seating of one deal. */
export interface SeatingOutcome {
  /** Per side, the bot (index into the list) that played it. */
  readonly botIndex: number[];
  /** Per side, the round's score. */
  readonly scores: number[];
  /** Per side, what the round adds to its game total: the score, or under Sakura's `victories` the victories it won. */
  readonly gamePoints: number[];
  readonly winners: number[];
  readonly dealerSide: number;
  /** Per bot, its decisions' milliseconds. */
  readonly ms: number[][];
  /** The side that ended the round by a stop with cards left in its hand, or null. */
  readonly stopper: number | null;
  /** Per bot, brights and sake cups it played to the field that the next player took. */
  readonly lightsTaken: number[];
}

export const sidesOf = (spec: Pick<ArenaSpec, 'players' | 'teams'>): readonly (readonly number[])[] =>
  spec.teams ?? Array.from({ length: spec.players }, (_, seat) => [seat]);

/**
 * Game `game`'s seatings: per seating, the bot (index into the list) on each side. The bots
 * (extra sides: the last bot again) sit around the table in an order drawn for the game, and
 * that order is rotated so that every bot takes every side once. With rotations alone a bot
 * would always sit behind the same neighbour, and two copies of one bot would differ by
 * their neighbours; the order drawn afresh each game (seeded, uniform) gives every bot every
 * neighbour alike. It holds for the game's deals, so a side keeps its bot for the game.
 * Two sides need no draw: their one order, rotated, is both seatings.
 */
export function seatingsOf(seed: string, game: number, sides: number, bots: number): number[][] {
  const lineup = Array.from({ length: sides }, (_, side) => Math.min(side, bots - 1));
  const order = sides <= 2 ? lineup : shuffled(seedRng(`${seed}:seating:${game}`), lineup);
  return Array.from({ length: sides }, (_, seating) =>
    order.map((_, side) => order[(side + seating) % sides]),
  );
}

/**
 * The totals each side of game `game` starts from, the same in every seating: all 0, or with
 * `startSpread` a whole number of points per side drawn (seeded `SEED:start:GAME`) from a
 * normal distribution of that spread, moved so that the lowest is 0 (the bots play by the
 * leads, and no total starts below the game's own start). Short games from such totals stand
 * for the end of long ones: `--game-rounds 1` plays last rounds, at leads as varied as the
 * rounds before would leave them.
 */
export function startTotals(
  spec: Pick<ArenaSpec, 'seed' | 'startSpread' | 'players' | 'teams'>,
  game: number,
): number[] {
  const sides = sidesOf(spec).length;
  if (!spec.startSpread) return Array.from({ length: sides }, () => 0);
  const rng = seedRng(`${spec.seed}:start:${game}`);
  // A uniform draw strictly inside (0, 1), so that its quantile is finite.
  const drawn = Array.from(
    { length: sides },
    () => spec.startSpread! * normalQuantile((nextUint32(rng) + 0.5) / 2 ** 32),
  );
  const lowest = Math.min(...drawn);
  return drawn.map((d) => Math.round(d - lowest));
}

/**
 * The round's winning sides: the engine's `winner` where it names one (a side when the
 * scores are per side, else a seat; null: nobody), else the highest score.
 */
function roundWinners(
  end: GameEvent,
  scores: readonly number[],
  sideOfSeat: (seat: number) => number,
  perSide: boolean,
): number[] {
  if ('winner' in end) {
    if (end.winner === null) return [];
    return [perSide ? (end.winner as number) : sideOfSeat(end.winner as number)];
  }
  const top = Math.max(...scores);
  return scores.flatMap((v, side) => (v === top ? [side] : []));
}

const SAKE = card('chrysanthemum-sake');
const isLight = (id: string): boolean => {
  const c = card(id);
  return classOf(c) === 'bright' || c === SAKE;
};

/**
 * The round replayed from `state` with its actions, turn by turn (a turn: one seat's actions in
 * a row): the seat that stopped with cards in hand, and per seat the lights it left on the
 * field at the end of its turn, with other cards in hand, that were gone after the next turn.
 */
export function roundFailures(
  game: GameModule,
  start: unknown,
  actions: readonly Action[],
  players: number,
): { stopper: number | null; lightsTaken: number[] } {
  let state = start;
  let stopper: number | null = null;
  const lightsTaken = Array.from({ length: players }, () => 0);
  /** Lights thrown in the turn under way, and those of the turn before awaiting this one's end. */
  let thrown: { seat: number; card: string }[] = [];
  let watched: { seat: number; card: string }[] = [];
  const field = () => (game.view(state, 0) as { field?: readonly string[] }).field ?? [];
  for (const [i, action] of actions.entries()) {
    const seat = game.toMove(state)!;
    const hand = (game.view(state, seat) as { hand?: readonly string[] }).hand ?? [];
    const playedId =
      actionKind(action) === 'play' && actionCard(action, 'play') !== undefined
        ? (action as { play: string }).play
        : undefined;
    if (actionKind(action) === 'shobu' && hand.length > 0) stopper = seat;
    const next = game.apply(state, action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
    if (playedId !== undefined && hand.length > 1 && isLight(playedId)) thrown.push({ seat, card: playedId });
    const turnOver = i === actions.length - 1 || game.toMove(state) !== seat;
    if (turnOver) {
      const now = field();
      for (const w of watched) if (!now.includes(w.card)) lightsTaken[w.seat]++;
      watched = thrown.filter((t) => now.includes(t.card));
      thrown = [];
    }
  }
  return { stopper, lightsTaken };
}

/**
 * Plays the deals `deals` (whole games of `spec.gameRounds` deals, in order) once per
 * seating each, every seating keeping its game's running totals (from `startTotals`);
 * `onDeal` after each deal. `bots` are `spec.botNames`' as `loadBots` loads them (a test may
 * hand its own).
 */
export function playDeals(
  spec: ArenaSpec,
  deals: readonly number[],
  bots: readonly Bot[],
  onDeal?: () => void,
): SeatingOutcome[][] {
  const sides = sidesOf(spec).length;
  let totals: number[][] = [];
  return deals.map((deal) => {
    if (deal % spec.gameRounds === 0 || totals.length === 0)
      totals = Array.from({ length: sides }, () => startTotals(spec, Math.floor(deal / spec.gameRounds)));
    const roundsAfter = spec.gameRounds - 1 - (deal % spec.gameRounds);
    const outcomes = playDeal(spec, bots, deal, (seating) => ({ roundsAfter, sideTotals: totals[seating] }));
    outcomes.forEach((o, seating) =>
      o.gamePoints.forEach((points, side) => (totals[seating][side] += points)),
    );
    onDeal?.();
    return outcomes;
  });
}

/** Plays deal `deal` once per seating, as a round of a game in `context` (per seating). */
export function playDeal(
  spec: ArenaSpec,
  bots: readonly Bot[],
  deal: number,
  context: (seating: number) => GameContext,
): SeatingOutcome[] {
  const game = gameById(spec.gameId)!;
  const sides = sidesOf(spec);
  const sideOfSeat = (seat: number) => sides.findIndex((m) => m.includes(seat));
  const outcomes: SeatingOutcome[] = [];
  const seatings = seatingsOf(spec.seed, Math.floor(deal / spec.gameRounds), sides.length, bots.length);
  for (let seating = 0; seating < sides.length; seating++) {
    const botIndex = seatings[seating];
    const inContext = bots.map((bot) => inGame(bot, context(seating), sideOfSeat));
    const seatBots = Array.from({ length: spec.players }, (_, seat) => inContext[botIndex[sideOfSeat(seat)]]);
    const rngs = seatBots.map((_, seat) => seedRng(`${spec.seed}:bot:${deal}:${seating}:${seat}`));
    const setup: GameSetup = {
      players: spec.players,
      teams: spec.teams as GameSetup['teams'],
      options: oneRound(game, spec.options),
      seed: `${spec.seed}:deal:${deal}`,
    };
    const played = playGame(game, setup, seatBots, rngs);
    const ms = bots.map((): number[] => []);
    for (const d of played.decisions) ms[botIndex[sideOfSeat(d.seat)]].push(d.ms);
    const end = played.rounds[0];
    // Scores come per side (Sakura's teams) or per seat.
    const raw = end.scores as number[];
    const perSide = raw.length !== spec.players;
    const scores = perSide ? raw : sides.map((members) => raw[members[0]]);
    const start = game.newGame(setup);
    if (!start.ok) throw new Error(start.error.message);
    const found = roundFailures(game, start.value.state, played.actions, spec.players);
    // What the round added to the game's totals (Nara's start at 1000; Oi-bana keeps bankrolls: its payments).
    const before = (game.view(start.value.state, null) as { totals?: number[] }).totals;
    const added = before === undefined ? raw : (end.totals as number[]).map((t, i) => t - before[i]);
    const gamePoints = added.length !== spec.players ? added : sides.map((members) => added[members[0]]);
    const lightsTaken = bots.map(() => 0);
    found.lightsTaken.forEach((n, seat) => (lightsTaken[botIndex[sideOfSeat(seat)]] += n));
    outcomes.push({
      botIndex,
      scores,
      gamePoints,
      winners: roundWinners(end, scores, sideOfSeat, perSide),
      dealerSide: sideOfSeat(end.dealer as number),
      ms,
      stopper: found.stopper === null ? null : sideOfSeat(found.stopper),
      lightsTaken,
    });
  }
  return outcomes;
}
