/** Nara rounds (docs/rules.md 5.1, 5.3, 5.4): the deal and its redeals, the blank's claim, scoring, the next round, the game's end. */
import { cardIds, monthOf } from '../../core/cards.js';
import { type SplitEvent, open } from '../../core/events.js';
import { afterDeal } from './before-play.js';
import { blankClaimMonth } from './blank.js';
import { roundRng } from '../../core/rng.js';
import { shuffleAndDeal } from './deal.js';
import { nextDealer, scoreRound } from './scoring.js';
import type { NaraState } from './state.js';

type Events = SplitEvent[];

/** Starts round `s.round`: its shuffles (and any redeal's) draw from the round's own seed. */
export function startRound(s: NaraState, events: Events): void {
  s.rng = roundRng(s.seed, s.round);
  dealRound(s, events);
}

/** Shuffles and deals for `s.dealer` until a deal stands (a misdeal is dealt again by the same dealer). */
function dealRound(s: NaraState, events: Events): void {
  do shuffleAndDeal(s, events);
  while (afterDeal(s, events) === 'void');
}

/** A void deal (misdeal, or a redeal asked): a scenario ends there; a game deals again. */
export function voidDeal(s: NaraState, events: Events): void {
  if (s.scenario) {
    s.voided = true;
    s.phase = 'over';
    s.pending = null;
    return;
  }
  dealRound(s, events);
}

export const roundIsOver = (s: NaraState): boolean =>
  s.hands.every((h) => h.length === 0) && s.draws.every((d) => d.length === 0);

/** The end-of-round claim: leftover cards of the month the blank captured go to the blank's user. */
function claimLeftovers(s: NaraState, events: Events): string[] {
  if (s.blank === null) return [];
  const month = blankClaimMonth(s.blank.with ?? -1);
  if (month === 0) return [];
  const claimed = s.field.filter((c) => monthOf(c) === month);
  if (claimed.length === 0) return [];
  s.field = s.field.filter((c) => !claimed.includes(c));
  s.captured[s.blank.seat].push(...claimed);
  events.push(open({ type: 'blank-claim', seat: s.blank.seat, month, cards: cardIds(claimed) }));
  return cardIds(claimed);
}

function gameIsOver(s: NaraState): boolean {
  if (s.scenario) return true;
  return 'rounds' in s.length
    ? s.round >= s.length.rounds
    : s.totals.some((t) => t >= (s.length as { target: number }).target);
}

/** Claims, scores, pays and records the round; then deals the next round or ends the game. */
export function finishRound(s: NaraState, events: Events): void {
  const claimed = claimLeftovers(s, events);
  const round = scoreRound(s.captured, s.options);
  if (round.special) round.yaku.forEach(([hand], seat) => hand && events.push(open({ type: hand, seat })));
  const dealer = nextDealer(round, s.dealer, s.seating);
  const result = {
    round: s.round,
    dealer: s.dealer,
    points: round.points,
    yaku: round.yaku,
    scores: round.scores,
    special: round.special,
    nextDealer: dealer,
    claimed,
    dead: cardIds(s.field),
  };
  s.results.push(result);
  s.totals = s.totals.map((t, seat) => t + round.scores[seat]);
  events.push(open({ type: 'round-end', ...result, totals: s.totals.slice() }));
  if (gameIsOver(s)) {
    s.phase = 'over';
    s.pending = null;
    const best = Math.max(...s.totals);
    events.push(
      open({
        type: 'game-end',
        totals: s.totals.slice(),
        winners: s.totals.flatMap((t, seat) => (t === best ? [seat] : [])),
      }),
    );
    return;
  }
  s.round += 1;
  s.dealer = dealer;
  startRound(s, events);
}
