/**
 * `hanafuda arena`: bots against bots over duplicate deals. Deal d is a one-round game
 * seeded `SEED:deal:d` (its own RNG; the bots draw from theirs), played once per seating:
 * every side takes every bot's place in turn (2 players: seats swapped; teams: the team
 * layouts swap), so the luck of the deal cancels out of the differences.
 */
import { type Bot, botByName, oneRound, playGame } from '@hanafuda/bots';
import { type GameEvent, type GameModule, type GameSetup, seedRng } from '@hanafuda/engine';
import { parseFlags, wholeNumber } from '../args.js';
import type { Io } from '../io.js';
import { parseTableFlags } from '../table-flags.js';

const FLAGS = ['game', 'players', 'teams', 'options', 'bots', 'deals', 'seed', 'budget', 'game-rounds'];
const Z95 = 1.96;

export interface Interval {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * The mean with its normal 95% confidence interval (sample standard deviation). One value
 * says nothing of the spread: its interval is unbounded.
 */
export function meanInterval(values: readonly number[]): Interval {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, lo: -Infinity, hi: Infinity };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  const half = Z95 * Math.sqrt(variance / n);
  return { mean, lo: mean - half, hi: mean + half };
}

/** The Wilson score interval for `wins` out of `n` (95%); with no trials, no rate and the whole range. */
export function wilson(wins: number, n: number): Interval {
  if (n === 0) return { mean: NaN, lo: 0, hi: 1 };
  const p = wins / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { mean: p, lo: centre - half, hi: centre + half };
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The bot (index into the list) that plays side `side` in seating `seating`: every side takes every place in turn; extra sides get the last bot. */
export const botOfSide = (side: number, seating: number, sides: number, bots: number): number => Math.min((side + seating) % sides, bots - 1);

interface BotStats {
  /** Per deal: the sum and count of this bot's side scores. */
  dealSum: number[];
  dealCount: number[];
  rounds: number;
  roundWins: number;
  games: number;
  gameWins: number;
  dealer: { sum: number; n: number };
  notDealer: { sum: number; n: number };
  ms: number[];
}

const emptyStats = (): BotStats => ({ dealSum: [], dealCount: [], rounds: 0, roundWins: 0, games: 0, gameWins: 0, dealer: { sum: 0, n: 0 }, notDealer: { sum: 0, n: 0 }, ms: [] });

/**
 * The round's winning sides: the engine's `winner` where it names one (a side when the
 * scores are per side, else a seat; null: nobody), else the highest score.
 */
function roundWinners(end: GameEvent, scores: readonly number[], sideOfSeat: (seat: number) => number, perSide: boolean): number[] {
  if ('winner' in end) {
    if (end.winner === null) return [];
    return [perSide ? (end.winner as number) : sideOfSeat(end.winner as number)];
  }
  const top = Math.max(...scores);
  return scores.flatMap((v, side) => (v === top ? [side] : []));
}

export interface ArenaRun {
  readonly game: GameModule;
  readonly players: number;
  readonly teams?: readonly (readonly number[])[];
  readonly options: Record<string, unknown>;
  readonly bots: readonly Bot[];
  readonly deals: number;
  readonly seed: string;
  readonly gameRounds: number;
}

export interface ArenaResult {
  readonly stats: BotStats[];
  readonly seatings: number;
}

export function runArena(run: ArenaRun): ArenaResult {
  const { game, players, teams, bots } = run;
  const sides = teams ?? Array.from({ length: players }, (_, seat) => [seat]);
  const sideOfSeat = (seat: number) => sides.findIndex((m) => m.includes(seat));
  const seatings = sides.length;
  const stats = bots.map(emptyStats);
  // Per seating: each side's running total over the current game of `gameRounds` deals.
  const gameTotals = Array.from({ length: seatings }, () => sides.map(() => 0));
  for (let deal = 0; deal < run.deals; deal++) {
    for (const s of stats) {
      s.dealSum.push(0);
      s.dealCount.push(0);
    }
    for (let seating = 0; seating < seatings; seating++) {
      const botIndex = sides.map((_, side) => botOfSide(side, seating, seatings, bots.length));
      const seatBots = Array.from({ length: players }, (_, seat) => bots[botIndex[sideOfSeat(seat)]]);
      const rngs = seatBots.map((_, seat) => seedRng(`${run.seed}:bot:${deal}:${seating}:${seat}`));
      const setup: GameSetup = { players, teams, options: oneRound(game, run.options), seed: `${run.seed}:deal:${deal}` };
      const played = playGame(game, setup, seatBots, rngs);
      for (const d of played.decisions) stats[botIndex[sideOfSeat(d.seat)]].ms.push(d.ms);
      const end = played.rounds[0];
      // Scores come per side (Sakura's teams) or per seat.
      const raw = end.scores as number[];
      const perSide = raw.length !== players;
      const scores = perSide ? raw : sides.map((members) => raw[members[0]]);
      const winners = roundWinners(end, scores, sideOfSeat, perSide);
      const dealerSide = sideOfSeat(end.dealer as number);
      scores.forEach((score, side) => {
        const s = stats[botIndex[side]];
        s.dealSum[deal] += score;
        s.dealCount[deal] += 1;
        s.rounds += 1;
        if (winners.includes(side)) s.roundWins += 1;
        const bucket = side === dealerSide ? s.dealer : s.notDealer;
        bucket.sum += score;
        bucket.n += 1;
        gameTotals[seating][side] += score;
      });
      if ((deal + 1) % run.gameRounds === 0) {
        const totals = gameTotals[seating];
        const best = Math.max(...totals);
        totals.forEach((total, side) => {
          stats[botIndex[side]].games += 1;
          if (total === best) stats[botIndex[side]].gameWins += 1;
        });
        gameTotals[seating] = sides.map(() => 0);
      }
    }
  }
  return { stats, seatings };
}

const perDeal = (s: BotStats): number[] => s.dealSum.map((sum, d) => sum / s.dealCount[d]);
const signed = (x: number, digits = 2) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
/** An interval needs two deals; a rate needs one trial: otherwise "n/a" says so. */
const interval = (i: Interval, digits = 2) => `${signed(i.mean, digits)} ${Number.isFinite(i.lo) ? `[${signed(i.lo, digits)}, ${signed(i.hi, digits)}]` : '[n/a]'}`;
const percent = (i: Interval) => (Number.isNaN(i.mean) ? 'n/a' : `${(100 * i.mean).toFixed(1)}% [${(100 * i.lo).toFixed(1)}, ${(100 * i.hi).toFixed(1)}]`);

export function formatArena(run: ArenaRun, result: ArenaResult): string[] {
  const lines: string[] = [];
  const names = run.bots.map((b) => b.name);
  const width = Math.max(6, ...names.map((n) => n.length));
  lines.push(`${run.game.title}: ${run.players} players${run.teams ? `, teams ${JSON.stringify(run.teams)}` : ''}; ${run.deals} deals x ${result.seatings} seatings; seed ${run.seed}; games of ${run.gameRounds} deals`);
  lines.push(`${'bot'.padEnd(width)}  rounds  mean score/round [95% CI]   round wins [Wilson 95%]  game wins [Wilson 95%]  dealer adv.  ms/decision median p99`);
  result.stats.forEach((s, i) => {
    const mean = meanInterval(perDeal(s));
    const adv = s.dealer.n && s.notDealer.n ? s.dealer.sum / s.dealer.n - s.notDealer.sum / s.notDealer.n : 0;
    const ms = s.ms.slice().sort((a, b) => a - b);
    lines.push(
      [
        names[i].padEnd(width),
        String(s.rounds).padStart(6),
        interval(mean).padEnd(26),
        percent(wilson(s.roundWins, s.rounds)).padEnd(23),
        percent(wilson(s.gameWins, s.games)).padEnd(22),
        signed(adv).padStart(11),
        `${quantile(ms, 0.5).toFixed(2)} ${quantile(ms, 0.99).toFixed(2)}`.padStart(22),
      ].join('  '),
    );
  });
  const base = result.stats.length - 1;
  for (let i = 0; i < base; i++) {
    const a = perDeal(result.stats[i]);
    const b = perDeal(result.stats[base]);
    const diff = meanInterval(a.map((x, d) => x - b[d]));
    const verdict = !Number.isFinite(diff.lo) ? 'too few deals for an interval: use --deals 2 or more' : diff.lo > 0 ? 'better' : diff.hi < 0 ? 'worse' : 'no clear difference';
    lines.push(`${names[i]} - ${names[base]}: ${interval(diff)} per round, paired over ${a.length} deals (${verdict})`);
  }
  return lines;
}

export function arenaCommand(args: string[], io: Io): number {
  const parsed = parseFlags(args, FLAGS);
  const fail = (message: string) => {
    io.err(`hanafuda arena: ${message}`);
    return 2;
  };
  if ('error' in parsed) return fail(parsed.error);
  const { flags } = parsed;
  const table = parseTableFlags(flags);
  if ('error' in table) return fail(table.error);
  const { game, players, teams, options } = table;
  const deals = wholeNumber(flags.deals ?? '100', 'deals');
  if (typeof deals !== 'number') return fail(deals.error);
  if (flags.seed === undefined) return fail('--seed is required, so that a run can be repeated');
  const budget = flags.budget === undefined ? undefined : wholeNumber(flags.budget, 'budget');
  if (typeof budget === 'object') return fail(budget.error);
  const names = (flags.bots ?? '').split(',').filter((n) => n !== '');
  if (names.length < 2) return fail('--bots needs two or more bots, challenger first, e.g. --bots greedy,random (bots: random, greedy, search, search:N, easy, normal, hard, expert)');
  const sides = teams?.length ?? players;
  if (names.length > sides) return fail(`${names.length} bots for ${sides} sides: give at most one bot per side (--bots ${names.slice(0, sides).join(',')})`);
  const bots: Bot[] = [];
  for (const name of names) {
    const bot = botByName(name === 'search' && budget !== undefined ? `search:${budget}` : name);
    if (!bot) return fail(`unknown bot "${name}" (bots: random, greedy, search, search:N, easy, normal, hard, expert)`);
    bots.push(bot);
  }
  const defaultRounds = game.optionSpecs.find((s) => s.name === 'rounds')?.default;
  const gameRounds = wholeNumber(flags['game-rounds'] ?? String(typeof defaultRounds === 'number' ? defaultRounds : 6), 'game-rounds');
  if (typeof gameRounds !== 'number') return fail(gameRounds.error);
  const check = game.newGame({ players, teams: teams as GameSetup['teams'], options: oneRound(game, options), seed: `${flags.seed}:deal:0` });
  if (!check.ok) return fail(check.error.message);
  const run: ArenaRun = { game, players, teams: teams as ArenaRun['teams'], options, bots, deals, seed: flags.seed, gameRounds };
  const started = performance.now();
  const result = runArena(run);
  for (const line of formatArena(run, result)) io.out(line);
  io.err(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return 0;
}
