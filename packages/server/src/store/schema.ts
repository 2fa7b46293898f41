/**
 * The tables as they were before schema versions (migration 1, in store/migrations.ts), in the
 * SQL both databases speak. `actions` is the append-only log: one row per accepted action,
 * UNIQUE(game_id, seq), never updated or deleted (triggers refuse it). A change to the schema
 * is a new migration, never an edit here.
 */
export const TABLES = [
  `CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    host_token_hash TEXT NOT NULL,
    seats TEXT NOT NULL,
    status TEXT NOT NULL,
    seed TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES rooms(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    UNIQUE (game_id, seq)
  )`,
  `CREATE TABLE IF NOT EXISTS games (
    game_id TEXT PRIMARY KEY REFERENCES rooms(id),
    record TEXT NOT NULL,
    fairness TEXT NOT NULL,
    players TEXT NOT NULL,
    summary TEXT NOT NULL,
    finished_at BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS game_players (
    game_id TEXT NOT NULL REFERENCES games(game_id),
    seat INTEGER NOT NULL,
    name_key TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
  )`,
  `CREATE TABLE IF NOT EXISTS turn_clocks (
    room_id TEXT PRIMARY KEY REFERENCES rooms(id),
    seat INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    deadline BIGINT NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS game_players_by_name ON game_players (name_key)',
  "CREATE INDEX IF NOT EXISTS rooms_live ON rooms (status) WHERE status <> 'over'",
] as const;

/**
 * A room's row is live (rebuilt at start-up, owned under a lease) while its game is open or in
 * play, or over with rematch confirmations stored (migration 4): its players are waiting for
 * the next game. Both databases speak it; migration 4 indexes it.
 */
export const LIVE = "(status IN ('open', 'playing') OR rematch IS NOT NULL)";

/** One row per room, replaced at each turn (both databases speak this upsert). */
export const UPSERT_TURN_CLOCK =
  'INSERT INTO turn_clocks (room_id, seat, seq, deadline) VALUES ($1, $2, $3, $4) ON CONFLICT (room_id) DO UPDATE SET seat = excluded.seat, seq = excluded.seq, deadline = excluded.deadline';

/** Names are matched case-insensitively and without surrounding spaces. */
export const nameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase();
