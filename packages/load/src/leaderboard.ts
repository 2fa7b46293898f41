/**
 * `bench:server leaderboard`: a pool's leaderboard of --players rated members on PostgreSQL,
 * paged through whole over HTTP from a real server process, --repeat times. The players and
 * their history are made by the real arithmetic: each plays about GAMES_EACH rated 2-player
 * games against random others (the stronger of a hidden skill tends to win), spread over the
 * last 20 days, so every one is active. Prints the milliseconds a page (median, p95, max over
 * the pages of each pass; the round trip as a client sees it) against the target of 50 ms.
 * DATABASE_URL names the PostgreSQL server: the command makes a database of its own there,
 * and drops it at the end.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { type RngState, nextUint32, randomInt, seedRng } from '@hanafuda/engine';
import { openPostgres, Ratings } from '@hanafuda/server';
import { rateGame, shownRating, type Skill, type Sql } from '@hanafuda/server/tools';
import { DEFAULT_PLAYERS, type LoadArgs } from './args.js';
import { type ServerChild, removeFolder, startServer, temporaryFolder } from './child.js';
import { ms, percentile } from './stats.js';

const say = (line: string) => console.log(line);
const FORMAT = 'koikoi-12';
/** Rated games a player plays, on average. */
const GAMES_EACH = 20;
/** Rows a multi-row INSERT writes (11 values a history row: well under PostgreSQL's 65,535 parameters). */
const BATCH = 1000;
const DAY = 24 * 60 * 60 * 1000;
/** Where a page's time is aimed. */
const TARGET_MS = 50;

export async function leaderboard(args: LoadArgs, optional = false): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const why = 'leaderboard: needs DATABASE_URL (a PostgreSQL server, where it makes a database of its own)';
    if (!optional) throw new Error(why);
    return say(`${why}: skipped`);
  }
  // Under `all`, --players is the lobby's default: the board keeps its own.
  const players = args.command === 'leaderboard' ? args.players : DEFAULT_PLAYERS;
  const name = `hanafuda_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = temporaryFolder();
  let server: ServerChild | undefined;
  try {
    say(
      `leaderboard: ${players} rated players of ${FORMAT}, about ${GAMES_EACH} games each, on PostgreSQL; ${args.repeat} pass(es) over the whole board`,
    );
    // The schema, as a server makes it.
    await (await openPostgres(url.toString())).close();
    const started = performance.now();
    const rows = await fill(url.toString(), players);
    say(
      `  filled ${players} players and ${rows} history rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    server = await startServer(dataDir, url.toString());
    const http = server.wsUrl.replace(/^ws/, 'http').replace(/\/ws$/, '');
    // A fresh server's first request opens its first PostgreSQL connection: timed apart, as what it is.
    const warm = performance.now();
    if (!(await fetch(`${http}/api/leaderboard/${FORMAT}?limit=1`)).ok)
      throw new Error('leaderboard: the first request failed');
    say(`  a fresh server's first request: ${ms(performance.now() - warm)}`);
    let deepest: string | null = null;
    for (let pass = 1; pass <= args.repeat; pass++) {
      const times = await pageThrough(http);
      deepest = times.last;
      const [one, five, fifteen] = loadavg();
      say(
        `  pass ${pass}: ${times.pages} pages of ${times.entries} players: ms a page median ${ms(percentile(times.ms, 0.5))}, ` +
          `p95 ${ms(percentile(times.ms, 0.95))}, max ${ms(percentile(times.ms, 1))} (target < ${TARGET_MS} ms: ${times.ms.filter((t) => t >= TARGET_MS).length} over); ` +
          `load average ${one.toFixed(2)} ${five.toFixed(2)} ${fifteen.toFixed(2)}`,
      );
    }
    if (deepest !== null) say(`  the last page's plan: ${await plan(url.toString(), deepest)}`);
  } finally {
    await server?.stop();
    removeFolder(dataDir);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Every page of the board, in order, each timed from request to parsed answer. */
async function pageThrough(
  http: string,
): Promise<{ pages: number; entries: number; ms: number[]; last: string | null }> {
  const times: number[] = [];
  let entries = 0;
  let after: string | null = null;
  let last: string | null = null;
  for (let page = 0; ; page++) {
    last = after;
    const sent = performance.now();
    // Each page from an address of its own: a person paging this fast would be held to the API's rate, which is not what is measured.
    const res = await fetch(`${http}/api/leaderboard/${FORMAT}${after === null ? '' : `?after=${after}`}`, {
      headers: { 'x-forwarded-for': `10.${(page >> 16) & 255}.${(page >> 8) & 255}.${page & 255}` },
    });
    const body = (await res.json()) as { players?: unknown[]; next?: string | null; error?: string };
    times.push(performance.now() - sent);
    if (!res.ok || !body.players)
      throw new Error(`leaderboard: page ${page + 1} answered ${res.status}: ${body.error ?? ''}`);
    entries += body.players.length;
    after = body.next ?? null;
    if (after === null) return { pages: page + 1, entries, ms: times, last };
  }
}

/** How PostgreSQL reads the ratings of the page after `cursor` (the server's own statement, EXPLAIN ANALYZE): its scan and what it took. */
async function plan(url: string, cursor: string): Promise<string> {
  const [shown, account, place] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
    number,
    string,
    number,
  ];
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const lines: string[] = [];
    const explaining: Sql = {
      rows: async (statement, params) => {
        const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`, params as unknown[]);
        for (const r of rows as { 'QUERY PLAN': string }[]) lines.push(r['QUERY PLAN'].trim());
        return [];
      },
      run: async () => 0,
      atomically: async () => null,
    };
    await new Ratings(explaining).leaderboard(FORMAT, 50, { shown, account, place });
    const scan = lines.find((l) => /Scan/.test(l)) ?? lines[0];
    return `${scan}; ${lines.find((l) => l.startsWith('Index Cond')) ?? ''}; ${lines.find((l) => l.startsWith('Execution Time')) ?? ''}`;
  } finally {
    await db.end();
  }
}

/** Members, their games rated one by one (the real update), then written in bulk: answers the history rows written. */
async function fill(url: string, players: number): Promise<number> {
  const ids = Array.from({ length: players }, (_, i) => `bench${String(i).padStart(6, '0')}`);
  // A hidden skill each, so results are not coin flips: the library's prior spread around its mean.
  // Seeded: every run plays the same games (its times vary, not its board).
  const rng = seedRng('load:leaderboard');
  const hidden = ids.map(() => 25 + 8 * gaussian(rng));
  const skills = new Map<string, Skill & { games: number; at: number }>();
  const history: unknown[][] = [];
  const games = Math.round((players * GAMES_EACH) / 2);
  const start = Date.now() - 20 * DAY;
  for (let g = 0; g < games; g++) {
    const a = randomInt(rng, players);
    let b = randomInt(rng, players - 1);
    if (b >= a) b++;
    const aWins = uniform(rng) < 1 / (1 + Math.exp(-(hidden[a] - hidden[b]) / 4));
    const at = start + Math.floor((g / games) * 20 * DAY);
    const result = {
      format: FORMAT,
      game: `bench-game-${g}`,
      teams: [[ids[a]], [ids[b]]],
      ranks: aWins ? [1, 2] : [2, 1],
      forfeited: [],
      endedAt: at,
    };
    for (const c of rateGame(result, skills)) {
      const n = (skills.get(c.account)?.games ?? 0) + 1;
      skills.set(c.account, { ...c.after, games: n, at });
      history.push([
        result.game,
        c.account,
        FORMAT,
        c.place,
        false,
        c.before.mu,
        c.before.sigma,
        c.after.mu,
        c.after.sigma,
        n,
        at,
      ]);
    }
  }
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await insert(
      db,
      'accounts (id, name, name_key, guest, created_at)',
      ids.map((id) => [id, `Player ${id.slice(5)}`, `player ${id.slice(5)}`, false, start]),
    );
    await insert(
      db,
      'ratings (account_id, format, mu, sigma, shown, games, last_at)',
      [...skills].map(([id, s]) => [id, FORMAT, s.mu, s.sigma, shownRating(s), s.games, s.at]),
    );
    await insert(
      db,
      'rating_history (game_id, account_id, format, place, forfeited, mu_before, sigma_before, mu_after, sigma_after, games, at)',
      history,
    );
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
  return history.length;
}

async function insert(db: pg.Client, into: string, rows: readonly unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const width = batch[0].length;
    const values = batch
      .map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`)
      .join(', ');
    await db.query(`INSERT INTO ${into} VALUES ${values}`, batch.flat());
  }
}

/** A draw in [0, 1). */
const uniform = (rng: RngState): number => nextUint32(rng) / 2 ** 32;

/** A standard normal draw (Box-Muller). */
function gaussian(rng: RngState): number {
  return Math.sqrt(-2 * Math.log(1 - uniform(rng))) * Math.cos(2 * Math.PI * uniform(rng));
}
