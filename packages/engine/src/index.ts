/** The hanafuda rules engine: public API. */
export * from './core/actions.js';
export * from './core/cards.js';
export * from './core/events.js';
export * from './core/first-dealer.js';
export * from './core/game.js';
export * from './core/matching.js';
export * from './core/options.js';
export * from './core/record.js';
export * from './core/result.js';
export * from './core/rng.js';
export * from './core/scenario.js';
export * from './core/scenario-types.js';
export * from './core/sides.js';
export * from './registry.js';
export * from './games/sakura/index.js';
export * from './games/koikoi/index.js';
export * from './games/oibana/index.js';
