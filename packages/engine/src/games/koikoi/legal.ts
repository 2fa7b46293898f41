/** Every legal decision of the seat to move, in the public action form. */
import type { Action } from '../../core/actions.js';
import { cardId } from '../../core/cards.js';
import { takeChoices } from '../../core/matching.js';
import type { KoiKoiState } from './state.js';
import { meeting } from './turn.js';

export function legalActions(s: KoiKoiState): Action[] {
  const seat = s.toMove;
  switch (s.phase) {
    case 'over':
      return [];
    case 'hand':
      return s.hands[seat].flatMap((card) =>
        takeChoices(meeting(s, card, 'hand')).map((take): Action =>
          take === undefined
            ? { seat, play: cardId(card) }
            : { seat, play: cardId(card), take: cardId(take) },
        ),
      );
    case 'draw-choice':
      return takeChoices(meeting(s, s.pending!, 'draw')).flatMap((take): Action[] =>
        take === undefined ? [] : [{ seat, take: cardId(take) }],
      );
    case 'decide':
      return [
        { seat, koikoi: true },
        { seat, shobu: true },
      ];
  }
}
