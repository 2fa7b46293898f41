/** The random bot: a uniformly random legal action. The floor of the ladder. */
import { randomInt } from '@hanafuda/engine';
import type { Bot } from './bot.js';

export const randomBot: Bot = {
  name: 'random',
  choose: (_game, view, rng) => view.actions[randomInt(rng, view.actions.length)],
};
