export * from './messages.js';
export * from './validate.js';
export * from './room.js';
export * from './room-validate.js';
export * from './names.js';
