export * from './table.js';
export * from './decide.js';
export * from './lessons/index.js';
export * from './bot-seat-names.js';
export * from './yaku.js';
