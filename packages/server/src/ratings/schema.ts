/**
 * The ratings' tables (migration 9), in the SQL both databases speak. `ratings`: each account's
 * current skill in each format (a format is a lobby pool), with its shown rating (shown.ts) kept
 * beside it so the leaderboard is read in index order, a page at a time (keyset, never OFFSET),
 * and `games` counting its rated games (also the row's version: a write names the version it
 * read). `rating_history`: a row per rated game per account, before and after (and the account's
 * count of rated games in the format with it); its key
 * (game, account) is what makes a game's update apply once.
 */
export const RATING_TABLES: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ratings (
    account_id TEXT NOT NULL,
    format TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    shown DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    last_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, format)
  )`,
  // The leaderboard's order (shown, then account, both descending: read backwards).
  'CREATE INDEX IF NOT EXISTS ratings_board ON ratings (format, shown, account_id)',
  `CREATE TABLE IF NOT EXISTS rating_history (
    game_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    format TEXT NOT NULL,
    place INTEGER NOT NULL,
    forfeited BOOLEAN NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after DOUBLE PRECISION NOT NULL,
    sigma_after DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, account_id)
  )`,
  'CREATE INDEX IF NOT EXISTS rating_history_by_account ON rating_history (account_id, format, at)',
];
