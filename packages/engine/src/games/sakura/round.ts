/** Sakura rounds (docs/rules.md 3.2, 3.8, 3.9, 3.10): the deal and what follows it, the end-of-round claims, scoring, the next round. */
import { GAJI, STANDARD_DECK, cardId, cardIds, cardsOfMonth, monthOf } from '../../core/cards.js';
import { type SplitEvent, open, split } from '../../core/events.js';
import { roundRng, shuffled } from '../../core/rng.js';
import { sideOf } from '../../core/sides.js';
import { cardsIn, fullMonths, lowestBit, maskOf } from '../../fast/bits.js';
import { claimedLeftovers } from './gaji.js';
import { announceDealtHikis } from './hiki.js';
import { nextDealer, roundWinner, scoreSides, victoryCount } from './scoring.js';
import type { SakuraState } from './state.js';
import { DEAL } from './tables.js';

/** Whether a round ends (3.9): when hands and pile are both empty, or either under `roundEnd: pile-or-hands`. */
export const roundEnds = (eitherEnds: boolean, handsEmpty: boolean, pileEmpty: boolean): boolean =>
  eitherEnds ? handsEmpty || pileEmpty : handsEmpty && pileEmpty;

export const roundIsOver = (s: SakuraState): boolean =>
  roundEnds(
    s.options.roundEnd === 'pile-or-hands',
    s.hands.every((h) => h.length === 0),
    s.pile.length === 0,
  );

/** The months (bit m − 1) all four of whose cards were dealt to the field (lo, hi): the dealer captures them (3.2). */
export const dealtFours = (fieldLo: number, fieldHi: number): number => fullMonths(fieldLo, fieldHi);

/** Shuffles and deals a new round for `s.dealer`. */
export function dealRound(s: SakuraState, events: SplitEvent[]): void {
  const { hand, field } = DEAL[s.players];
  s.rng = roundRng(s.seed, s.round);
  const deck = shuffled(s.rng, STANDARD_DECK);
  s.hands = Array.from({ length: s.players }, (_, seat) => deck.slice(seat * hand, (seat + 1) * hand));
  s.field = deck.slice(s.players * hand, s.players * hand + field);
  s.pile = deck.slice(s.players * hand + field);
  s.captured = s.hands.map(() => []);
  s.plays = [];
  s.discarded = [];
  s.gaji = null;
  s.hikis = [];
  s.pending = null;
  s.toMove = s.dealer;
  events.push(open({ type: 'round-start', round: s.round, dealer: s.dealer }));
  for (let seat = 0; seat < s.players; seat++) {
    const hidden = { type: 'deal', seat, count: s.hands[seat].length };
    events.push(split(hidden, [seat], { ...hidden, cards: cardIds(s.hands[seat]) }));
  }
  events.push(open({ type: 'field', cards: cardIds(s.field), pile: s.pile.length }));
  afterDeal(s, events);
}

/** What the rules do to a fresh deal: the Gaji discard (option), the dealer's four-of-a-month captures, hikis. */
export function afterDeal(s: SakuraState, events: SplitEvent[]): void {
  if (s.options.gajiDealtToField === 'discarded' && s.field.includes(GAJI)) {
    s.field = s.field.filter((c) => c !== GAJI);
    s.discarded.push(GAJI);
    events.push(open({ type: 'discard', card: cardId(GAJI) }));
  }
  for (let months = dealtFours(...maskOf(s.field)); months !== 0; months &= months - 1) {
    const month = lowestBit(months) + 1;
    const four = cardsOfMonth(month);
    s.field = s.field.filter((c) => monthOf(c) !== month);
    s.captured[s.dealer].push(...four);
    events.push(open({ type: 'dealer-takes-four', seat: s.dealer, month, cards: cardIds(four) }));
  }
  announceDealtHikis(s, events);
}

/** The end-of-round Gaji claim (docs/rules.md 3.8): which leftover field cards go to the Gaji's user. */
function claimLeftovers(s: SakuraState, events: SplitEvent[]): number[] {
  if (!s.gaji) return [];
  const words = new Int32Array(2);
  claimedLeftovers(s.options.gajiClaim, s.gaji.with, ...maskOf(s.field), words);
  const claimed = cardsIn(s.field, words[0], words[1]);
  if (claimed.length === 0) return [];
  s.field = s.field.filter((c) => !claimed.includes(c));
  s.captured[s.gaji.seat].push(...claimed);
  events.push(open({ type: 'gaji-leftovers', seat: s.gaji.seat, cards: cardIds(claimed) }));
  return claimed;
}

/** Claims, scores, records the round; then deals the next round or ends the game. */
export function finishRound(s: SakuraState, events: SplitEvent[]): void {
  const claimed = claimLeftovers(s, events);
  const sideCards = s.sides.map((members) => members.flatMap((seat) => s.captured[seat]));
  const { points, yaku, scores } = scoreSides(sideCards, s.options);
  const winner = roundWinner(scores, s.sides, s.players, s.dealer);
  const win = victoryCount(
    scores,
    winner,
    yaku.some((y) => y.length > 0),
    s.options,
  );
  s.sideDealers[sideOf(s.sides, s.dealer)] = s.dealer;
  const dealer = nextDealer(winner, s.sides, s.players, s.dealer, s.sideDealers[winner], s.options);
  const result = {
    round: s.round,
    dealer: s.dealer,
    points,
    yaku,
    scores,
    winner,
    victories: win.count,
    label: win.label,
    nextDealer: dealer,
    claimed: cardIds(claimed),
    dead: cardIds([...s.field, ...s.hands.flat(), ...s.pile]),
  };
  s.results.push(result);
  if (s.options.scoring === 'victories') s.totals[winner] += win.count;
  else s.totals = s.totals.map((t, side) => t + scores[side]);
  events.push(open({ type: 'round-end', ...result, totals: s.totals.slice() }));
  if (s.round >= s.lastRound) {
    s.phase = 'over';
    s.pending = null;
    const best = Math.max(...s.totals);
    events.push(
      open({
        type: 'game-end',
        totals: s.totals.slice(),
        winners: s.sides.flatMap((_, side) => (s.totals[side] === best ? [side] : [])),
      }),
    );
    return;
  }
  s.round += 1;
  s.dealer = dealer;
  dealRound(s, events);
}
