/**
 * What the project's own tools outside this package (the load suite, `@hanafuda/load`) reach
 * inside the server for: the store's rows and schema, leases, logs, the ratings' arithmetic.
 * Not an API for others: it changes with the server.
 */
export { ALIVE, RoomLeases } from './cluster/leases.js';
export { POOLS } from './lobby/pools.js';
export { openLog, recordingLog, silentLog } from './ops/log.js';
export { rateGame, type Skill } from './ratings/arithmetic.js';
export { shownRating } from './ratings/shown.js';
export { roomKeys } from './rooms/room-access.js';
export { roomColumns } from './store/rows.js';
export { LIVE } from './store/schema.js';
export type { Sql } from './store/sql.js';
export type { SqliteSync } from './store/sqlite-writes.js';
