export * from './table.js';
export * from './decide.js';
