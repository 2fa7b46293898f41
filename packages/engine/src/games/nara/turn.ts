/**
 * Nara decisions and the automatic steps between them (docs/rules.md 5.2, 5.3): the pile choice,
 * the redeal offer, the hand play, the draw from the player's own pile, the wild blank.
 */
import { type Action, actionCard, actionKind } from '../../core/actions.js';
import { BLANK, type Card, cardById, cardId, cardIds, monthOf } from '../../core/cards.js';
import { type SplitEvent, open, split } from '../../core/events.js';
import { type Meeting, meetByMonth, meetWild, resolveTake } from '../../core/matching.js';
import { recordPlay } from '../../core/plays.js';
import { err, ok, type Result } from '../../core/result.js';
import { captureFromField, putOnField } from '../../core/table-moves.js';
import { nextInSeating, seatingFrom } from '../../core/sides.js';
import { dealerTake, dealerTakeChoices } from './before-play.js';
import { finishRound, roundIsOver, voidDeal } from './round.js';
import type { NaraState } from './state.js';
import { FOUR_OF_A_MONTH, NO_SCORING_CARD, redealReasonOf } from './redeal.js';
import { maskOf } from '../../fast/bits.js';

type Events = SplitEvent[];
/** Whether a step needs a decision before play goes on. */
type Step = 'wait' | 'done';

/** Why a hand may ask for a redeal (redeal.ts). */
export function redealReason(hand: readonly Card[]): 'no-scoring-card' | 'four-of-a-month' | null {
  const reason = redealReasonOf(...maskOf(hand));
  return reason === NO_SCORING_CARD
    ? 'no-scoring-card'
    : reason === FOUR_OF_A_MONTH
      ? 'four-of-a-month'
      : null;
}

/** How a card meets the field: the blank is wild, any other card matches by month. */
export const meeting = (s: NaraState, card: Card): Meeting =>
  card === BLANK ? meetWild(s.field) : meetByMonth(card, s.field);

/** Applies one decision to `s` (a working copy). Checks come before any change. */
export function decide(s: NaraState, action: Action, events: Events): Result<true> {
  const seat = action.seat;
  const kind = actionKind(action);
  switch (s.phase) {
    case 'dealer-take': {
      if (kind !== 'dealerTake')
        return err(
          'wrong-action',
          `the dealer, seat ${seat}, must first choose the field cards to take ("dealerTake"): one of ${dealerTakeChoices(
            s,
          )
            .map((o) => JSON.stringify(o))
            .join(' | ')}`,
        );
      const named = (action as { dealerTake: readonly string[] }).dealerTake.map((id) => cardById(id)!);
      return dealerTake(s, named, events);
    }
    case 'pile':
      if (kind !== 'pile')
        return err('wrong-action', `seat ${seat} must choose a pile as the hand ("pile": 0 or 1)`);
      choosePile(s, seat, (action as { pile: 0 | 1 }).pile, events);
      return ok(true);
    case 'redeal':
      if (kind !== 'redeal')
        return err('wrong-action', `seat ${seat} may ask for a redeal first: answer "redeal": true or false`);
      answerRedeal(s, seat, (action as { redeal: boolean }).redeal, events);
      return ok(true);
    case 'hand':
      if (kind !== 'play') {
        const why =
          kind === 'redeal'
            ? "a redeal is offered only at the start of an eligible player's first turn"
            : `it is time to play a card from the hand`;
        return err('wrong-action', `seat ${seat} must play a card from the hand ("play"): ${why}`);
      }
      return playFromHand(s, seat, actionCard(action, 'play')!, actionCard(action, 'take'), events);
    case 'draw-choice':
      if (kind !== 'take')
        return err(
          'wrong-action',
          `seat ${seat} must choose what the drawn ${cardId(s.pending!)} takes ("take")`,
        );
      return takeForDrawn(s, seat, actionCard(action, 'take')!, events);
    case 'over':
      return err('game-over', 'the game is over');
  }
}

function choosePile(s: NaraState, seat: number, pile: 0 | 1, events: Events): void {
  s.hands[seat] = s.piles[seat][pile];
  s.draws[seat] = s.piles[seat][1 - pile];
  s.piles[seat] = [];
  s.chosen[seat] = pile;
  // Which pile is secret: only the seat sees its choice and its new hand.
  events.push(
    split({ type: 'pile-chosen', seat }, [seat], {
      type: 'pile-chosen',
      seat,
      pile,
      hand: cardIds(s.hands[seat]),
    }),
  );
  const next = seatingFrom(s.seating, s.dealer).find((x) => s.chosen[x] === null);
  if (next !== undefined) {
    s.toMove = next;
    return;
  }
  s.toMove = s.dealer;
  if (startTurn(s, events) === 'done') endTurn(s, events);
}

function answerRedeal(s: NaraState, seat: number, ask: boolean, events: Events): void {
  if (!ask) {
    // A quiet decline: announcing it would tell the table the hand was poor.
    s.phase = 'hand';
    return;
  }
  // Asking shows the hand, which is void anyway: the table sees the reason.
  events.push(
    open({
      type: 'redeal-asked',
      seat,
      dealer: s.dealer,
      reason: redealReason(s.hands[seat]),
      hand: cardIds(s.hands[seat]),
    }),
  );
  voidDeal(s, events);
}

function playFromHand(
  s: NaraState,
  seat: number,
  card: Card,
  take: Card | undefined,
  events: Events,
): Result<true> {
  if (!s.hands[seat].includes(card))
    return err('not-in-hand', `${cardId(card)} is not in seat ${seat}'s hand`);
  const taken = resolveTake(meeting(s, card), take, card);
  if (!taken.ok) return taken;
  recordPlay(s, seat, card);
  s.hands[seat] = s.hands[seat].filter((c) => c !== card);
  events.push(open({ type: 'play', seat, card: cardId(card) }));
  land(s, seat, card, taken.value, 'hand', events);
  if (s.draws[seat].length > 0 && drawCard(s, events) === 'wait') return ok(true);
  endTurn(s, events);
  return ok(true);
}

function takeForDrawn(s: NaraState, seat: number, target: Card, events: Events): Result<true> {
  const card = s.pending!;
  const taken = resolveTake(meeting(s, card), target, card);
  if (!taken.ok) return taken;
  s.pending = null;
  land(s, seat, card, taken.value, 'draw', events);
  endTurn(s, events);
  return ok(true);
}

/** A played or drawn card lands: it captures `taken`, or stays on the field; the blank on an empty field goes to its player alone. */
function land(
  s: NaraState,
  seat: number,
  card: Card,
  taken: readonly Card[],
  source: 'hand' | 'draw',
  events: Events,
): void {
  if (card !== BLANK) {
    if (taken.length === 0) putOnField(s, seat, card, events);
    else captureFromField(s, seat, [card, ...taken], events);
    return;
  }
  const target = taken.length > 0 ? taken[0] : null;
  s.blank = { seat, with: target };
  if (target !== null) {
    captureFromField(s, seat, [card, target], events, { wild: true, month: monthOf(target) });
    return;
  }
  s.captured[seat].push(card);
  events.push(open({ type: 'blank-alone', seat, source }));
}

/** Turns up the top card of the seat's own draw pile and plays it. */
function drawCard(s: NaraState, events: Events): Step {
  const seat = s.toMove;
  const card = s.draws[seat].shift()!;
  s.drawnTwin = null; // an earlier draw's twin may no longer be named (a draw-only turn comes within the same action)
  events.push(open({ type: 'draw', seat, card: cardId(card) }));
  const m = meeting(s, card);
  if (m.kind === 'choice') {
    s.pending = card;
    s.phase = 'draw-choice';
    return 'wait';
  }
  land(s, seat, card, m.kind === 'captures' ? m.cards : [], 'draw', events);
  if (m.kind === 'captures' && m.alike) s.drawnTwin = { seat, card, took: m.cards[0], alike: m.alike };
  return 'done';
}

/** Starts the turn of `s.toMove`: the redeal offer of a first turn, a hand play, or the draw alone. */
export function startTurn(s: NaraState, events: Events): Step {
  const seat = s.toMove;
  if (!s.started[seat]) {
    s.started[seat] = true;
    if (redealReason(s.hands[seat]) !== null) {
      s.phase = 'redeal';
      return 'wait';
    }
  }
  if (s.hands[seat].length > 0) {
    s.phase = 'hand';
    return 'wait';
  }
  if (s.draws[seat].length > 0) {
    events.push(open({ type: 'draw-only', seat }));
    return drawCard(s, events);
  }
  return 'done';
}

/** Ends turns (and the round) until a decision is awaited or the game is over. */
export function endTurn(s: NaraState, events: Events): void {
  for (;;) {
    if (roundIsOver(s)) {
      finishRound(s, events);
      return; // the game is over, or a new deal awaits its first decision
    }
    s.toMove = nextInSeating(s.seating, s.toMove);
    if (startTurn(s, events) === 'wait') return;
  }
}
