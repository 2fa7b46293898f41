/**
 * The hanafuda rules engine: its public API, name by name (a name not listed here is internal).
 * The search's mutable simulators are the separate, unstable `@hanafuda/engine/fast` entry.
 *
 * @packageDocumentation
 */
// Actions, cards and events: the plain data every game shares.
export {
  type Action,
  actionCard,
  actionKind,
  type ActionKind,
  describeAction,
  parseAction,
  sameAction,
} from './core/actions.js';
export {
  BLANK,
  card,
  type Card,
  cardById,
  type CardClass,
  cardId,
  cardIds,
  type CardInfo,
  CARDS,
  cardsOfMonth,
  classOf,
  GAJI,
  interchangeable,
  monthOf,
  MONTHS,
  NARA_DECK,
  type RibbonKind,
  sortCards,
  STANDARD_DECK,
} from './core/cards.js';
export {
  eventFor,
  eventsFor,
  type GameEvent,
  open,
  split,
  type SplitEvent,
  type Viewer,
} from './core/events.js';

// Games: the contract, the registry, options, setup helpers.
export { type DealerDraw, drawForDealer, openGame, type Opening } from './core/first-dealer.js';
export { type Applied, type GameModule, type GameSetup, type StartAt } from './core/game.js';
export { gameById, GAMES, type GameView } from './registry.js';
export { assertNever, pileYakuProgress, type PileRules, yakuProgressOf } from './progress.js';
export { type YakuProgress } from './core/yaku-progress.js';
export { type HandPlay, type PlayView } from './core/plays.js';
export {
  type GameLength,
  type OptionsOf,
  type OptionSpec,
  type OptionText,
  type OptionValue,
  parseLength,
  PRESET_OPTION,
  type Presets,
  validateOptions,
} from './core/options.js';
export { meetByMonth, type Meeting, meetWild, resolveTake, sameMonth, takeChoices } from './core/matching.js';
export { earliest, individualSides, sideOf, type Sides, turnOrder } from './core/sides.js';

// Records, results, randomness, scenarios.
export {
  type GameRecord,
  makeRecord,
  otherRules,
  parseRecord,
  RECORD_FORMAT,
  RECORD_VERSION,
  replayRecord,
  type ReplayStep,
  rulesOf,
} from './core/record.js';
export { RULES_VERSION } from './core/rules-version.js';
export { err, ok, type Result, type RuleError } from './core/result.js';
export { nextUint32, randomInt, type RngState, roundRng, roundSeed, seedRng, shuffled } from './core/rng.js';
export { sha256Hex } from './core/sha256.js';
export {
  checkCardsOnce,
  compareOutcome,
  type GameLookup,
  parseScenario,
  runScenario,
  type Scenario,
} from './core/scenario.js';
export { type Outcome, type ScenarioDeal, type ScenarioSetup } from './core/scenario-types.js';

// The games, each with its tables and types.
export {
  checkTable,
  checkTeams,
  type FixedDeal,
  type GajiClaim,
  type Hiki,
  roundFromDeal,
  sakura,
  SAKURA_DEAL,
  SAKURA_OPTIONS,
  SAKURA_VALUES,
  SAKURA_YAKU,
  SAKURA_YAKU_PENALTY,
  type SakuraOptions,
  type SakuraPending,
  type SakuraPhase,
  type SakuraRoundResult,
  sakuraRoundWinner,
  type SakuraState,
  type SakuraTable,
  sakuraVictoryCount,
  type SakuraView,
  type SakuraYakuDef,
  TEAM_LAYOUTS,
} from './games/sakura/index.js';
export {
  type DrawnTwin,
  koikoi,
  KOIKOI_OPTIONS,
  KOIKOI_PRESETS,
  KOIKOI_YAKU,
  KOIKOI_YAKU_COUNTS,
  KOIKOI_YAKU_SETS,
  koiKoiDealerRank,
  type KoiKoiDoubling,
  koiKoiDoublings,
  koiKoiMultiplied,
  type KoiKoiMultipliers,
  type KoiKoiOptions,
  type KoiKoiPhase,
  type KoiKoiPlay,
  type KoiKoiRoundEnd,
  type KoiKoiRoundResult,
  type KoiKoiScoredYaku,
  type KoiKoiState,
  type KoiKoiView,
  type KoiKoiYakuId,
  koiKoiYakuOf,
  type KoiKoiYakuRules,
  type KoiKoiYakuTally,
} from './games/koikoi/index.js';
export {
  oibana,
  OIBANA_OPTIONS,
  type OibanaOptions,
  type OibanaRoundResult,
  type OibanaState,
  type OibanaView,
} from './games/oibana/index.js';
export {
  nara,
  NARA_BANKROLL,
  NARA_BASE,
  NARA_DEAL_STEPS,
  NARA_DECK_POINTS,
  NARA_OPTIONS,
  NARA_SPECIAL_HANDS,
  NARA_VALUES,
  NARA_YAKU,
  naraBankroll,
  type NaraBankroll,
  type NaraBlankClaim,
  type NaraMonthTake,
  type NaraOptions,
  type NaraPhase,
  type NaraRoundResult,
  type NaraSpecialHand,
  type NaraState,
  type NaraView,
  type NaraYakuDef,
  naraYakuPayments,
} from './games/nara/index.js';
