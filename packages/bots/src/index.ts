/** Hanafuda bots: public API. */
export * from './bot.js';
export * from './levels.js';
export * from './random.js';
