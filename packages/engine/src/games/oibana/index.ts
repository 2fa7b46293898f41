/** Oi-bana (docs/rules.md 3.11): an auction for the right to play a 2-player Sakura round, for money. */
import { type Action, actionKind } from '../../core/actions.js';
import { type Card, STANDARD_DECK, cardIds, monthOf } from '../../core/cards.js';
import { type SplitEvent, type Viewer, open, split } from '../../core/events.js';
import { drawForDealer, openGame } from '../../core/first-dealer.js';
import type { Applied, GameModule, GameSetup } from '../../core/game.js';
import { validateOptions } from '../../core/options.js';
import { err, ok, type Result } from '../../core/result.js';
import { roundRng, shuffled } from '../../core/rng.js';
import { checkCardsOnce } from '../../core/scenario.js';
import type { Outcome, ScenarioSetup } from '../../core/scenario-types.js';
import { turnOrder } from '../../core/sides.js';
import { checkTable, roundFromDeal, sakura } from '../sakura/index.js';
import type { SakuraView } from '../sakura/view.js';
import { type SeatMap, duelEvents, toTableAction, toTableMessage } from './duel.js';
import { OIBANA_OPTIONS, type OibanaOptions, sakuraPart } from './options.js';
import type { OibanaRoundResult, OibanaState } from './state.js';

export { OIBANA_OPTIONS, type OibanaOptions } from './options.js';
export type { OibanaState, OibanaRoundResult } from './state.js';

const HAND = 8;
const FIELD = 8;

function checkSetup(players: number, rawOptions: unknown): Result<OibanaOptions> {
  if (!Number.isInteger(players) || players < 2 || players > 6)
    return err('bad-players', `Oi-bana is for 2 to 6 players, not ${players}`);
  return validateOptions(OIBANA_OPTIONS, rawOptions);
}

function blankState(
  players: number,
  options: OibanaOptions,
  seed: string | number,
  dealer: number,
  round: number,
  lastRound: number,
): OibanaState {
  return {
    game: 'oibana',
    players,
    options,
    seed,
    rng: roundRng(seed, 0),
    round,
    lastRound,
    dealer,
    bankrolls: new Array<number>(players).fill(options.bankroll),
    phase: 'bid',
    toMove: dealer,
    hands: [],
    rest: [],
    fixedFieldAndPile: null,
    bids: [],
    duelists: null,
    duel: null,
    results: [],
  };
}

/** Deals 8 to every hand and opens the bidding at the dealer. */
function startAuction(s: OibanaState, events: SplitEvent[]): void {
  s.rng = roundRng(s.seed, s.round);
  const deck = shuffled(s.rng, STANDARD_DECK);
  s.hands = Array.from({ length: s.players }, (_, seat) => deck.slice(seat * HAND, (seat + 1) * HAND));
  s.rest = deck.slice(s.players * HAND);
  openBidding(s, events);
}

function openBidding(s: OibanaState, events: SplitEvent[]): void {
  s.bids = new Array<number | null>(s.players).fill(null);
  s.duelists = null;
  s.duel = null;
  s.phase = 'bid';
  s.toMove = s.dealer;
  events.push(
    open({ type: 'auction-start', round: s.round, dealer: s.dealer, bankrolls: s.bankrolls.slice() }),
  );
  for (let seat = 0; seat < s.players; seat++) {
    const hidden = { type: 'deal', seat, count: s.hands[seat].length };
    events.push(split(hidden, [seat], { ...hidden, cards: cardIds(s.hands[seat]) }));
  }
}

function newGame(setup: GameSetup): Result<Applied<OibanaState>> {
  const options = checkSetup(setup.players, setup.options);
  if (!options.ok) return options;
  const s = blankState(setup.players, options.value, setup.seed, 0, 1, options.value.rounds);
  const opening = openGame(setup, s.lastRound, () => drawForDealer(s.rng, s.players, STANDARD_DECK, monthOf));
  if (!opening.ok) return opening;
  s.round = opening.value.round;
  s.dealer = opening.value.dealer;
  const events = opening.value.events;
  startAuction(s, events);
  return ok({ state: s, events });
}

function fromScenario(sc: ScenarioSetup): Result<Applied<OibanaState>> {
  const options = checkSetup(sc.players, sc.options);
  if (!options.ok) return options;
  const d = sc.deal;
  if (d.captured || d.gaji)
    return err(
      'bad-scenario',
      'an Oi-bana scenario starts at the auction: "captured" and "gaji" are not supported',
    );
  if (!Number.isInteger(sc.dealer) || sc.dealer < 0 || sc.dealer >= sc.players)
    return err('bad-scenario', `dealer ${sc.dealer} is not a seat`);
  const hands = d.hands ?? [];
  if (hands.length !== sc.players || hands.some((h) => h.length !== HAND))
    return err('bad-scenario', `deal.hands needs ${sc.players} hands of ${HAND} cards`);
  const handsOnce = checkCardsOnce(STANDARD_DECK, [
    ...hands,
    STANDARD_DECK.filter((c) => !hands.flat().includes(c)),
  ]);
  if (!handsOnce.ok) return handsOnce;
  const field = (d.field ?? []).slice();
  const pile = (d.pile ?? []).slice();
  if (field.length + pile.length !== STANDARD_DECK.length - 2 * HAND) {
    return err(
      'bad-scenario',
      `deal.field and deal.pile must hold the ${STANDARD_DECK.length - 2 * HAND} cards not in the two winners' hands`,
    );
  }
  const s = blankState(sc.players, options.value, `scenario:${sc.name}`, sc.dealer, sc.round, sc.round);
  s.hands = hands.map((h) => h.slice());
  s.rest = STANDARD_DECK.filter((c) => !hands.flat().includes(c));
  s.fixedFieldAndPile = { field, pile };
  const events: SplitEvent[] = [];
  openBidding(s, events);
  return ok({ state: s, events });
}

/** A bid; the last one closes the auction and starts the round between the two highest bidders. */
function bid(s: OibanaState, seat: number, amount: number, events: SplitEvent[]): Result<true> {
  const bankroll = Math.max(0, s.bankrolls[seat]);
  if (amount > bankroll)
    return err('bid-too-high', `seat ${seat} cannot bid ${amount}: the bankroll is ${s.bankrolls[seat]}`);
  s.bids[seat] = amount;
  events.push(open({ type: 'bid', seat, bid: amount }));
  const order = turnOrder(s.players, s.dealer);
  const next = order.find((p) => s.bids[p] === null);
  if (next !== undefined) {
    s.toMove = next;
    return ok(true);
  }
  const ranked = order
    .slice()
    .sort((a, b) => (s.bids[b] as number) - (s.bids[a] as number) || order.indexOf(a) - order.indexOf(b));
  const duelists: SeatMap = [ranked[0], ranked[1]];
  const heldByDuelists = new Set([...s.hands[duelists[0]], ...s.hands[duelists[1]]]);
  let field: Card[];
  let pile: Card[];
  if (s.fixedFieldAndPile) {
    ({ field, pile } = s.fixedFieldAndPile);
    const fresh = STANDARD_DECK.filter((c) => !heldByDuelists.has(c));
    const given = checkCardsOnce(fresh, [field, pile]);
    if (!given.ok)
      return err(
        'bad-scenario',
        `the scenario's field and pile must hold exactly the cards not in the winners' hands: ${given.error.message}`,
      );
  } else {
    const returned = shuffled(
      s.rng,
      STANDARD_DECK.filter((c) => !heldByDuelists.has(c)),
    );
    field = returned.slice(0, FIELD);
    pile = returned.slice(FIELD);
  }
  s.duelists = [duelists[0], duelists[1]];
  events.push(open({ type: 'auction-end', bids: s.bids.slice(), duelists: s.duelists }));
  events.push(open({ type: 'field', cards: cardIds(field), pile: pile.length }));
  const table = checkTable(2, undefined, sakuraPart(s.options));
  if (!table.ok) return table;
  const start = roundFromDeal(
    table.value,
    { hands: [s.hands[duelists[0]], s.hands[duelists[1]]], field, pile },
    0,
    s.round,
    `${s.round}`,
  );
  s.phase = 'play';
  s.duel = start.state;
  events.push(...duelEvents(start.events, duelists));
  settleIfOver(s, events);
  return ok(true);
}

/** When the round is over: the loser pays the winner; then the next auction, or the end. */
function settleIfOver(s: OibanaState, events: SplitEvent[]): void {
  const duel = s.duel!;
  const map = s.duelists!;
  if (duel.phase !== 'over') {
    s.toMove = map[duel.toMove];
    return;
  }
  const r = duel.results[duel.results.length - 1];
  const winner = map[r.winner];
  const loser = map[1 - r.winner];
  const paid = (s.options.oiPays === 'winner-bid' ? s.bids[winner]! : s.bids[loser]!) * r.victories;
  const perSeat = <T>(f: (i: number) => T, none: T): T[] =>
    Array.from({ length: s.players }, (_, seat) => (map.includes(seat) ? f(map.indexOf(seat)) : none));
  const payments = perSeat((i) => (map[i] === winner ? paid : -paid), 0);
  s.bankrolls = s.bankrolls.map((b, seat) => b + payments[seat]);
  const result: OibanaRoundResult = {
    round: s.round,
    dealer: s.dealer,
    bids: s.bids.map((b) => b ?? 0),
    duelists: map,
    winner,
    points: perSeat((i) => r.points[i], 0),
    yaku: perSeat((i) => r.yaku[i], [] as string[]),
    payments,
    label: r.label,
  };
  s.results.push(result);
  events.push(
    open({
      type: 'round-end',
      ...result,
      scores: payments,
      nextDealer: winner,
      dead: r.dead,
      bankrolls: s.bankrolls.slice(),
    }),
  );
  if (s.round >= s.lastRound) {
    s.phase = 'over';
    const best = Math.max(...s.bankrolls);
    events.push(
      open({
        type: 'game-end',
        totals: s.bankrolls.slice(),
        winners: s.bankrolls.flatMap((b, seat) => (b === best ? [seat] : [])),
      }),
    );
    return;
  }
  s.round += 1;
  s.dealer = winner;
  startAuction(s, events);
}

function apply(state: OibanaState, action: Action): Result<Applied<OibanaState>> {
  if (state.phase === 'over') return err('game-over', 'the game is over');
  // A duelist's bare take may name the chaff its last draw met (the round decides; see applyOnCopy).
  const duelTake =
    state.phase !== 'bid' &&
    actionKind(action) === 'take' &&
    (state.duelists?.includes(action.seat) ?? false);
  if (action.seat !== state.toMove && !duelTake)
    return err('not-your-turn', `it is seat ${state.toMove}'s turn, not seat ${action.seat}'s`);
  const s: OibanaState = {
    ...state,
    bankrolls: state.bankrolls.slice(),
    bids: state.bids.slice(),
    results: state.results.slice(),
    rng: [...state.rng],
  };
  const events: SplitEvent[] = [];
  if (s.phase === 'bid') {
    if (actionKind(action) !== 'bid')
      return err('wrong-action', `seat ${action.seat} must bid (a whole number up to the bankroll)`);
    const done = bid(s, action.seat, (action as { bid: number }).bid, events);
    return done.ok ? ok({ state: s, events }) : done;
  }
  const map = s.duelists!;
  const next = sakura.apply(s.duel!, { ...action, seat: map.indexOf(action.seat) });
  if (!next.ok) return err(next.error.code, toTableMessage(next.error.message, map));
  s.duel = next.value.state;
  events.push(...duelEvents(next.value.events, map));
  settleIfOver(s, events);
  return ok({ state: s, events });
}

function legalActions(s: OibanaState): Action[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'bid') {
    const most = Math.max(0, s.bankrolls[s.toMove]);
    // Every whole bid is legal; offer a spread a player or bot would choose from.
    const steps = [...new Set([0, 10, 20, 50, 100, 200, 500, most].filter((b) => b <= most))];
    return steps.map((b) => ({ seat: s.toMove, bid: b }));
  }
  return sakura.legalActions(s.duel!).map((a) => toTableAction(a, s.duelists!));
}

export interface OibanaView {
  readonly game: 'oibana';
  readonly viewer: Viewer;
  readonly players: number;
  readonly options: OibanaOptions;
  readonly round: number;
  readonly lastRound: number;
  readonly dealer: number;
  readonly phase: OibanaState['phase'];
  readonly toMove: number | null;
  readonly bankrolls: number[];
  /** Bids made so far, in the open. */
  readonly bids: (number | null)[];
  /** The viewer's own 8 cards during the auction. */
  readonly hand: string[];
  readonly duelists: [number, number] | null;
  /** The round being played, in its own seats: index i is duelists[i]. */
  readonly duel: SakuraView | null;
  readonly results: OibanaRoundResult[];
  readonly actions: Action[];
}

function view(s: OibanaState, viewer: Viewer): OibanaView {
  const map = s.duelists;
  const duelSeat = map && viewer !== null && map.includes(viewer) ? map.indexOf(viewer) : null;
  const toMove = s.phase === 'over' ? null : s.toMove;
  return {
    game: 'oibana',
    viewer,
    players: s.players,
    options: s.options,
    round: s.round,
    lastRound: s.lastRound,
    dealer: s.dealer,
    phase: s.phase,
    toMove,
    bankrolls: s.bankrolls.slice(),
    bids: s.bids.slice(),
    hand: s.phase === 'bid' && viewer !== null ? cardIds(s.hands[viewer]) : [],
    duelists: map,
    duel: s.duel && map ? { ...sakura.view(s.duel, duelSeat), actions: [] } : null,
    results: s.results.slice(),
    actions: toMove !== null && toMove === viewer ? legalActions(s) : [],
  };
}

function outcome(s: OibanaState): Outcome {
  const map = s.duelists;
  const last = s.phase === 'over' ? s.results[s.results.length - 1] : undefined;
  if (!map || !s.duel) {
    return { ended: false, captured: s.hands.map(() => []), field: [], yaku: s.hands.map(() => []) };
  }
  const inner = sakura.outcome(s.duel);
  const perSeat = <T>(values: readonly T[], none: T): T[] =>
    Array.from({ length: s.players }, (_, seat) => (map.includes(seat) ? values[map.indexOf(seat)] : none));
  return {
    ended: s.phase === 'over',
    captured: perSeat(inner.captured, []),
    field: inner.field,
    yaku: perSeat(inner.yaku, []),
    points: perSeat(inner.points ?? [], 0),
    ...(last ? { scores: last.payments, nextDealer: last.winner, totals: s.bankrolls.slice() } : {}),
    discarded: inner.discarded,
  };
}

export const oibana: GameModule<OibanaState, OibanaView> = {
  id: 'oibana',
  title: 'Oi-bana (Sakura auction)',
  minPlayers: 2,
  maxPlayers: 6,
  optionSpecs: OIBANA_OPTIONS,
  highlights: ['hiki', 'hiki-taken', 'gaji-claim', 'gaji-blocked', 'gaji-transfer', 'gaji-leftovers'],
  newGame,
  fromScenario,
  toMove: (s) => (s.phase === 'over' ? null : s.toMove),
  legalActions,
  apply,
  view,
  outcome,
};
