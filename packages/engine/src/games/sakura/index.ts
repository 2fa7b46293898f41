/** Sakura (Hawaiian hanafuda, docs/rules.md §3) as a game module. */
import { type Action } from '../../core/actions.js';
import { applyOnCopy } from '../../core/apply-on-copy.js';
import { type Card, GAJI, STANDARD_DECK, cardIds, monthOf } from '../../core/cards.js';
import { type SplitEvent, open } from '../../core/events.js';
import { drawForDealer, openGame } from '../../core/first-dealer.js';
import type { Applied, GameModule, GameSetup } from '../../core/game.js';
import { validateOptions } from '../../core/options.js';
import { err, ok, type Result } from '../../core/result.js';
import { roundRng } from '../../core/rng.js';
import { checkCardsOnce } from '../../core/scenario.js';
import type { Outcome, ScenarioSetup } from '../../core/scenario-types.js';
import { individualSides, type Sides } from '../../core/sides.js';
import { updateHikis } from './hiki.js';
import { legalActions } from './legal.js';
import { SAKURA_OPTIONS, type SakuraOptions } from './options.js';
import { afterDeal, dealRound } from './round.js';
import { pointsOf, yakuOf } from './scoring.js';
import { type SakuraState, cloneState } from './state.js';
import { TEAM_LAYOUTS } from './tables.js';
import { decide, endTurn, startTurn } from './turn.js';
import { type SakuraView, viewOf } from './view.js';

export { SAKURA_OPTIONS, type SakuraOptions } from './options.js';
export {
  DEAL as SAKURA_DEAL,
  VALUES as SAKURA_VALUES,
  YAKU as SAKURA_YAKU,
  TEAM_LAYOUTS,
  YAKU_PENALTY as SAKURA_YAKU_PENALTY,
} from './tables.js';
export type {
  SakuraState,
  SakuraRoundResult,
  GajiClaim,
  Hiki,
  Pending as SakuraPending,
  Phase as SakuraPhase,
} from './state.js';
export type { YakuDef as SakuraYakuDef } from './tables.js';
export { roundWinner as sakuraRoundWinner, victoryCount as sakuraVictoryCount } from './scoring.js';
export type { SakuraView } from './view.js';

/** Checks a team layout against docs/rules.md 3.1. */
export function checkTeams(
  players: number,
  teams: readonly (readonly number[])[] | undefined,
): Result<Sides> {
  if (teams === undefined) return ok(individualSides(players));
  const layouts = Object.values(TEAM_LAYOUTS[players] ?? {});
  const canonical = (t: readonly (readonly number[])[]) =>
    JSON.stringify(t.map((m) => m.slice().sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]));
  const match = layouts.find((layout) => canonical(layout) === canonical(teams));
  if (match) return ok(match);
  const allowed = Object.entries(TEAM_LAYOUTS).flatMap(([n, byName]) =>
    Object.entries(byName).map(([name, l]) => `${n} players ${name}: ${JSON.stringify(l)}`),
  );
  return err(
    'bad-teams',
    `teams ${JSON.stringify(teams)} is not a layout for ${players} players; layouts: ${allowed.join('; ')}`,
  );
}

/** Who plays, in which sides, under which house rules. */
export interface SakuraTable {
  readonly players: number;
  readonly sides: Sides;
  readonly options: SakuraOptions;
}

export function checkTable(
  players: number,
  teams: GameSetup['teams'],
  rawOptions: unknown,
): Result<SakuraTable> {
  if (!Number.isInteger(players) || players < 2 || players > 7)
    return err('bad-players', `Sakura is for 2 to 7 players, not ${players}`);
  const sides = checkTeams(players, teams);
  if (!sides.ok) return sides;
  const options = validateOptions(SAKURA_OPTIONS, rawOptions);
  if (!options.ok) return options;
  return ok({ players, sides: sides.value, options: options.value });
}

function blankState(
  table: SakuraTable,
  seed: string | number,
  dealer: number,
  round: number,
  lastRound: number,
): SakuraState {
  return {
    game: 'sakura',
    players: table.players,
    sides: table.sides,
    teamPlay: table.sides.some((m) => m.length > 1),
    options: table.options,
    seed,
    rng: roundRng(seed, 0),
    round,
    lastRound,
    dealer,
    totals: table.sides.map(() => 0),
    results: [],
    sideDealers: table.sides.map(() => null),
    hands: [],
    field: [],
    pile: [],
    captured: [],
    discarded: [],
    toMove: dealer,
    phase: 'hand',
    pending: null,
    gajiReturned: false,
    drawnTwin: null,
    gaji: null,
    hikis: [],
  };
}

/** Plays the automatic start of the first turn. */
function begin(s: SakuraState, events: SplitEvent[]): Applied<SakuraState> {
  if (startTurn(s, events) === 'done') endTurn(s, events);
  return { state: s, events };
}

function newGame(setup: GameSetup): Result<Applied<SakuraState>> {
  const table = checkTable(setup.players, setup.teams, setup.options);
  if (!table.ok) return table;
  const s = blankState(table.value, setup.seed, 0, 1, table.value.options.rounds);
  const opening = openGame(setup, s.lastRound, () => drawForDealer(s.rng, s.players, STANDARD_DECK, monthOf));
  if (!opening.ok) return opening;
  s.round = opening.value.round;
  s.dealer = opening.value.dealer;
  const events = opening.value.events;
  dealRound(s, events);
  return ok(begin(s, events));
}

function fromScenario(sc: ScenarioSetup): Result<Applied<SakuraState>> {
  const table = checkTable(sc.players, sc.teams, sc.options);
  if (!table.ok) return table;
  const { players } = table.value;
  const d = sc.deal;
  const seatOk = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < players;
  if (!seatOk(sc.dealer))
    return err('bad-scenario', `dealer ${sc.dealer} is not a seat of ${players} players`);
  if (d.toMove !== undefined && !seatOk(d.toMove))
    return err('bad-scenario', `toMove ${d.toMove} is not a seat`);
  const hands = d.hands ?? [];
  const captured = d.captured ?? hands.map(() => []);
  if (hands.length !== players || captured.length !== players)
    return err('bad-scenario', `deal.hands and deal.captured need one list per seat (${players})`);
  const present = checkCardsOnce(STANDARD_DECK, [...hands, d.field ?? [], d.pile ?? [], ...captured]);
  if (!present.ok) return present;
  const position = d.captured !== undefined;
  const teamDealers = d.teamDealers;
  if (teamDealers !== undefined) {
    const sides = table.value.sides;
    const fits =
      teamDealers.length === sides.length &&
      teamDealers.every((seat, side) => seat === null || (seatOk(seat) && sides[side].includes(seat)));
    if (!fits)
      return err(
        'bad-scenario',
        `deal.teamDealers needs, per team in the order of "teams", a seat of that team or null`,
      );
  }
  if (d.gaji) {
    if (
      !seatOk(d.gaji.seat) ||
      !captured[d.gaji.seat].includes(GAJI) ||
      !captured[d.gaji.seat].includes(d.gaji.with)
    ) {
      return err('bad-scenario', "deal.gaji: the Gaji and the card it took must be in that seat's captures");
    }
  }
  return ok(
    roundFromDeal(
      table.value,
      { ...d, hands, captured: position ? captured : undefined },
      sc.dealer,
      sc.round,
      `scenario:${sc.name}`,
    ),
  );
}

/** A fixed deal, or (with `captured`) a position in the middle of a round. */
export interface FixedDeal {
  readonly hands: readonly (readonly Card[])[];
  readonly field?: readonly Card[];
  readonly pile?: readonly Card[];
  readonly captured?: readonly (readonly Card[])[];
  readonly gaji?: { readonly seat: number; readonly with: Card };
  readonly toMove?: number;
  /** Per side, the seat that last dealt for it before this round (teamDealer rotate), or null. */
  readonly teamDealers?: readonly (number | null)[];
}

/** A game of one round from a fixed deal: used by scenarios, and by Oi-bana for the round after its auction. */
export function roundFromDeal(
  table: SakuraTable,
  deal: FixedDeal,
  dealer: number,
  round: number,
  seed: string,
): Applied<SakuraState> {
  const s = blankState(table, seed, dealer, round, round);
  s.hands = deal.hands.map((h) => h.slice());
  s.field = (deal.field ?? []).slice();
  s.pile = (deal.pile ?? []).slice();
  s.captured = deal.captured ? deal.captured.map((c) => c.slice()) : s.hands.map(() => []);
  s.gaji = deal.gaji ? { seat: deal.gaji.seat, with: deal.gaji.with, transferred: false } : null;
  s.toMove = deal.toMove ?? dealer;
  if (deal.teamDealers) s.sideDealers = deal.teamDealers.slice();
  const events: SplitEvent[] = [open({ type: 'round-start', round: s.round, dealer: s.dealer })];
  if (deal.captured) updateHikis(s, events);
  else afterDeal(s, events);
  return begin(s, events);
}

const apply = (state: SakuraState, action: Action) => applyOnCopy(state, action, cloneState, decide);

function outcome(s: SakuraState): Outcome {
  const ended = s.phase === 'over';
  const last = ended ? s.results[s.results.length - 1] : undefined;
  const sideCards = s.sides.map((members) => members.flatMap((seat) => s.captured[seat]));
  return {
    ended,
    captured: s.captured.map((c) => cardIds(c)),
    field: cardIds(s.field),
    yaku: last?.yaku ?? sideCards.map((c) => (s.options.yaku === 'on' ? yakuOf(c) : [])),
    points: last?.points ?? sideCards.map(pointsOf),
    ...(last ? { scores: last.scores, nextDealer: last.nextDealer } : {}),
    discarded: cardIds(s.discarded),
  };
}

export const sakura: GameModule<SakuraState, SakuraView> = {
  id: 'sakura',
  title: 'Sakura (Hawaiian hanafuda)',
  minPlayers: 2,
  maxPlayers: 7,
  optionSpecs: SAKURA_OPTIONS,
  highlights: [
    'dealer-takes-four',
    'discard',
    'hiki',
    'hiki-taken',
    'gaji-claim',
    'gaji-blocked',
    'gaji-transfer',
    'gaji-leftovers',
  ],
  newGame,
  fromScenario,
  toMove: (s) => (s.phase === 'over' ? null : s.toMove),
  legalActions,
  apply,
  view: viewOf,
  outcome,
};
