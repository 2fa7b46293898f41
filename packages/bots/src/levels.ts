/** Bots by name, and the strength levels people choose from. */
import type { Bot } from './bot.js';
import { greedyBot } from './greedy/index.js';
import { noisyBot } from './noisy.js';
import { randomBot } from './random.js';

export const LEVELS = ['easy', 'normal', 'hard', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

const LEVEL_BOTS: Record<Level, () => Bot> = {
  easy: () => noisyBot(greedyBot, 0.4, 'easy'),
  normal: () => greedyBot,
  hard: () => randomBot,
  expert: () => randomBot,
};

export function botForLevel(level: Level): Bot {
  return LEVEL_BOTS[level]();
}

const NAMED: Record<string, () => Bot> = {
  random: () => randomBot,
  greedy: () => greedyBot,
};

/** The names `botByName` knows: the bots themselves, then the levels. */
export const BOT_NAMES: readonly string[] = [...Object.keys(NAMED), ...LEVELS];

/** A bot by name (`random`, `greedy`, `search`) or level (`easy` ... `expert`); undefined if unknown. */
export function botByName(name: string): Bot | undefined {
  if ((LEVELS as readonly string[]).includes(name)) return botForLevel(name as Level);
  return NAMED[name]?.();
}
