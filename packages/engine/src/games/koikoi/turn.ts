/**
 * Koi-Koi turns (docs/rules.md 4.2): the hand play, the draw, then Koi-Koi or Shobu when the
 * yaku total has risen past the seat's reference total. Option `gaji`: the lightning is
 * wild from the hand (and from the pile under gajiDrawnIsWild) and takes exactly one card.
 */
import { type Action, actionCard, actionKind } from '../../core/actions.js';
import { type Card, GAJI, cardId } from '../../core/cards.js';
import { type SplitEvent, open } from '../../core/events.js';
import { type Meeting, meetByMonth, meetWild, resolveTake } from '../../core/matching.js';
import { recordPlay } from '../../core/plays.js';
import { err, ok, type Result } from '../../core/result.js';
import { captureFromField, putOnField } from '../../core/table-moves.js';
import { mayCall } from './calls.js';
import { endPlay, seatYaku } from './round.js';
import { type KoiKoiState, other, referenceTotal } from './state.js';
import { yakuIds } from './yaku.js';

type Events = SplitEvent[];
type Source = 'hand' | 'draw';

/** Whether `card` played from `source` is wild (option gaji, docs/rules.md 3.8 as §4.3 adopts it). */
export const isWild = (s: KoiKoiState, card: Card, source: Source): boolean =>
  card === GAJI && s.options.gaji && (source === 'hand' || s.options.gajiDrawnIsWild);

/** How a card meets the field. */
export const meeting = (s: KoiKoiState, card: Card, source: Source): Meeting =>
  isWild(s, card, source) ? meetWild(s.field) : meetByMonth(card, s.field);

/** Applies one decision to `s` (a working copy). Checks come before any change. */
export function decide(s: KoiKoiState, action: Action, events: Events): Result<true> {
  const seat = action.seat;
  const kind = actionKind(action);
  switch (s.phase) {
    case 'hand':
      if (kind !== 'play') return err('wrong-action', `seat ${seat} must play a card from the hand`);
      return playFromHand(s, seat, actionCard(action, 'play')!, actionCard(action, 'take'), events);
    case 'draw-choice': {
      if (kind !== 'take')
        return err(
          'wrong-action',
          `seat ${seat} must choose what the drawn ${cardId(s.pending!)} takes ("take")`,
        );
      const card = s.pending!;
      const taken = resolveTake(meeting(s, card, 'draw'), actionCard(action, 'take'), card);
      if (!taken.ok) return taken;
      s.pending = null;
      land(s, seat, card, taken.value, 'draw', events);
      afterTurn(s, events);
      return ok(true);
    }
    case 'decide':
      if (kind === 'koikoi') return ok(callKoiKoi(s, seat, events));
      if (kind === 'shobu') {
        shobu(s, seat, false, events);
        return ok(true);
      }
      return err(
        'wrong-action',
        `seat ${seat} must call Koi-Koi ({"koikoi": true}) or Shobu ({"shobu": true})`,
      );
    case 'over':
      return err('game-over', 'the game is over');
  }
}

function playFromHand(
  s: KoiKoiState,
  seat: number,
  card: Card,
  take: Card | undefined,
  events: Events,
): Result<true> {
  if (!s.hands[seat].includes(card))
    return err('not-in-hand', `${cardId(card)} is not in seat ${seat}'s hand`);
  const taken = resolveTake(meeting(s, card, 'hand'), take, card);
  if (!taken.ok) return taken;
  recordPlay(s, seat, card);
  s.hands[seat] = s.hands[seat].filter((c) => c !== card);
  events.push(open({ type: 'play', seat, card: cardId(card) }));
  land(s, seat, card, taken.value, 'hand', events);
  if (s.pile.length > 0 && drawCard(s, seat, events) === 'wait') return ok(true);
  afterTurn(s, events);
  return ok(true);
}

/** A played or drawn card captures `taken`, or stays on the field when it takes nothing. */
function land(
  s: KoiKoiState,
  seat: number,
  card: Card,
  taken: readonly Card[],
  source: Source,
  events: Events,
): void {
  if (taken.length === 0) putOnField(s, seat, card, events);
  else captureFromField(s, seat, [card, ...taken], events, isWild(s, card, source) ? { wild: true } : {});
}

/** Turns up the top card of the pile and plays it; a two-way choice waits for the player. */
function drawCard(s: KoiKoiState, seat: number, events: Events): 'wait' | 'done' {
  const card = s.pile.shift()!;
  s.drawnTwin = null; // an earlier draw's twin may no longer be named (a draw-only turn comes within the same action)
  events.push(open({ type: 'draw', seat, card: cardId(card) }));
  const m = meeting(s, card, 'draw');
  if (m.kind === 'choice') {
    s.pending = card;
    s.phase = 'draw-choice';
    return 'wait';
  }
  land(s, seat, card, m.kind === 'captures' ? m.cards : [], 'draw', events);
  if (m.kind === 'captures' && m.alike) s.drawnTwin = { seat, card, took: m.cards[0], alike: m.alike };
  return 'done';
}

/** Whether a seat whose total has risen may choose Koi-Koi (calls.ts); otherwise the rise ends the round as a Shobu. */
export const mayCallKoiKoi = (s: KoiKoiState, seat: number): boolean =>
  mayCall(s.hands[seat].length, s.koikoi[seat], s.options);

/** The end of a turn: a decision (or a Shobu by rule) when the total has risen past the reference, else the next turn. */
function afterTurn(s: KoiKoiState, events: Events): void {
  const seat = s.toMove;
  const tally = seatYaku(s, seat);
  if (tally.total > referenceTotal(s, seat)) {
    events.push(open({ type: 'yaku', seat, yaku: yakuIds(tally), total: tally.total }));
    if (mayCallKoiKoi(s, seat)) s.phase = 'decide';
    else shobu(s, seat, true, events);
    return;
  }
  nextTurn(s, events);
}

/** The round ends and `seat` scores; `byRule`: no choice was offered (mayCallKoiKoi). */
function shobu(s: KoiKoiState, seat: number, byRule: boolean, events: Events): void {
  events.push(open({ type: 'shobu', seat, total: seatYaku(s, seat).total, ...(byRule ? { byRule } : {}) }));
  endPlay(s, 'shobu', events);
}

/** A call; the reference is the total as it counts after the call (viewingPoints "one-or-three" raises it). */
function callKoiKoi(s: KoiKoiState, seat: number, events: Events): true {
  s.koikoi[seat] += 1;
  const total = seatYaku(s, seat).total;
  s.lastTotal[seat] = total;
  events.push(open({ type: 'koikoi', seat, total, calls: s.koikoi[seat] }));
  nextTurn(s, events);
  return true;
}

/** The other seat plays next; a seat with an empty hand (only in a position) is passed over; both empty ends the round. */
export function nextTurn(s: KoiKoiState, events: Events): void {
  if (s.hands.every((h) => h.length === 0)) {
    endPlay(s, 'hands-empty', events);
    return;
  }
  if (s.hands[other(s.toMove)].length > 0) s.toMove = other(s.toMove);
  s.phase = 'hand';
}
