/**
 * Hanafuda bots that choose from a seat's view only: random, greedy, a determinized search,
 * the named levels, hints and game review. Each name here is public; the rest is internal.
 *
 * @packageDocumentation
 */
export { type Bot, type BotView } from './bot.js';
export { greedyBot, greedyChoice } from './greedy/index.js';
export { noisyBot } from './noisy.js';
export { randomBot } from './random.js';
export {
  FEATURES as KOIKOI_POLICY_FEATURES,
  HAND_WRITTEN_WEIGHTS as KOIKOI_HAND_WRITTEN_WEIGHTS,
  type PolicyWeights,
} from './search/koikoi-features.js';
export { koikoiPolicyExample, koikoiRolloutMargin, type PolicyExample } from './search/koikoi-examples.js';
export { type LeafValue } from './search/koikoi-leaf.js';
export {
  decodeMlp,
  encodeFloat32,
  type Mlp,
  mlpBuffers,
  type MlpData,
  mlpForward,
  type MlpOutput,
  mlpParameterCount,
} from './search/mlp.js';
export {
  encodePosition as encodeKoiKoiPosition,
  ORACLE_INPUTS as KOIKOI_ORACLE_INPUTS,
  POSITION_INPUTS as KOIKOI_POSITION_INPUTS,
  setRolloutMargin as setKoiKoiRolloutMargin,
  unseenInView as koikoiUnseenInView,
  VIEW_INPUTS as KOIKOI_VIEW_INPUTS,
} from './search/koikoi-position.js';
export {
  BELIEF_INPUTS as KOIKOI_BELIEF_INPUTS,
  beliefOf as koikoiBeliefOf,
  encodeBelief as encodeKoiKoiBelief,
} from './search/koikoi-belief.js';
export {
  type ActionFigures,
  type FiguresOptions,
  actionFigures,
  actionValues,
  halvingPlan,
  searchBot,
  searchDecision,
  searchOutcome,
  searches,
  type SearchBudget,
  type SearchOutcome,
} from './search/search.js';
export {
  botByName,
  botForLevel,
  BOT_NAMES,
  EXPERT_BUDGET,
  HARD_BUDGET,
  HARD_KOIKOI_BUDGET,
  HARD_NARA_BUDGET,
  type Level,
  levelBudget,
  LEVELS,
  parseBudget,
} from './levels.js';
export { type Decision, oneRound, playGame, type PlayedGame } from './match.js';
export {
  type DecisionReview,
  type GameReview,
  MARKED_DECISIONS,
  REVIEW_ITERATIONS,
  ReviewError,
  type ReviewOptions,
  reviewGame,
} from './review/review.js';
export { type Hint, HINT_ITERATIONS, hintFor, hintReason, type HintReason } from './hint/hint.js';
