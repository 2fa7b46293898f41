/** The hanafuda game server: start it in-process (tests, benchmarks) or run `npm start`. */
export { MAX_FRAME_BYTES, startServer, type RunningServer, type ServerOptions } from './server.js';
export { openStore } from './store/open.js';
export { openSqlite } from './store/sqlite.js';
export { openPostgres } from './store/postgres.js';
export type { Store, StoredRoom, StoredSeat, FinishedGame, HistoryEntry } from './store/store.js';
export type { RatedResult } from './ratings/result.js';
export { Ratings } from './ratings/ratings.js';
export { FairnessLog } from './rooms/fairness.js';
export { SearchPool, defaultSearchThreads } from './search/pool.js';
