export * from './model.js';
export * from './adapters.js';
export * from './live-score.js';
