/** Koi-Koi (docs/rules.md §4) as a game module. */
import type { Action } from '../../core/actions.js';
import { applyOnCopy } from '../../core/apply-on-copy.js';
import { type Card, STANDARD_DECK, cardIds, classOf, monthOf } from '../../core/cards.js';
import { type SplitEvent, open } from '../../core/events.js';
import { drawForDealer, openGame } from '../../core/first-dealer.js';
import type { Applied, GameModule, GameSetup } from '../../core/game.js';
import { err, ok, type Result } from '../../core/result.js';
import { roundRng } from '../../core/rng.js';
import { checkCardsOnce } from '../../core/scenario.js';
import type { Outcome, ScenarioSetup } from '../../core/scenario-types.js';
import { legalActions } from './legal.js';
import { KOIKOI_OPTIONS, KOIKOI_PRESETS, type KoiKoiOptions, validateKoiKoiOptions } from './options.js';
import { afterDeal, checkFixedDeal, dealRound, endPlay, seatYaku } from './round.js';
import { type KoiKoiState, cloneState, other } from './state.js';
import { decide } from './turn.js';
import { type KoiKoiView, viewOf } from './view.js';
import { yakuIds } from './yaku.js';

export { KOIKOI_OPTIONS, KOIKOI_PRESETS, type KoiKoiOptions } from './options.js';
export {
  YAKU as KOIKOI_YAKU,
  YAKU_COUNTS as KOIKOI_YAKU_COUNTS,
  YAKU_SETS as KOIKOI_YAKU_SETS,
  type KoiKoiYakuId,
} from './tables.js';
export {
  type KoiKoiDoubling,
  koiKoiDoublings,
  multiplied as koiKoiMultiplied,
  type Multipliers as KoiKoiMultipliers,
} from './scoring.js';
export {
  yakuOf as koiKoiYakuOf,
  type ScoredYaku as KoiKoiScoredYaku,
  type YakuRules as KoiKoiYakuRules,
  type YakuTally as KoiKoiYakuTally,
} from './yaku.js';
export type { KoiKoiState, KoiKoiRoundResult, KoiKoiRoundEnd, KoiKoiPhase, KoiKoiPlay } from './state.js';
export type { DrawnTwin } from '../../core/apply-on-copy.js';
export type { KoiKoiView } from './view.js';

const CLASS_RANK = { bright: 0, animal: 1, ribbon: 2, chaff: 3, blank: 4 } as const;

/** The first-dealer draw (docs/rules.md 4.1): the earlier month deals; same month, the higher class; still tied, draw again. */
export const koiKoiDealerRank = (c: Card): number => monthOf(c) * 4 + CLASS_RANK[classOf(c)];

function blankState(
  options: KoiKoiOptions,
  seed: string | number,
  dealer: number,
  round: number,
  lastRound: number,
): KoiKoiState {
  return {
    game: 'koikoi',
    players: 2,
    options,
    seed,
    rng: roundRng(seed, 0),
    round,
    lastRound,
    dealer,
    totals: [options.bankroll, options.bankroll],
    results: [],
    hands: [[], []],
    field: [],
    pile: [],
    captured: [[], []],
    toMove: dealer,
    phase: 'hand',
    pending: null,
    koikoi: [0, 0],
    lastTotal: [0, 0],
    voided: false,
    drawnTwin: null,
  };
}

const checkPlayers = (players: number): Result<true> =>
  players === 2 ? ok(true) : err('bad-players', `Koi-Koi is for 2 players, not ${players}`);

function newGame(setup: GameSetup): Result<Applied<KoiKoiState>> {
  const players = checkPlayers(setup.players);
  if (!players.ok) return players;
  if (setup.teams !== undefined) return err('bad-teams', 'Koi-Koi is played without teams');
  const options = validateKoiKoiOptions(setup.options);
  if (!options.ok) return options;
  const s = blankState(options.value, setup.seed, 0, 1, options.value.rounds);
  const opening = openGame(setup, s.lastRound, () =>
    drawForDealer(s.rng, 2, STANDARD_DECK, koiKoiDealerRank),
  );
  if (!opening.ok) return opening;
  s.round = opening.value.round;
  s.dealer = opening.value.dealer;
  const events = opening.value.events;
  dealRound(s, events);
  return ok({ state: s, events });
}

/** Play opens with the seat to move; a seat with no hand is passed over, and no hands at all end the round. */
function beginPlay(s: KoiKoiState, events: SplitEvent[]): void {
  if (s.phase !== 'hand') return;
  if (s.hands.every((h) => h.length === 0)) endPlay(s, 'hands-empty', events);
  else if (s.hands[s.toMove].length === 0) s.toMove = other(s.toMove);
}

function fromScenario(sc: ScenarioSetup): Result<Applied<KoiKoiState>> {
  const players = checkPlayers(sc.players);
  if (!players.ok) return players;
  const options = validateKoiKoiOptions(sc.options);
  if (!options.ok) return options;
  const d = sc.deal;
  const isSeat = (n: unknown) => n === 0 || n === 1;
  if (!isSeat(sc.dealer)) return err('bad-scenario', `dealer ${sc.dealer} is not a seat of 2 players`);
  if (d.toMove !== undefined && !isSeat(d.toMove))
    return err('bad-scenario', `toMove ${d.toMove} is not a seat`);
  const hands = d.hands ?? [];
  const captured = d.captured ?? [[], []];
  if (hands.length !== 2 || captured.length !== 2)
    return err('bad-scenario', 'deal.hands and deal.captured need one list per seat (2)');
  for (const key of ['koikoi', 'lastTotal'] as const) {
    const v = d[key];
    if (v !== undefined && (v.length !== 2 || v.some((n) => n < 0)))
      return err('bad-scenario', `${key} needs one whole number ≥ 0 per seat (2)`);
  }
  const present = checkCardsOnce(STANDARD_DECK, [...hands, d.field ?? [], d.pile ?? [], ...captured]);
  if (!present.ok) return present;
  const s = blankState(options.value, `scenario:${sc.name}`, sc.dealer, sc.round, sc.round);
  s.hands = hands.map((h) => h.slice());
  s.field = (d.field ?? []).slice();
  s.pile = (d.pile ?? []).slice();
  s.captured = captured.map((c) => c.slice());
  s.koikoi = (d.koikoi ?? [0, 0]).slice();
  s.lastTotal = (d.lastTotal ?? [0, 0]).slice();
  s.toMove = d.toMove ?? sc.dealer;
  const events: SplitEvent[] = [open({ type: 'round-start', round: s.round, dealer: s.dealer })];
  // A position (deal with `captured`) skips the deal's own checks (docs/scenarios.md).
  if (d.captured === undefined && checkFixedDeal(s, events)) afterDeal(s, events);
  beginPlay(s, events);
  return ok({ state: s, events });
}

const apply = (state: KoiKoiState, action: Action) => applyOnCopy(state, action, cloneState, decide);

function outcome(s: KoiKoiState): Outcome {
  const base = { captured: s.captured.map((c) => cardIds(c)), field: cardIds(s.field) };
  if (s.voided) return { ended: true, ...base, yaku: [[], []], redeal: true };
  const ended = s.phase === 'over';
  const last = ended ? s.results[s.results.length - 1] : undefined;
  return {
    ended,
    ...base,
    yaku: last?.yaku ?? [0, 1].map((seat) => yakuIds(seatYaku(s, seat))),
    ...(last ? { scores: last.scores, nextDealer: last.nextDealer, totals: s.totals.slice() } : {}),
  };
}

export const koikoi: GameModule<KoiKoiState, KoiKoiView> = {
  id: 'koikoi',
  title: 'Koi-Koi',
  minPlayers: 2,
  maxPlayers: 2,
  optionSpecs: KOIKOI_OPTIONS,
  presets: KOIKOI_PRESETS,
  highlights: ['koikoi', 'shobu', 'teshi', 'kuttsuki', 'redeal', 'oyaken', 'stack'],
  newGame,
  fromScenario,
  toMove: (s) => (s.phase === 'over' ? null : s.toMove),
  legalActions,
  apply,
  view: viewOf,
  outcome,
};
