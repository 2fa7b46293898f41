/** Nara Hana-awase (docs/rules.md §5) as a game module. */
import type { Action } from '../../core/actions.js';
import { applyOnCopy } from '../../core/apply-on-copy.js';
import { cardIds } from '../../core/cards.js';
import type { SplitEvent } from '../../core/events.js';
import type { Applied, GameModule } from '../../core/game.js';
import { ok, type Result } from '../../core/result.js';
import type { Outcome } from '../../core/scenario-types.js';
import { legalActions } from './legal.js';
import { NARA_OPTIONS } from './options.js';
import { pointsOf, yakuOf } from './scoring.js';
import { newGameState, scenarioState } from './setup.js';
import { type NaraState, cloneState } from './state.js';
import { decide, endTurn, startTurn } from './turn.js';
import { type NaraView, viewOf } from './view.js';

export { NARA_OPTIONS, type NaraOptions } from './options.js';
export {
  BANKROLL as NARA_BANKROLL,
  BASE as NARA_BASE,
  DEAL_STEPS as NARA_DEAL_STEPS,
  DECK_POINTS as NARA_DECK_POINTS,
  SPECIAL_HANDS as NARA_SPECIAL_HANDS,
  VALUES as NARA_VALUES,
  YAKU as NARA_YAKU,
  type SpecialHand as NaraSpecialHand,
  type YakuDef as NaraYakuDef,
} from './tables.js';
export type {
  NaraState,
  NaraRoundResult,
  BlankClaim as NaraBlankClaim,
  MonthTake as NaraMonthTake,
  Phase as NaraPhase,
} from './state.js';
export { bankroll as naraBankroll, type Bankroll as NaraBankroll, type NaraView } from './view.js';
export { yakuPayments as naraYakuPayments } from './scoring.js';

/** Plays the automatic steps up to the first decision (a position may start with a draw only, or be over). */
function begin(created: Result<{ state: NaraState; events: SplitEvent[] }>): Result<Applied<NaraState>> {
  if (!created.ok) return created;
  const { state: s, events } = created.value;
  if (s.phase === 'hand' && startTurn(s, events) === 'done') endTurn(s, events);
  return ok({ state: s, events });
}

const apply = (state: NaraState, action: Action) =>
  applyOnCopy(state, action, cloneState, decide, state.scenario ? 'the round is over' : 'the game is over');

function outcome(s: NaraState): Outcome {
  const ended = s.phase === 'over';
  const last = ended && !s.voided ? s.results[s.results.length - 1] : undefined;
  return {
    ended,
    captured: s.captured.map((c) => cardIds(c)),
    field: cardIds(s.field),
    yaku: last?.yaku ?? s.captured.map(yakuOf),
    points: last?.points ?? s.captured.map(pointsOf),
    ...(last ? { scores: last.scores, nextDealer: last.nextDealer } : {}),
    ...(s.voided ? { redeal: true } : {}),
  };
}

export const nara: GameModule<NaraState, NaraView> = {
  id: 'nara',
  title: 'Nara Hana-awase',
  minPlayers: 4,
  maxPlayers: 4,
  optionSpecs: NARA_OPTIONS,
  highlights: [
    'misdeal',
    'redeal-asked',
    'dealer-take',
    'blank-dealt',
    'blank-alone',
    'blank-claim',
    'all-chaff',
    'one-twenty',
  ],
  newGame: (setup) => begin(newGameState(setup)),
  fromScenario: (sc) => begin(scenarioState(sc)),
  toMove: (s) => (s.phase === 'over' ? null : s.toMove),
  legalActions,
  apply,
  view: viewOf,
  outcome,
};
