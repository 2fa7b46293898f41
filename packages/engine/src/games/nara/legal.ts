/** Every legal decision of the seat to move, in the public action form. */
import type { Action } from '../../core/actions.js';
import { cardId } from '../../core/cards.js';
import { takeChoices } from '../../core/matching.js';
import { dealerTakeChoices } from './before-play.js';
import type { NaraState } from './state.js';
import { meeting } from './turn.js';

export function legalActions(s: NaraState): Action[] {
  const seat = s.toMove;
  switch (s.phase) {
    case 'over':
      return [];
    case 'dealer-take':
      return dealerTakeChoices(s).map((cards) => ({ seat, dealerTake: cards }));
    case 'pile':
      return [
        { seat, pile: 0 },
        { seat, pile: 1 },
      ];
    case 'redeal':
      return [
        { seat, redeal: true },
        { seat, redeal: false },
      ];
    case 'hand':
      return s.hands[seat].flatMap((card) =>
        takeChoices(meeting(s, card)).map((take) =>
          take === undefined
            ? { seat, play: cardId(card) }
            : { seat, play: cardId(card), take: cardId(take) },
        ),
      );
    case 'draw-choice':
      return takeChoices(meeting(s, s.pending!)).flatMap((take) =>
        take === undefined ? [] : [{ seat, take: cardId(take) }],
      );
  }
}
