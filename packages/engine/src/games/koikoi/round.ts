/** Koi-Koi rounds (docs/rules.md 4.1, 4.4): the deal and its checks, the end of a round, the next round. */
import { STANDARD_DECK, cardIds } from '../../core/cards.js';
import { type SplitEvent, open, split } from '../../core/events.js';
import { roundRng, shuffled } from '../../core/rng.js';
import {
  type VoidDeal,
  KUTTSUKI,
  NO_HAND_CHECK,
  TESHI,
  dealVoid as voidOf,
  fieldStacks,
  handCheckOf,
  handCheckWinner,
} from './checks.js';
import { maskOf } from '../../fast/bits.js';
import { type RoundScore, nextDealer, scoreHandsEmpty, scoreShobu } from './scoring.js';
import { type KoiKoiRoundEnd, type KoiKoiState, other } from './state.js';
import { HAND_CHECK_POINTS } from './tables.js';
import { yakuIds, yakuOf } from './yaku.js';

type Events = SplitEvent[];

export const seatYaku = (s: KoiKoiState, seat: number) =>
  yakuOf(s.captured[seat], { options: s.options, round: s.round, calledKoiKoi: s.koikoi[seat] > 0 });

/** Why a dealt round is void: the field (4.1), or under `teshi: redeal` a teshi in a hand. */
const dealVoid = (s: KoiKoiState): VoidDeal | null =>
  voidOf(s.field, s.hands, s.options.fourPairsRedeal, s.options.teshi === 'redeal');

/**
 * The Nintendo pattern (003): two cards to the non-dealer, two to the field, two to the
 * dealer, four times; the rest is the pile, top first.
 */
export function nintendoDeal(deck: readonly number[], dealer: number) {
  const hands: number[][] = [[], []];
  const field: number[] = [];
  for (let i = 0; i < 4; i++) {
    hands[other(dealer)].push(...deck.slice(6 * i, 6 * i + 2));
    field.push(...deck.slice(6 * i + 2, 6 * i + 4));
    hands[dealer].push(...deck.slice(6 * i + 4, 6 * i + 6));
  }
  return { hands, field, pile: deck.slice(24) };
}

function resetRound(s: KoiKoiState): void {
  s.captured = [[], []];
  s.plays = [];
  s.koikoi = [0, 0];
  s.lastTotal = [0, 0];
  s.pending = null;
  s.toMove = s.dealer;
  s.phase = 'hand';
}

/** Shuffles and deals round `s.round` for `s.dealer`; a void deal is shuffled and dealt again by the same dealer. */
export function dealRound(s: KoiKoiState, events: Events): void {
  resetRound(s);
  s.rng = roundRng(s.seed, s.round);
  events.push(open({ type: 'round-start', round: s.round, dealer: s.dealer }));
  for (;;) {
    const dealt = nintendoDeal(shuffled(s.rng, STANDARD_DECK), s.dealer);
    s.hands = dealt.hands;
    s.field = dealt.field;
    s.pile = dealt.pile;
    for (let seat = 0; seat < 2; seat++) {
      const hidden = { type: 'deal', seat, count: s.hands[seat].length };
      events.push(split(hidden, [seat], { ...hidden, cards: cardIds(s.hands[seat]) }));
    }
    events.push(open({ type: 'field', cards: cardIds(s.field), pile: s.pile.length }));
    const voided = dealVoid(s);
    if (!voided) break;
    events.push(open({ type: 'redeal', ...voided, dealer: s.dealer }));
  }
  afterDeal(s, events);
}

/**
 * A fixed deal's void check: a void deal ends the scenario (docs/scenarios.md: "ended, redeal").
 * Returns whether the deal stands.
 */
export function checkFixedDeal(s: KoiKoiState, events: Events): boolean {
  const voided = dealVoid(s);
  if (!voided) return true;
  events.push(open({ type: 'redeal', ...voided, dealer: s.dealer }));
  s.voided = true;
  s.phase = 'over';
  return false;
}

/** After a deal that stands: three-of-a-month stacks are announced; teshi and kuttsuki end the round at once. */
export function afterDeal(s: KoiKoiState, events: Events): void {
  for (const month of fieldStacks(s.field)) events.push(open({ type: 'stack', month }));
  const checks = s.hands.map((hand) => handCheckOf(...maskOf(hand), s.options.kuttsuki));
  const winner = handCheckWinner(checks[0], checks[1], s.dealer);
  if (winner < 0) return;
  const named = (seat: number) =>
    checks[seat] === TESHI ? 'teshi' : checks[seat] === KUTTSUKI ? 'kuttsuki' : null;
  for (const seat of [0, 1])
    if (checks[seat] !== NO_HAND_CHECK)
      events.push(open({ type: named(seat)!, seat, cards: cardIds(s.hands[seat]) }));
  const score: RoundScore = {
    winner,
    scores: [0, 1].map((seat) => (seat === winner ? HAND_CHECK_POINTS : 0)),
    oyaken: false,
  };
  finishRound(
    s,
    'hand-check',
    score,
    [0, 1].map((seat) => (seat === winner ? [named(seat)!] : [])),
    events,
  );
}

/** The round ends by Shobu or with both hands empty: score it. */
export function endPlay(s: KoiKoiState, end: 'shobu' | 'hands-empty', events: Events): void {
  const tallies = [0, 1].map((seat) => seatYaku(s, seat));
  const totals = tallies.map((t) => t.total);
  const score =
    end === 'shobu'
      ? scoreShobu(s.toMove, totals, s.koikoi, s.options)
      : scoreHandsEmpty(totals, s.koikoi, s.dealer, s.options);
  if (score.oyaken) events.push(open({ type: 'oyaken', seat: s.dealer }));
  const yaku = tallies.map((t, seat) => [
    ...yakuIds(t),
    ...(score.oyaken && seat === s.dealer ? ['oyaken'] : []),
  ]);
  finishRound(s, end, score, yaku, events);
}

/**
 * The totals after a round. Without a bankroll the scores add up; with one (option
 * bankroll, KoiKoi Japan) the round is zero-sum: the other player pays the winner's score,
 * never more than they have.
 */
export function addScores(totals: readonly number[], scores: readonly number[], bankroll: number): number[] {
  if (bankroll === 0) return totals.map((t, seat) => t + scores[seat]);
  const paid = [0, 1].map((seat) => Math.min(scores[seat], totals[other(seat)]));
  return totals.map((t, seat) => t + paid[seat] - paid[other(seat)]);
}

/** Records the round, adds the scores; then deals the next round or ends the game (its last round, or a bankroll at 0). */
function finishRound(
  s: KoiKoiState,
  end: KoiKoiRoundEnd,
  score: RoundScore,
  yaku: string[][],
  events: Events,
): void {
  const yakuTotals = end === 'hand-check' ? [0, 0] : [0, 1].map((seat) => seatYaku(s, seat).total);
  const result = {
    round: s.round,
    dealer: s.dealer,
    end,
    winner: score.winner,
    yaku,
    yakuTotals,
    scores: score.scores,
    koikoi: s.koikoi.slice(),
    nextDealer: nextDealer(score, s.dealer),
  };
  s.results.push(result);
  s.totals = addScores(s.totals, score.scores, s.options.bankroll);
  s.pending = null;
  events.push(open({ type: 'round-end', ...result, totals: s.totals.slice() }));
  if (s.round >= s.lastRound || (s.options.bankroll > 0 && s.totals.some((t) => t === 0))) {
    s.phase = 'over';
    const best = Math.max(...s.totals);
    events.push(
      open({
        type: 'game-end',
        totals: s.totals.slice(),
        winners: [0, 1].filter((seat) => s.totals[seat] === best),
      }),
    );
    return;
  }
  s.round += 1;
  s.dealer = result.nextDealer;
  dealRound(s, events);
}
