/** Bots by name, and the strength levels people choose from. */
import type { Bot } from './bot.js';
import { greedyBot } from './greedy/index.js';
import { noisyBot } from './noisy.js';
import { randomBot } from './random.js';
import { type SearchBudget, searchBot, searchDecision } from './search/search.js';

/**
 * The levels' budgets: simulations per decision, and a cap on the moves those simulations
 * play (docs/strength.md for what they buy and how long they take). The cap holds the
 * slowest decisions (a round's first plays: long rollouts, many candidates) to the level's
 * time: expert's to a 99th percentile under 50 ms on one core. Neither is a wall clock, as a
 * level's decision must be the same wherever it is made (in-line, a browser worker, a server
 * thread; packages/table/src/decide.ts): a caller that must answer in time passes `ms` to
 * `searchBot`.
 */
export const HARD_BUDGET: SearchBudget = { iterations: 250, moves: 5000 };
/** expert also reads the other seats' hands from their plays (search/play-inference.ts): in Koi-Koi, what makes it a step above hard. */
export const EXPERT_BUDGET: SearchBudget = { iterations: 8000, moves: 40_000, inference: true };
/**
 * hard in Koi-Koi: 3000 simulations or 25,000 moves, the smallest budget found that beats the
 * older expert in games. Koi-Koi's search gains little past it: expert's step above this hard
 * is its reading of the opponent's plays, not its budget (docs/strength.md; the runs behind it
 * in docs/experiments/strength-log.md and expert-search-log.md).
 */
export const HARD_KOIKOI_BUDGET: SearchBudget = { iterations: 3000, moves: 25_000 };

/**
 * hard in Nara: 100 simulations or 2,000 moves. Nara's search gains little past 250
 * simulations, so hard searches less than elsewhere to stay a clear step below expert and
 * above normal (docs/strength.md; the runs in docs/experiments/strength-log.md).
 */
export const HARD_NARA_BUDGET: SearchBudget = { iterations: 100, moves: 2000 };

/** hard's budget where a game has its own; the others search with `HARD_BUDGET`. */
const HARD_BY_GAME: Readonly<Record<string, SearchBudget>> = {
  koikoi: HARD_KOIKOI_BUDGET,
  nara: HARD_NARA_BUDGET,
};

/** A level's budget in a game (hard's differs in Koi-Koi and Nara). */
export function levelBudget(level: 'hard' | 'expert', game: string): SearchBudget {
  return level === 'expert' ? EXPERT_BUDGET : (HARD_BY_GAME[game] ?? HARD_BUDGET);
}

export const LEVELS = ['easy', 'normal', 'hard', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

const LEVEL_BOTS: Record<Level, () => Bot> = {
  easy: () => noisyBot(greedyBot, 0.4, 'easy'),
  normal: () => greedyBot,
  hard: () => ({
    name: 'hard',
    choose: (_game, view, rng) => searchDecision(view, rng, levelBudget('hard', view.game)),
  }),
  expert: () => searchBot(EXPERT_BUDGET, 'expert'),
};

export function botForLevel(level: Level): Bot {
  return LEVEL_BOTS[level]();
}

const NAMED: Record<string, () => Bot> = {
  random: () => randomBot,
  greedy: () => greedyBot,
};

/** The names `botByName` knows: the bots themselves, then the levels. */
export const BOT_NAMES: readonly string[] = [
  ...Object.keys(NAMED),
  'search',
  'search:N',
  'search:N/M',
  ...LEVELS,
];

/** A budget written `N` (N simulations a decision) or `N/M` (N simulations or M simulated moves, whichever ends first); undefined if not one. */
export function parseBudget(text: string): SearchBudget | undefined {
  const parts = /^([1-9][0-9]*)(?:\/([1-9][0-9]*))?$/.exec(text);
  if (!parts) return undefined;
  return parts[2]
    ? { iterations: Number(parts[1]), moves: Number(parts[2]) }
    : { iterations: Number(parts[1]) };
}

/**
 * A bot by name (`random`, `greedy`, `search`, `search:N` for N simulations per decision,
 * `search:N/M` for N simulations or M simulated moves, whichever ends first) or level (`easy`
 * ... `expert`); undefined if unknown. `search` alone searches as `hard`.
 */
export function botByName(name: string): Bot | undefined {
  if ((LEVELS as readonly string[]).includes(name)) return botForLevel(name as Level);
  if (name === 'search') return searchBot(HARD_BUDGET);
  const budget = name.startsWith('search:') ? parseBudget(name.slice('search:'.length)) : undefined;
  if (budget) return searchBot(budget, name);
  return NAMED[name]?.();
}
