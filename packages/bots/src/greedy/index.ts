/** The greedy bot: a one-decision heuristic per game (see the game's file). */
import type { Action } from '@hanafuda/engine';
import type { Bot, BotView } from '../bot.js';
import { greedyKoiKoi } from './koikoi.js';
import { greedyNara } from './nara.js';
import { greedyOibana } from './oibana.js';
import { greedySakura } from './sakura.js';

export function greedyChoice(view: BotView): Action {
  if (view.actions.length === 1) return view.actions[0];
  switch (view.game) {
    case 'sakura':
      return greedySakura(view);
    case 'koikoi':
      return greedyKoiKoi(view);
    case 'nara':
      return greedyNara(view);
    case 'oibana':
      return greedyOibana(view, greedySakura);
  }
}

export const greedyBot: Bot = {
  name: 'greedy',
  choose: (_game, view) => greedyChoice(view),
};
