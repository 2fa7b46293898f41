/**
 * The bot levels a room or table may ask for, by name: part of the wire, so the protocol owns
 * the list; `@hanafuda/bots` plays each (packages/table checks the two lists agree).
 */
export const BOT_LEVELS = ['easy', 'normal', 'hard', 'expert'] as const;
export type Level = (typeof BOT_LEVELS)[number];
