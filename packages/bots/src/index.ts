/** Hanafuda bots: public API. */
export * from './bot.js';
export * from './greedy/index.js';
export * from './levels.js';
export * from './match.js';
export * from './noisy.js';
export * from './random.js';
export {
  actionValues,
  halvingPlan,
  searchBot,
  searchDecision,
  searchOutcome,
  searches,
  type SearchBudget,
  type SearchOutcome,
} from './search/search.js';
export * from './review/review.js';
export * from './hint/hint.js';
