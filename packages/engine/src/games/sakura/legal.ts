/** Every legal decision of the seat to move, in the public action form. */
import type { Action } from '../../core/actions.js';
import { GAJI, cardId } from '../../core/cards.js';
import { takeChoices } from '../../core/matching.js';
import type { SakuraState } from './state.js';
import { canReturnGaji, gajiTargets, handMeeting, pendingMeeting } from './turn.js';

export function legalActions(s: SakuraState): Action[] {
  const seat = s.toMove;
  const actions: Action[] = [];
  switch (s.phase) {
    case 'over':
      return actions;
    case 'hand':
      for (const card of s.hands[seat]) {
        if (card === GAJI && s.gajiReturned) continue;
        for (const take of takeChoices(handMeeting(s, seat, card))) {
          actions.push(
            take === undefined
              ? { seat, play: cardId(card) }
              : { seat, play: cardId(card), take: cardId(take) },
          );
        }
      }
      for (const h of s.hikis) if (h.seat === seat) actions.push({ seat, hiki: h.month });
      return actions;
    case 'draw-choice':
      for (const take of takeChoices(pendingMeeting(s)))
        if (take !== undefined) actions.push({ seat, take: cardId(take) });
      return actions;
    case 'gaji-target':
      for (const target of gajiTargets(s, seat)) actions.push({ seat, take: cardId(target) });
      actions.push({ seat, leave: true });
      if (canReturnGaji(s)) actions.push({ seat, return: true });
      return actions;
  }
}
