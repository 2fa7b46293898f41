/**
 * Moves of the fast path: one decision as a small integer, `kind << 12 | payload`.
 *
 * | kind | payload | public action |
 * |---|---|---|
 * | PLAY | card (bits 0–5), take + 1 (bits 6–11; 0: the capture is automatic) | `{play, take?}` |
 * | TAKE | card | `{take}`: the drawn card's (or blocked Gaji's, or the dealt blank's) target |
 * | HIKI | month | `{hiki}` |
 * | LEAVE, RETURN, KOIKOI, SHOBU | 0 | `{leave}`, `{return}`, `{koikoi}`, `{shobu}` |
 * | PILE | 0 or 1 | `{pile}` |
 * | REDEAL | 1 ask, 0 decline | `{redeal}` |
 * | DEALER_MONTHS | bit i: the second pair of the i-th waiting three-of-a-month | `{dealerTake}` |
 *
 * Interchangeable chaff (docs/rules.md §1) give one move, not two: the fast path names the
 * lower card of the pair, which the public `apply` accepts for either twin.
 */
import type { Action } from '../core/actions.js';
import { cardId } from '../core/cards.js';

export const PLAY = 0;
export const TAKE = 1;
export const HIKI = 2;
export const LEAVE = 3;
export const RETURN = 4;
export const KOIKOI = 5;
export const SHOBU = 6;
export const PILE = 7;
export const REDEAL = 8;
export const DEALER_MONTHS = 9;

export const moveKind = (move: number): number => move >>> 12;
export const movePayload = (move: number): number => move & 0xfff;
export const playMove = (card: number, take = -1): number => (PLAY << 12) | ((take + 1) << 6) | card;
export const playedCard = (move: number): number => move & 63;
/** The take of a PLAY move, or −1 when automatic. */
export const playTake = (move: number): number => ((move >>> 6) & 63) - 1;
export const simpleMove = (kind: number, payload = 0): number => (kind << 12) | payload;

/** The public form of a move, for the kinds every game shares (dealer takes are the game's own). */
export function commonAction(seat: number, move: number): Action | undefined {
  const payload = movePayload(move);
  switch (moveKind(move)) {
    case PLAY: {
      const take = playTake(move);
      return take < 0
        ? { seat, play: cardId(playedCard(move)) }
        : { seat, play: cardId(playedCard(move)), take: cardId(take) };
    }
    case TAKE:
      return { seat, take: cardId(payload) };
    case HIKI:
      return { seat, hiki: payload };
    case LEAVE:
      return { seat, leave: true };
    case RETURN:
      return { seat, return: true };
    case KOIKOI:
      return { seat, koikoi: true };
    case SHOBU:
      return { seat, shobu: true };
    case PILE:
      return { seat, pile: payload === 0 ? 0 : 1 };
    case REDEAL:
      return { seat, redeal: payload === 1 };
    default:
      return undefined;
  }
}
