/**
 * Game review: a finished game replayed from its record, and each decision of one seat
 * rated from that seat's view only (never the hidden cards) by the search's simulations:
 * the expected points of every legal action, the move played against the best one.
 * Deterministic: each decision draws its samples from an RNG named by the record's seed
 * and the decision's place in the record, so the same record and budget give the same figures.
 */
import {
  type Action,
  type GameModule,
  type GameRecord,
  gameById,
  replayRecord,
  sameAction,
  seedRng,
} from '@hanafuda/engine';
import type { BotView } from '../bot.js';
import { READING_PLAYS, actionValues, searches } from '../search/search.js';

export interface ReviewOptions {
  /** The seat whose decisions are rated. */
  readonly seat: number;
  /** Simulations per decision, shared evenly by its legal actions (REVIEW_ITERATIONS by default). */
  readonly budget?: number;
  /** Called after each rated decision. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface DecisionReview {
  /** The decision's index in `record.actions` (the replay step after it is `index + 1`). */
  readonly index: number;
  readonly round: number;
  /**
   * The legal actions, and the expected value of each as the search rates it: the seat's round
   * score minus the others' mean, plus the game's stake where the round has one (stakes/game.ts).
   */
  readonly actions: readonly Action[];
  readonly values: readonly number[];
  /** Indices into `actions`: the move played and the best one. */
  readonly played: number;
  readonly best: number;
  /** Expected points lost by the move played: `values[best] - values[played]`, never negative. */
  readonly loss: number;
  /** One of the decisions that lost the most (see `markWorst`). */
  readonly worst: boolean;
}

export interface GameReview {
  readonly game: string;
  readonly seat: number;
  readonly budget: number;
  readonly decisions: readonly DecisionReview[];
  /** The sum of every decision's loss. */
  readonly totalLoss: number;
}

/**
 * The review's simulations per decision: more than the expert bot's, since a review is not
 * played against a clock and rates every action where a bot only needs the best (a 12-round
 * Koi-Koi game takes about 2 s of one core: npm run bench:review).
 */
export const REVIEW_ITERATIONS = 10_000;

/** How many decisions a review marks at most, and the share of the largest loss a marked one must reach. */
export const MARKED_DECISIONS = 3;
const MARK_SHARE = 0.25;

export class ReviewError extends Error {}

interface Pending {
  readonly index: number;
  readonly view: BotView;
  readonly played: number;
}

/** The seat's decisions worth rating: more than one legal action, of a kind the search simulates. */
function decisionsOf(game: GameModule, record: GameRecord, seat: number): Pending[] {
  const steps = replayRecord(game, record);
  if (!steps.ok) throw new ReviewError(steps.error.message);
  const pending: Pending[] = [];
  for (let i = 0; i < record.actions.length; i++) {
    const action = record.actions[i];
    if (action.seat !== seat) continue;
    const view = game.view(steps.value[i].state, seat) as BotView;
    if (!searches(view)) continue;
    const played = view.actions.findIndex((a) => sameAction(a, action));
    if (played < 0)
      throw new ReviewError(`action ${i} (${JSON.stringify(action)}) is not among the seat's legal actions`);
    pending.push({ index: i, view, played });
  }
  return pending;
}

/** Marks the decisions that lost the most: at most MARKED_DECISIONS, each losing something and at least a quarter of the largest loss. */
function markWorst(losses: readonly number[]): Set<number> {
  const largest = Math.max(0, ...losses);
  const order = losses.map((_, i) => i).sort((a, b) => losses[b] - losses[a] || a - b);
  return new Set(
    order.slice(0, MARKED_DECISIONS).filter((i) => losses[i] > 0 && losses[i] >= largest * MARK_SHARE),
  );
}

export function reviewGame(record: GameRecord, options: ReviewOptions): GameReview {
  const game = gameById(record.game);
  if (!game) throw new ReviewError(`unknown game "${record.game}"`);
  const { seat } = options;
  if (!Number.isInteger(seat) || seat < 0 || seat >= record.players) {
    throw new ReviewError(
      `no seat ${seat} in a ${record.players}-player game (seats 0 to ${record.players - 1})`,
    );
  }
  const budget = options.budget ?? REVIEW_ITERATIONS;
  if (!Number.isInteger(budget) || budget < 1)
    throw new ReviewError(`the budget must be a whole number of simulations ≥ 1, not ${budget}`);
  const pending = decisionsOf(game, record, seat);
  const rated = pending.map(({ index, view, played }, n) => {
    const samples = Math.max(1, Math.floor(budget / view.actions.length));
    const values = actionValues(view, seedRng(`review:${record.seed}:${index}`), samples, READING_PLAYS);
    const top = values.reduce((b, v, i) => (v > values[b] ? i : b), 0);
    // A move as good as the best is the best: its loss is nil and it is shown as the best.
    const best = values[played] >= values[top] ? played : top;
    options.onProgress?.(n + 1, pending.length);
    return {
      index,
      round: view.round,
      actions: view.actions,
      values,
      played,
      best,
      loss: Math.max(0, values[best] - values[played]),
    };
  });
  const worst = markWorst(rated.map((d) => d.loss));
  const decisions = rated.map((d, i) => ({ ...d, worst: worst.has(i) }));
  return {
    game: record.game,
    seat,
    budget,
    decisions,
    totalLoss: decisions.reduce((sum, d) => sum + d.loss, 0),
  };
}
