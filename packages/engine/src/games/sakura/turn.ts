/**
 * Sakura turns (docs/rules.md 3.3, 3.7, 3.8): the hand play (or taking a hiki), the draw, the
 * Gaji with its hidden hiki block, and the automatic steps between decisions.
 */
import { type Action, actionCard, actionKind } from '../../core/actions.js';
import { type Card, GAJI, cardId, monthOf } from '../../core/cards.js';
import { type SplitEvent, open } from '../../core/events.js';
import { type Meeting, meetByMonth, meetWild, resolveTake } from '../../core/matching.js';
import { recordPlay } from '../../core/plays.js';
import { err, ok, type Result } from '../../core/result.js';
import { sideOf } from '../../core/sides.js';
import { captureFromField, putOnField } from '../../core/table-moves.js';
import { cardsIn, maskOf } from '../../fast/bits.js';
import {
  gajiTargetsHi,
  gajiTargetsLo,
  isTransferable,
  isWildGaji,
  mayReturnGaji,
  transferredCard,
} from './gaji.js';
import { gatherMonth, hikiMasks, hikiOfOther, othersHikis, updateHikis } from './hiki.js';
import { finishRound, roundIsOver } from './round.js';
import type { SakuraState } from './state.js';

type Events = SplitEvent[];
/** Whether a step needs a decision before play goes on. */
type Step = 'wait' | 'done';

/** The months (bit m − 1) of other seats' hikis a block has revealed: a wild Gaji of `seat` may not aim there. */
function blockedMonths(s: SakuraState, seat: number): number {
  const { months, revealed, owner } = hikiMasks(s.hikis);
  return othersHikis(months & revealed, owner, seat);
}

/** Another seat's hiki, revealed by a block, that a field card belongs to. */
const revealedHikiOf = (s: SakuraState, seat: number, c: Card) =>
  s.field.includes(c) && (blockedMonths(s, seat) & (1 << (monthOf(c) - 1))) !== 0
    ? hikiOfOther(s, seat, monthOf(c))
    : undefined;

/** Field cards a wild Gaji may aim at (gaji.ts `gajiTargetsLo`). */
export function gajiTargets(s: SakuraState, seat: number): Card[] {
  const blocked = blockedMonths(s, seat);
  const [lo, hi] = maskOf(s.field);
  return cardsIn(s.field, gajiTargetsLo(lo, blocked), gajiTargetsHi(hi, blocked));
}

/** How a card played from the hand meets the field: the Gaji is always wild from the hand. */
export const handMeeting = (s: SakuraState, seat: number, card: Card): Meeting =>
  card === GAJI ? meetWild(gajiTargets(s, seat)) : meetByMonth(card, s.field);

const drawnIsWild = (s: SakuraState, card: Card): boolean =>
  isWildGaji(card, false, s.options.gajiDrawnIsWild);

/** The meeting awaiting a `take` for the pending card. */
export function pendingMeeting(s: SakuraState): Meeting {
  const p = s.pending!;
  if (s.phase === 'gaji-target') return meetWild(gajiTargets(s, s.toMove));
  return drawnIsWild(s, p.card) ? meetWild(gajiTargets(s, s.toMove)) : meetByMonth(p.card, s.field);
}

/** A blocked Gaji from the hand may go back (option) when another card is left to play. */
export const canReturnGaji = (s: SakuraState): boolean =>
  s.phase === 'gaji-target' &&
  mayReturnGaji(s.options.blockedGajiReturns, s.pending?.source === 'hand', s.hands[s.toMove].length);

/** Applies one decision to `s` (a working copy). Checks come before any change. */
export function decide(s: SakuraState, action: Action, events: Events): Result<true> {
  const seat = action.seat;
  const kind = actionKind(action);
  if (s.phase === 'hand') {
    if (kind === 'play')
      return playFromHand(s, seat, actionCard(action, 'play')!, actionCard(action, 'take'), events);
    if (kind === 'hiki') return takeHiki(s, seat, (action as { hiki: number }).hiki, events);
    return err(
      'wrong-action',
      `seat ${seat} must play a card from the hand${s.hikis.some((h) => h.seat === seat) ? ' or take a hiki' : ''}`,
    );
  }
  const pending = s.pending!;
  if (kind === 'take') {
    const named = actionCard(action, 'take');
    const hiki = named === undefined ? undefined : revealedHikiOf(s, seat, named);
    if (hiki)
      return err(
        'bad-take',
        `${cardId(named!)} belongs to seat ${hiki.seat}'s revealed hiki, which no Gaji may take; choose another target${s.phase === 'gaji-target' ? ' or leave the Gaji' : ''}`,
      );
    const chosen = resolveTake(pendingMeeting(s), named, pending.card);
    if (!chosen.ok) return chosen;
    const [target] = chosen.value;
    s.pending = null;
    const wild = isWildGaji(pending.card, pending.source === 'hand', s.options.gajiDrawnIsWild);
    const step = wild
      ? wildCapture(s, seat, target, pending.source, events)
      : capture(s, seat, [pending.card, target], events);
    return ok(continueAfter(s, step, pending.source, events));
  }
  if (s.phase === 'gaji-target' && kind === 'leave') {
    s.pending = null;
    leaveGaji(s, seat, events);
    return ok(continueAfter(s, 'done', pending.source, events));
  }
  if (s.phase === 'gaji-target' && kind === 'return') {
    if (!canReturnGaji(s))
      return err(
        'wrong-action',
        'the Gaji may go back to the hand only when played from the hand, under blockedGajiReturns, with another card to play',
      );
    s.pending = null;
    s.hands[seat].push(GAJI);
    s.gajiReturned = true;
    s.phase = 'hand';
    events.push(open({ type: 'gaji-returned', seat }));
    return ok(true);
  }
  const what =
    s.phase === 'gaji-target'
      ? 'choose another target for the blocked Gaji ("take") or leave it ("leave")'
      : `choose what the drawn ${cardId(pending.card)} takes ("take")`;
  return err('wrong-action', `seat ${seat} must ${what}`);
}

function playFromHand(
  s: SakuraState,
  seat: number,
  card: Card,
  take: Card | undefined,
  events: Events,
): Result<true> {
  if (!s.hands[seat].includes(card))
    return err('not-in-hand', `${cardId(card)} is not in seat ${seat}'s hand`);
  if (card === GAJI && s.gajiReturned)
    return err('gaji-returned', 'the Gaji went back to the hand this turn: play another card');
  const taken = resolveTake(handMeeting(s, seat, card), take, card);
  if (!taken.ok) return taken;
  recordPlay(s, seat, card);
  s.hands[seat] = s.hands[seat].filter((c) => c !== card);
  events.push(open({ type: 'play', seat, card: cardId(card) }));
  let step: Step;
  if (taken.value.length === 0) step = toField(s, seat, card, events);
  else if (card === GAJI) step = wildCapture(s, seat, taken.value[0], 'hand', events);
  else step = capture(s, seat, [card, ...taken.value], events);
  continueAfter(s, step, 'hand', events);
  return ok(true);
}

function takeHiki(s: SakuraState, seat: number, month: number, events: Events): Result<true> {
  if (!s.hikis.some((h) => h.seat === seat && h.month === month))
    return err('no-hiki', `seat ${seat} holds no hiki of month ${month}`);
  const cards = gatherMonth(s, seat, month);
  events.push(open({ type: 'hiki-taken', seat, month, cards }));
  continueAfter(s, 'done', 'hand', events);
  return ok(true);
}

/** After a hand step comes the draw; after a draw step, the end of the turn. */
function continueAfter(s: SakuraState, step: Step, source: 'hand' | 'draw', events: Events): true {
  updateHikis(s, events);
  if (step === 'wait') return true;
  if (source === 'hand' && s.pile.length > 0 && drawCard(s, events) === 'wait') return true;
  endTurn(s, events);
  return true;
}

function toField(s: SakuraState, seat: number, card: Card, events: Events): Step {
  putOnField(s, seat, card, events);
  return 'done';
}

/**
 * Captures `cards` (the played card first) for `seat`; under `gajiClaim: transfer` a point
 * card of the claimed month captured by another side passes on. A teammate of the Gaji user
 * is no "other player": the card is the side's already, and the one transfer still waits.
 */
function capture(s: SakuraState, seat: number, cards: readonly Card[], events: Events, wild = false): Step {
  captureFromField(s, seat, cards, events, wild ? { wild: true } : {});
  if (transferPending(s) && sideOf(s.sides, seat) !== sideOf(s.sides, s.gaji!.seat)) {
    const passing = transferredCard(...maskOf(cards), s.gaji!.with);
    if (passing >= 0) transfer(s, seat, passing, events);
  }
  return 'done';
}

const transferPending = (s: SakuraState): boolean =>
  s.options.gajiClaim === 'transfer' && s.gaji !== null && !s.gaji.transferred;

function transfer(s: SakuraState, from: number | null, card: Card, events: Events): void {
  if (from !== null) s.captured[from] = s.captured[from].filter((c) => c !== card);
  s.captured[s.gaji!.seat].push(card);
  s.gaji!.transferred = true;
  events.push(open({ type: 'gaji-transfer', from, to: s.gaji!.seat, card: cardId(card) }));
}

/** A wild Gaji aims at `target`: a hit on another player's hiki is blocked and reveals it. */
function wildCapture(
  s: SakuraState,
  seat: number,
  target: Card,
  source: 'hand' | 'draw',
  events: Events,
): Step {
  const hiki = hikiOfOther(s, seat, monthOf(target));
  if (hiki) {
    hiki.revealed = true;
    events.push(
      open({ type: 'gaji-blocked', seat, target: cardId(target), owner: hiki.seat, month: hiki.month }),
    );
    if (s.options.hikiOnBlock === 'owner-captures') {
      const cards = gatherMonth(s, hiki.seat, hiki.month);
      events.push(open({ type: 'hiki-taken', seat: hiki.seat, month: hiki.month, cards, byBlock: true }));
    }
    s.pending = { card: GAJI, source };
    s.phase = 'gaji-target';
    if (gajiTargets(s, seat).length > 0 || canReturnGaji(s)) return 'wait';
    s.pending = null;
    leaveGaji(s, seat, events);
    return 'done';
  }
  capture(s, seat, [GAJI, target], events, true);
  s.gaji = { seat, with: target, transferred: false };
  events.push(open({ type: 'gaji-claim', seat, with: cardId(target), month: monthOf(target) }));
  return 'done';
}

const leaveGaji = (s: SakuraState, seat: number, events: Events): void => putOnField(s, seat, GAJI, events);

/** Turns up the top card of the pile and plays it. */
function drawCard(s: SakuraState, events: Events): Step {
  const seat = s.toMove;
  const card = s.pile.shift()!;
  s.drawnTwin = null; // an earlier draw's twin may no longer be named (a draw-only turn comes within the same action)
  events.push(open({ type: 'draw', seat, card: cardId(card) }));
  // A turned-up point card of the claimed month passes at once, whoever turns it up: it captures nothing, even a card of its month on the field.
  if (transferPending(s) && isTransferable(card, s.gaji!.with)) {
    transfer(s, null, card, events);
    return 'done';
  }
  const wild = drawnIsWild(s, card);
  const meeting = wild ? meetWild(gajiTargets(s, seat)) : meetByMonth(card, s.field);
  if (meeting.kind === 'choice') {
    s.pending = { card, source: 'draw' };
    s.phase = 'draw-choice';
    return 'wait';
  }
  if (meeting.kind === 'stays') return toField(s, seat, card, events);
  if (wild) return wildCapture(s, seat, meeting.cards[0], 'draw', events);
  if (meeting.alike) s.drawnTwin = { seat, card, took: meeting.cards[0], alike: meeting.alike };
  return capture(s, seat, [card, ...meeting.cards], events);
}

/** Starts the turn of `s.toMove`: a hand play awaits, or the draw happens by itself, or the seat is skipped. */
export function startTurn(s: SakuraState, events: Events): Step {
  s.gajiReturned = false;
  const seat = s.toMove;
  if (s.hands[seat].length > 0) {
    s.phase = 'hand';
    return 'wait';
  }
  if (s.pile.length > 0) {
    events.push(open({ type: 'draw-only', seat }));
    return drawCard(s, events);
  }
  return 'done';
}

/** Ends turns (and rounds) until a decision is awaited or the game is over. */
export function endTurn(s: SakuraState, events: Events): void {
  for (;;) {
    updateHikis(s, events);
    if (roundIsOver(s)) {
      finishRound(s, events);
      if (s.phase === 'over') return;
    } else {
      s.toMove = (s.toMove + 1) % s.players;
    }
    if (startTurn(s, events) === 'wait') return;
  }
}
