/**
 * `hanafuda arena`: bots against bots over duplicate deals. Deal d is a one-round game
 * seeded `SEED:deal:d` (its own RNG; the bots draw from theirs), played once per seating:
 * every bot takes every side in turn (2 players: seats swapped; teams: the team layouts
 * swap), so the luck of the deal cancels out of the differences; with 3 or more sides the
 * bots' order around the table is drawn afresh each game (arena-deal.ts, seatingsOf).
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type Bot, botByName, oneRound } from '@hanafuda/bots';
import { type GameSetup, gameById } from '@hanafuda/engine';
import { type Interval, MIN_PAIRS, meanInterval, quantile, verdict, wilson } from '@hanafuda/stats';
import { wholeNumber } from '../args.js';
import { failWith, type Io } from '../io.js';
import { progressCounter } from '../progress.js';
import { parseTableCommand } from '../table-flags.js';
import { isBaselineName, loadBots } from './arena-bots.js';
import { type ArenaSpec, type SeatingOutcome, playDeals, sidesOf, startTotals } from './arena-deal.js';
import { ArenaRecord } from './arena-record.js';
import type { WorkerMessage } from './arena-worker.js';

export { seatingsOf } from './arena-deal.js';

const FLAGS = [
  'game',
  'players',
  'teams',
  'options',
  'bots',
  'deals',
  'seed',
  'budget',
  'game-rounds',
  'start-spread',
  'threads',
  'baseline',
  'record',
];
/** A run keeps every deal's outcomes (per seating, each decision's time) in memory, so its length is bounded; the longest run of docs/experiments/strength-log.md is 14,400 deals. */
const MAX_DEALS = 100_000;
const KNOWN =
  'bots: random, greedy, search, search:N, search:N/M, easy, normal, hard, expert; baseline:NAME with --baseline DIR';

interface BotStats {
  /** Per deal: the sum and count of this bot's side scores. */
  dealSum: number[];
  dealCount: number[];
  rounds: number;
  roundWins: number;
  games: number;
  gameWins: number;
  /** Per game g (deals g*gameRounds ... on, every seating): the games its sides finished, and those they won. */
  gameCount: number[];
  gameWinCount: number[];
  dealer: { sum: number; n: number };
  notDealer: { sum: number; n: number };
  ms: number[];
  /** Stops with cards in hand in a game's last round that left its side behind. */
  stoppedBehind: number;
  /** Brights and sake cups played to the field (other cards in hand) that the next player took. */
  lightsTaken: number;
}

const emptyStats = (): BotStats => ({
  dealSum: [],
  dealCount: [],
  rounds: 0,
  roundWins: 0,
  games: 0,
  gameWins: 0,
  gameCount: [],
  gameWinCount: [],
  dealer: { sum: 0, n: 0 },
  notDealer: { sum: 0, n: 0 },
  ms: [],
  stoppedBehind: 0,
  lightsTaken: 0,
});

export interface ArenaRun extends ArenaSpec {
  readonly deals: number;
}

export interface ArenaResult {
  /** The bots' names as given (a level by its level name), numbered where one bot plays twice. */
  readonly names: string[];
  readonly stats: BotStats[];
  readonly seatings: number;
}

/** The thread's script; the test runner loads this module from its TypeScript source, whose thread runs the build (npm test builds first). */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/commands/arena-worker.js', import.meta.url)
  : new URL('./arena-worker.js', import.meta.url);

/** Each game's deals: runs of `gameRounds` deals (the last may be shorter). */
function gamesOf(run: ArenaRun): number[][] {
  return Array.from({ length: Math.ceil(run.deals / run.gameRounds) }, (_, g) =>
    Array.from(
      { length: Math.min(run.gameRounds, run.deals - g * run.gameRounds) },
      (_, i) => g * run.gameRounds + i,
    ),
  );
}

/** What a run's playing needs besides the run: threads, a progress step after each deal, the record it keeps. */
export interface ArenaPlay {
  /** Threads the games are shared over (the result is the same on any number); default one. */
  readonly threads?: number;
  readonly onDeal?: () => void;
  /** Games recorded there are not played again; each game played is added as it ends. */
  readonly record?: ArenaRecord;
}

/** Every deal's outcome, in deal order: whole games, the recorded ones read back, the others played (game k of them on thread k mod `threads`). */
async function playAll(
  run: ArenaRun,
  bots: readonly Bot[],
  { threads = 1, onDeal, record }: ArenaPlay,
): Promise<SeatingOutcome[][]> {
  const spec: ArenaSpec = {
    gameId: run.gameId,
    players: run.players,
    teams: run.teams,
    options: run.options,
    botNames: run.botNames,
    seed: run.seed,
    gameRounds: run.gameRounds,
    baseline: run.baseline,
    startSpread: run.startSpread,
  };
  const outcomes: SeatingOutcome[][] = [];
  const todo: number[][] = [];
  for (const [game, deals] of gamesOf(run).entries()) {
    const kept = record?.outcomesOf(game, deals);
    if (!kept) todo.push(deals);
    else
      kept.forEach((o, i) => {
        outcomes[deals[i]] = o;
        onDeal?.();
      });
  }
  const played = (deals: readonly number[], o: SeatingOutcome[][]) => {
    o.forEach((x, i) => (outcomes[deals[i]] = x));
    record?.add({ game: Math.floor(deals[0] / run.gameRounds), deals, outcomes: o });
  };
  if (threads <= 1 || todo.length <= 1) {
    for (const deals of todo) played(deals, playDeals(spec, deals, bots, onDeal));
    return outcomes;
  }
  const shares = Array.from({ length: Math.min(threads, todo.length) }, (_, t) =>
    todo.filter((_, k) => k % threads === t),
  );
  await Promise.all(
    shares.map(
      (games) =>
        new Promise<void>((resolve, reject) => {
          let left = games.length;
          const worker = new Worker(WORKER_URL, { workerData: { spec, games } });
          worker.on('message', (m: WorkerMessage) => {
            if ('dealt' in m) return onDeal?.();
            if ('error' in m) return reject(new Error(m.error));
            played(m.deals, m.outcomes);
            if (--left === 0) resolve();
          });
          worker.once('error', reject);
          worker.once('exit', (code) =>
            left === 0
              ? resolve()
              : reject(new Error(`an arena thread exited (${code}) with ${left} games unplayed`)),
          );
        }),
    ),
  );
  return outcomes;
}

/** Plays every deal (see `ArenaPlay`) and tallies them per bot. */
export async function runArena(run: ArenaRun, play: ArenaPlay = {}): Promise<ArenaResult> {
  const bots = await loadBots(run.botNames, run.baseline);
  if ('error' in bots) throw new Error(bots.error);
  return { ...tally(run, await playAll(run, bots, play)), names: displayNames(run.botNames) };
}

/** Per bot: scores, wins, decision times and failures over the deals' outcomes, in deal order (games are runs of `gameRounds` deals). */
export function tally(run: ArenaRun, outcomes: readonly SeatingOutcome[][]): Omit<ArenaResult, 'names'> {
  const sides = sidesOf(run);
  const seatings = sides.length;
  const stats = run.botNames.map(emptyStats);
  // Per seating: each side's running total over the current game of `gameRounds` deals, from the totals it starts from.
  let gameTotals: number[][] = [];
  for (let deal = 0; deal < run.deals; deal++) {
    for (const s of stats) {
      s.dealSum.push(0);
      s.dealCount.push(0);
    }
    const lastOfGame = (deal + 1) % run.gameRounds === 0;
    const game = Math.floor(deal / run.gameRounds);
    if (deal % run.gameRounds === 0)
      gameTotals = Array.from({ length: seatings }, () => startTotals(run, game));
    if (lastOfGame) for (const s of stats) s.gameCount[game] = s.gameWinCount[game] = 0;
    outcomes[deal].forEach((o, seating) => {
      o.ms.forEach((ms, bot) => stats[bot].ms.push(...ms));
      o.lightsTaken.forEach((n, bot) => (stats[bot].lightsTaken += n));
      o.scores.forEach((score, side) => {
        const s = stats[o.botIndex[side]];
        s.dealSum[deal] += score;
        s.dealCount[deal] += 1;
        s.rounds += 1;
        if (o.winners.includes(side)) s.roundWins += 1;
        const bucket = side === o.dealerSide ? s.dealer : s.notDealer;
        bucket.sum += score;
        bucket.n += 1;
      });
      o.gamePoints.forEach((points, side) => (gameTotals[seating][side] += points));
      if (lastOfGame) {
        const totals = gameTotals[seating];
        const best = Math.max(...totals);
        if (
          o.stopper !== null &&
          totals[o.stopper] < Math.max(...totals.filter((_, side) => side !== o.stopper))
        )
          stats[o.botIndex[o.stopper]].stoppedBehind += 1;
        totals.forEach((total, side) => {
          const s = stats[o.botIndex[side]];
          s.games += 1;
          s.gameCount[game] += 1;
          // A tied game is a win for each side in the tie.
          if (total === best) {
            s.gameWins += 1;
            s.gameWinCount[game] += 1;
          }
        });
      }
    });
  }
  return { stats, seatings };
}

/** Names as given; a name given twice or more gets its place in the list: `greedy#1`, `greedy#4`. */
export function displayNames(names: readonly string[]): string[] {
  return names.map((n, i) => (names.filter((m) => m === n).length > 1 ? `${n}#${i + 1}` : n));
}

const perDeal = (s: BotStats): number[] => s.dealSum.map((sum, d) => sum / s.dealCount[d]);
/** Per finished game, the share of the bot's sides that won it in their seating (a tie is a win for each side in it). */
const perGame = (s: BotStats): number[] => s.gameWinCount.map((wins, g) => wins / s.gameCount[g]);
/** A figure to two places, or '-' where there was too little data for it. */
const decimals = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(2));
const signed = (x: number, digits = 2) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
/** An interval needs two deals; a rate needs one trial: otherwise "n/a" says so. */
const interval = (i: Interval, digits = 2) =>
  `${signed(i.mean, digits)} ${Number.isFinite(i.lo) ? `[${signed(i.lo, digits)}, ${signed(i.hi, digits)}]` : '[n/a]'}`;
const percentDiff = (i: Interval) =>
  Number.isNaN(i.mean)
    ? 'n/a'
    : `${signed(100 * i.mean, 1)}% ${Number.isFinite(i.lo) ? `[${signed(100 * i.lo, 1)}, ${signed(100 * i.hi, 1)}]` : '[n/a]'}`;
/** Paired differences a - b with their Student's t interval, and the verdict on it (`tooFew`: what to run for one). */
function paired(
  a: readonly number[],
  b: readonly number[],
  unit: string,
  tooFew: string,
): { diff: Interval; verdict: string } {
  const diff = meanInterval(a.map((x, k) => x - b[k]));
  return { diff, verdict: verdict(diff, a.length, unit, tooFew) };
}
const percent = (i: Interval) =>
  Number.isNaN(i.mean)
    ? 'n/a'
    : `${(100 * i.mean).toFixed(1)}% [${(100 * i.lo).toFixed(1)}, ${(100 * i.hi).toFixed(1)}]`;

export function formatArena(run: ArenaRun, result: ArenaResult): string[] {
  const lines: string[] = [];
  const names = result.names;
  const width = Math.max(6, ...names.map((n) => n.length));
  lines.push(
    `${gameById(run.gameId)!.title}: ${run.players} players${run.teams ? `, teams ${JSON.stringify(run.teams)}` : ''}; ${run.deals} deals x ${result.seatings} seatings; seed ${run.seed}; games of ${run.gameRounds} deals${run.startSpread ? ` from totals of spread ${run.startSpread}` : ''}`,
  );
  lines.push(
    `${'bot'.padEnd(width)}  rounds  mean score/round [95% CI]   round wins [Wilson 95%]  game wins [Wilson 95%]  dealer adv.  ms/decision median p99`,
  );
  result.stats.forEach((s, i) => {
    const mean = meanInterval(perDeal(s));
    const adv = s.dealer.n && s.notDealer.n ? s.dealer.sum / s.dealer.n - s.notDealer.sum / s.notDealer.n : 0;
    lines.push(
      [
        names[i].padEnd(width),
        String(s.rounds).padStart(6),
        interval(mean).padEnd(26),
        percent(wilson(s.roundWins, s.rounds)).padEnd(23),
        percent(wilson(s.gameWins, s.games)).padEnd(22),
        signed(adv).padStart(11),
        `${decimals(quantile(s.ms, 0.5))} ${decimals(quantile(s.ms, 0.99))}`.padStart(22),
      ].join('  '),
    );
  });
  // The challenger (the first bot) against each other bot.
  const a = perDeal(result.stats[0]);
  const g = perGame(result.stats[0]);
  for (let other = 1; other < result.stats.length; other++) {
    const points = paired(a, perDeal(result.stats[other]), 'deal', `use --deals ${MIN_PAIRS} or more`);
    lines.push(
      `${names[0]} - ${names[other]}: ${interval(points.diff)} per round, paired over ${a.length} deals (${points.verdict})`,
    );
    // Game g is the same deals in every seating: the challenger's share of game g's wins minus the other's is one pair.
    const wins = paired(
      g,
      perGame(result.stats[other]),
      'game',
      `use --deals ${MIN_PAIRS * run.gameRounds} or more`,
    );
    lines.push(
      `${names[0]} - ${names[other]}: game wins ${percentDiff(wins.diff)}, paired over ${g.length} games (${wins.verdict})`,
    );
  }
  result.stats.forEach((s, i) => {
    lines.push(
      `${names[i]}: stopped while behind in the last round: ${s.stoppedBehind} in ${s.games} games (${(s.stoppedBehind / Math.max(1, s.games)).toFixed(3)} a game); ` +
        `point cards thrown to the field and taken next turn: ${s.lightsTaken} in ${s.rounds} rounds (${(s.lightsTaken / Math.max(1, s.rounds)).toFixed(3)} a round)`,
    );
  });
  return lines;
}

export async function arenaCommand(args: string[], io: Io): Promise<number> {
  const fail = failWith(io, 'hanafuda arena', 2);
  const parsed = parseTableCommand(args, FLAGS);
  if ('error' in parsed) return fail(parsed.error);
  const { flags } = parsed;
  const { game, players, teams, options } = parsed.table;
  const deals = wholeNumber(flags.deals ?? '100', 'deals', 1, {
    value: MAX_DEALS,
    why: "a run keeps every deal's outcome in memory; run more seeds for more deals",
  });
  if (typeof deals !== 'number') return fail(deals.error);
  if (flags.seed === undefined) return fail('--seed is required, so that a run can be repeated');
  const budget = flags.budget === undefined ? undefined : wholeNumber(flags.budget, 'budget');
  if (typeof budget === 'object') return fail(budget.error);
  const names = (flags.bots ?? '').split(',').filter((n) => n !== '');
  if (names.length < 2)
    return fail(`--bots needs two or more bots, challenger first, e.g. --bots greedy,random (${KNOWN})`);
  const sides = teams?.length ?? players;
  if (names.length > sides)
    return fail(
      `${names.length} bots for ${sides} sides: give at most one bot per side (--bots ${names.slice(0, sides).join(',')})`,
    );
  const botNames: string[] = [];
  for (const name of names) {
    const resolved = name === 'search' && budget !== undefined ? `search:${budget}` : name;
    if (!isBaselineName(resolved) && !botByName(resolved)) return fail(`unknown bot "${name}" (${KNOWN})`);
    botNames.push(resolved);
  }
  const baseline = flags.baseline === undefined ? undefined : resolve(flags.baseline);
  const loaded = await loadBots(botNames, baseline);
  if ('error' in loaded) return fail(loaded.error);
  const threads = wholeNumber(flags.threads ?? String(availableParallelism()), 'threads');
  if (typeof threads !== 'number') return fail(threads.error);
  if (threads < 1) return fail('--threads must be 1 or more');
  const defaultRounds = game.optionSpecs.find((s) => s.name === 'rounds')?.default;
  const gameRounds = wholeNumber(
    flags['game-rounds'] ?? String(typeof defaultRounds === 'number' ? defaultRounds : 6),
    'game-rounds',
  );
  if (typeof gameRounds !== 'number') return fail(gameRounds.error);
  if (gameRounds < 1) return fail('--game-rounds must be 1 or more');
  const startSpread = wholeNumber(flags['start-spread'] ?? '0', 'start-spread', 0, {
    value: 100_000,
    why: 'it is the spread, in game points, of the totals each game starts from',
  });
  if (typeof startSpread !== 'number') return fail(startSpread.error);
  const check = game.newGame({
    players,
    teams: teams as GameSetup['teams'],
    options: oneRound(game, options),
    seed: `${flags.seed}:deal:0`,
  });
  if (!check.ok) return fail(check.error.message);
  const run: ArenaRun = {
    gameId: game.id,
    players,
    teams: teams as ArenaRun['teams'],
    options,
    botNames,
    deals,
    seed: flags.seed,
    gameRounds,
    ...(startSpread > 0 ? { startSpread } : {}),
    ...(baseline === undefined ? {} : { baseline }),
  };
  let record: ArenaRecord | undefined;
  if (flags.record !== undefined) {
    const opened = ArenaRecord.open(flags.record, run);
    if ('error' in opened) return fail(opened.error);
    record = opened;
    const kept = gamesOf(run).filter((deals, game) => opened.outcomesOf(game, deals)).length;
    io.err(
      `record ${flags.record}: ${kept} of ${Math.ceil(deals / gameRounds)} games kept; playing the others`,
    );
  }
  const started = performance.now();
  const progress = progressCounter(io.progress, 'arena', deals, 'deals');
  const result = await runArena(run, { threads, onDeal: () => progress.step(), record }).finally(() =>
    progress.clear(),
  );
  for (const line of formatArena(run, result)) io.out(line);
  io.err(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return 0;
}
