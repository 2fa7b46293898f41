/** A weaker player for beginners: a good bot that, now and then, plays a random legal action instead. */
import { nextUint32, randomInt } from '@hanafuda/engine';
import type { Bot } from './bot.js';

export function noisyBot(inner: Bot, noise: number, name = `${inner.name}~${noise}`): Bot {
  return {
    name,
    choose(game, view, rng) {
      if (nextUint32(rng) / 0x100000000 < noise) return view.actions[randomInt(rng, view.actions.length)];
      return inner.choose(game, view, rng);
    },
  };
}
