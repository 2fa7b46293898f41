/**
 * What a round is worth for the game (RULES.md 3.10, 4.4, 5.4): the one place that turns a
 * simulated round's scores into the search's reward for a seat, from its view (the game's
 * running totals and the round numbers).
 *
 * - A round counts by the game's own scoring: its margin (my score minus the others' mean)
 *   where scores add up; under Sakura's `scoring: victories` the round's win too, counted as
 *   the game counts it (Chu 2, Basa 2 or 3), `VICTORY` points a victory.
 * - In the round that ends a game won by its totals (the last round; in Koi-Koi without a
 *   bankroll), winning the game is worth `GAME_WIN` more, judged on the totals after the round.
 *
 * - Each game's `…Chance` is that chance of winning the game once the round counts, where the
 *   round has a stake in it (a hint shows it beside the margin: search/search.ts `actionFigures`).
 *
 * The margin stays in every value: under `victories`, a search on the round's win alone lost
 * rounds and games to the margin-playing search (docs/experiments/strength-log.md "How the bots value
 * the game"). Rewards stay in round points,
 * so that the search's other constants (the greedy choice's lead) keep their size.
 */
import {
  type KoiKoiView,
  type NaraView,
  type SakuraView,
  sakuraRoundWinner,
  sakuraVictoryCount,
} from '@hanafuda/engine';

/**
 * What winning the game is worth in its last round, in round points: about a good round's
 * margin in Sakura and Nara; in Koi-Koi, whose rounds score a few points, more than any round,
 * so that its last round is played for the game (docs/experiments/expert-search-log.md, "A
 * fourth session").
 */
export const GAME_WIN = { sakura: 100, koikoi: 100, nara: 100 } as const;

/**
 * Koi-Koi before its last round: what the chance of winning the game is worth, in round
 * points, a round adding its change to its margin. 40 won more 4-round endings than 10 did
 * (docs/experiments/expert-search-log.md, "A fourth session").
 */
export const KOIKOI_CHANCE = 40;

/** Under `victories`, one victory in Sakura round points (the Chu margin), on top of the round's margin. */
export const VICTORY = 50;

/** A finished round's worth for the game to `side` (a seat where the game has no teams), from the round's scores. */
export type RoundValue = (scores: ArrayLike<number>, side: number, dealer: number) => number;

/** My score minus the others' mean. */
export function margin(scores: ArrayLike<number>, mine: number): number {
  let others = 0;
  for (let i = 0; i < scores.length; i++) if (i !== mine) others += scores[i];
  return scores[mine] - others / (scores.length - 1);
}

/** The game's result for `side` from its final totals: 1 alone on top, 1/k shared among k, 0 behind. */
export function gameResult(totals: ArrayLike<number>, side: number): number {
  let tied = 0;
  for (let i = 0; i < totals.length; i++) {
    if (totals[i] > totals[side]) return 0;
    if (totals[i] === totals[side]) tied++;
  }
  return 1 / tied;
}

/**
 * The chance of winning the game once a round's `gains` (what it adds to each side's total)
 * are added to `totals`: the game's result for the side, in a round that decides the game.
 */
function finalChance(
  totals: readonly number[],
  gains: (scores: ArrayLike<number>, dealer: number, out: Float64Array) => void,
): RoundValue {
  const after = new Float64Array(totals.length);
  return (scores, side, dealer) => {
    gains(scores, dealer, after);
    for (let i = 0; i < after.length; i++) after[i] += totals[i];
    return gameResult(after, side);
  };
}

/** A round's value: `round`, plus in a game's deciding round `gameWin` times its `chance` (the game's result). */
function withGame(round: RoundValue, chance: RoundValue | undefined, gameWin: number): RoundValue {
  return chance
    ? (scores, side, dealer) => round(scores, side, dealer) + gameWin * chance(scores, side, dealer)
    : round;
}

const addScores = (scores: ArrayLike<number>, _dealer: number, out: Float64Array): void => {
  for (let i = 0; i < out.length; i++) out[i] = scores[i];
};

/** Sakura's victories: who wins a round, and how many victories it counts (the engine's rules). */
function sakuraVictories(view: SakuraView) {
  const { sides, players, options } = view;
  // Called once per simulation: the scores are copied into one reused array, not a new one.
  const list = sides.map(() => 0);
  const won = { winner: 0, count: 0 };
  /** Sets `won`: the side that wins the round (the engine's rule; a lone top score needs no tie-break), and the victories it counts. */
  return (scores: ArrayLike<number>, dealer: number): typeof won => {
    let top = 0;
    let tied = false;
    for (let i = 0; i < list.length; i++) {
      list[i] = scores[i];
      if (i > 0 && list[i] === list[top]) tied = true;
      else if (list[i] > list[top]) {
        top = i;
        tied = false;
      }
    }
    won.winner = tied ? sakuraRoundWinner(list, sides, players, dealer) : top;
    won.count = sakuraVictoryCount(list, won.winner, false, options).count;
    return won;
  };
}

/** Sakura: in the game's last round, the chance of winning it once the round counts (points or victories); undefined before. */
export function sakuraChance(view: SakuraView): RoundValue | undefined {
  if (view.round < view.lastRound) return undefined;
  if (view.options.scoring === 'cumulative') return finalChance(view.totals, addScores);
  const win = sakuraVictories(view);
  return finalChance(view.totals, (scores, dealer, out) => {
    const { winner, count } = win(scores, dealer);
    out.fill(0);
    out[winner] = count;
  });
}

/** Sakura: a round counts by the game's scoring (victories or points); the last round also for the game. */
export function sakuraValue(view: SakuraView): RoundValue {
  const chance = sakuraChance(view);
  if (view.options.scoring === 'cumulative') return withGame(margin, chance, GAME_WIN.sakura);
  const win = sakuraVictories(view);
  // Victories won minus the others' mean, as `margin` counts points.
  const round: RoundValue = (scores, side, dealer) => {
    const { winner, count } = win(scores, dealer);
    return VICTORY * (winner === side ? count : -count / (scores.length - 1)) + margin(scores, side);
  };
  return withGame(round, chance, GAME_WIN.sakura);
}

/**
 * Koi-Koi: the spread (standard deviation) of one round's margin between two players:
 * 7.0 over 2000 rounds of the greedy bot against itself.
 */
const KOIKOI_ROUND_SPREAD = 7;

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26: error under 1e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Koi-Koi: the chance of winning the game once the round counts, where the totals race to the
 * game's end (no bankroll): in the last round the game's result; before it, the rounds left
 * after this one each adding a round's spread of luck to the lead (`KOIKOI_ROUND_SPREAD`, a
 * normal approximation). Undefined under a bankroll.
 */
export function koiKoiChance(view: KoiKoiView): RoundValue | undefined {
  if (view.options.bankroll !== 0) return undefined;
  const left = view.lastRound - view.round;
  if (left <= 0) return finalChance(view.totals, addScores);
  const spread = KOIKOI_ROUND_SPREAD * Math.sqrt(left);
  const totals = view.totals;
  return (scores, side) => normalCdf((totals[side] - totals[1 - side] + margin(scores, side)) / spread);
}

/**
 * Koi-Koi: round points; the last round also for the game (`GAME_WIN` times its result). Before
 * it, the game too: `KOIKOI_CHANCE` times what the round changes in the chance of winning the
 * game (`koiKoiChance`), so that a side ahead late plays safe and one behind takes risks. A
 * change, not the chance itself, so that an even round is still worth about 0.
 */
export function koiKoiValue(view: KoiKoiView): RoundValue {
  const chance = koiKoiChance(view);
  if (!chance || view.round >= view.lastRound) return withGame(margin, chance, GAME_WIN.koikoi);
  // The chance before the round: an even round's, per seat.
  const even = [0, 0];
  const before = [chance(even, 0, view.dealer), chance(even, 1, view.dealer)];
  return (scores, side, dealer) =>
    margin(scores, side) + KOIKOI_CHANCE * (chance(scores, side, dealer) - before[side]);
}

/** Whether this Koi-Koi round decides the game by its totals: the last round, scores counting up (no bankroll). */
export const isKoiKoiFinal = (view: KoiKoiView): boolean =>
  view.round >= view.lastRound && view.options.bankroll === 0;

/**
 * Nara: the round's results are the game's own payments (card score, yaku received − paid, or
 * the special hands, all from the simulator's scores), adding up to zero, so the margin is
 * 4/3 of my own result; the last round of a game of so many rounds also for the game.
 */
export function naraValue(view: NaraView): RoundValue {
  return withGame(margin, naraChance(view), GAME_WIN.nara);
}

/** Nara: in the last round of a game of so many rounds, the chance of winning it once the round counts; undefined else. */
export function naraChance(view: NaraView): RoundValue | undefined {
  return view.lastRound !== null && view.round >= view.lastRound
    ? finalChance(view.totals, addScores)
    : undefined;
}
