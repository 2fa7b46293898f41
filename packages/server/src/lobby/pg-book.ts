/**
 * The seeks of every process in PostgreSQL (the `seeks` table, migration 7), each naming the
 * process its socket is on. Every change is sent to every process by NOTIFY on one channel
 * (book.ts, `LobbyNews`), heard on a connection of each process's own that comes back when it
 * breaks; once back, the process asks after its own seeks, whose news it may have missed.
 *
 * A pairing is one transaction under the authority's fence: the epoch in `lobby_authority` must
 * still be the committer's (read FOR SHARE, so a takeover waits for it, and it for a takeover),
 * and every seek of the group must still wait, its process alive; else nothing is written.
 */
import type { SeekEndReason } from '@hanafuda/protocol';
import pg from 'pg';
import { ALIVE } from '../cluster/leases.js';
import type { Log } from '../ops/log.js';
import {
  type BookEvents,
  deliver,
  type LobbyNews,
  type PairedSeat,
  type SeekBook,
  type SeekRow,
} from './book.js';
import { LastingConnection } from './lasting-connection.js';
import { pgTransaction } from '../store/sql.js';
import type { PoolId } from '@hanafuda/protocol';

const CHANNEL = 'hanafuda_lobby';
/** Paired seeks are kept this long (who was paired with whom, for the operators), then deleted. */
const KEEP_PAIRED_MS = 24 * 3600_000;

interface Row {
  id: string;
  account: string;
  name: string;
  node: string;
  key: string;
  pool: string | null;
  setup: string;
  players: number;
  since: string;
  bots_after: number | null;
  owner: boolean | null;
}

const WAITING = `SELECT id, account, name, node, key, pool, setup, players, since, bots_after, owner FROM seeks
  WHERE status = 'waiting' AND node IN (${ALIVE})`;

const seekOf = (r: Row): SeekRow => ({
  id: r.id,
  account: r.account,
  name: r.name,
  node: r.node,
  key: r.key,
  ...(r.pool !== null ? { pool: r.pool as PoolId } : {}),
  setup: JSON.parse(r.setup) as SeekRow['setup'],
  players: r.players,
  since: Number(r.since),
  ...(r.bots_after !== null ? { botsAfter: r.bots_after } : {}),
  ...(r.owner !== null ? { owner: r.owner } : {}),
});

export class PgBook implements SeekBook {
  private readonly pool: pg.Pool;
  private readonly listening: LastingConnection;

  private constructor(
    url: string,
    readonly node: string,
    private readonly events: BookEvents,
    /** The seeks this process's sockets wait on, to ask after when news may have been missed. */
    private readonly own: () => string[],
    /** Every piece of news, as it comes (the authority pairs on `opened`). */
    private readonly heard: (news: LobbyNews) => void,
    private readonly log: Log,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 10_000 });
    this.pool.on('error', (e) =>
      log.warn({ err: e }, 'lobby: a seek query connection broke; the next query opens a new one'),
    );
    this.listening = new LastingConnection(
      url,
      `hanafuda-lobby-listen ${node}`,
      async (client, again) => {
        client.on(
          'notification',
          (n) => n.channel === CHANNEL && n.payload && this.hear(JSON.parse(n.payload) as LobbyNews),
        );
        await client.query(`LISTEN ${CHANNEL}`);
        if (again) await this.catchUp();
      },
      () => undefined,
      log,
    );
  }

  static async open(
    url: string,
    node: string,
    events: BookEvents,
    own: () => string[],
    heard: (news: LobbyNews) => void,
    log: Log,
  ): Promise<PgBook> {
    const book = new PgBook(url, node, events, own, heard, log);
    await book.listening.open();
    return book;
  }

  async open(seek: SeekRow): Promise<boolean> {
    // A seek of this account's left by a process that died (its person came back through another) is gone with it.
    await this.pool.query(
      `DELETE FROM seeks WHERE account = $1 AND status = 'waiting' AND node NOT IN (${ALIVE})`,
      [seek.account],
    );
    // The database keeps one waiting seek an account (migration 7's index): a second inserts nothing.
    const { rowCount } = await this.pool.query(
      `WITH added AS (
         INSERT INTO seeks (id, account, name, node, key, pool, setup, players, since, bots_after, owner, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'waiting') ON CONFLICT DO NOTHING RETURNING id)
       SELECT pg_notify($12, $13) FROM added`,
      [
        seek.id,
        seek.account,
        seek.name,
        seek.node,
        seek.key,
        seek.pool ?? null,
        JSON.stringify(seek.setup),
        seek.players,
        seek.since,
        seek.botsAfter ?? null,
        seek.owner ?? null,
        CHANNEL,
        JSON.stringify({ k: 'opened' } satisfies LobbyNews),
      ],
    );
    return rowCount === 1;
  }

  async unseated(account: string): Promise<PairedSeat | null> {
    // The room's seat is still open and kept for the account: its person never sat down.
    const { rows } = await this.pool.query<{ id: string; room: string; invite: string; seat: number }>(
      `SELECT s.id, s.room, s.invite, s.seat FROM seeks s JOIN rooms r ON r.id = s.room
       WHERE s.account = $1 AND s.status = 'paired' AND r.status = 'open'
         AND (r.seats::jsonb -> s.seat ->> 'kind') = 'open' AND (r.seats::jsonb -> s.seat ->> 'reserved') = $1
       ORDER BY s.since DESC LIMIT 1`,
      [account],
    );
    const [r] = rows;
    return r ? { seek: r.id, node: this.node, room: r.room, key: r.invite, seat: r.seat } : null;
  }

  async end(id: string, reason: SeekEndReason): Promise<boolean> {
    // A custom seek's own takes those who accepted it along.
    const { rows } = await this.pool.query<{ ended: number; others: { id: string; node: string }[] }>(
      `WITH mine AS (DELETE FROM seeks WHERE id = $1 AND status = 'waiting' RETURNING owner),
       others AS (DELETE FROM seeks WHERE key = $1 AND id <> $1 AND status = 'waiting' AND EXISTS (SELECT 1 FROM mine WHERE owner) RETURNING id, node)
       SELECT (SELECT count(*) FROM mine)::int AS ended, COALESCE((SELECT json_agg(json_build_object('id', id, 'node', node)) FROM others), '[]') AS others`,
      [id],
    );
    if (rows[0].ended === 0) return false;
    await this.notify({ k: 'ended', seeks: rows[0].others, reason });
    return true;
  }

  async get(id: string): Promise<SeekRow | null> {
    const { rows } = await this.pool.query<Row>(`${WAITING} AND id = $1`, [id]);
    return rows.length > 0 ? seekOf(rows[0]) : null;
  }

  /** Every waiting seek of a process alive (a dead one's go with it, even before `dropDead` deletes them). */
  async waiting(): Promise<SeekRow[]> {
    return (await this.pool.query<Row>(WAITING)).rows.map(seekOf);
  }

  async commit(seats: readonly PairedSeat[], epoch: number): Promise<boolean> {
    try {
      await pgTransaction(this.pool, async (client) => {
        const fence = await client.query(
          'SELECT 1 FROM lobby_authority WHERE id = 1 AND epoch = $1 FOR SHARE',
          [epoch],
        );
        const { rowCount } =
          fence.rowCount === 1
            ? await client.query(
                `UPDATE seeks s SET status = 'paired', room = v.room, invite = v.invite, seat = v.seat, epoch = $1
                 FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) AS v(id, room, invite, seat)
                 WHERE s.id = v.id AND s.status = 'waiting' AND s.node IN (${ALIVE})`,
                [
                  epoch,
                  seats.map((s) => s.seek),
                  seats.map((s) => s.room),
                  seats.map((s) => s.key),
                  seats.map((s) => s.seat),
                ],
              )
            : { rowCount: 0 };
        if (rowCount !== seats.length) throw new NotPaired();
        // Sent at the commit, and only if it commits.
        await client.query('SELECT pg_notify($1, $2)', [
          CHANNEL,
          JSON.stringify({ k: 'paired', seats } satisfies LobbyNews),
        ]);
      });
      return true;
    } catch (e) {
      if (e instanceof NotPaired) return false;
      throw e;
    }
  }

  /** The authority's chore: deletes the waiting seeks of processes gone (they died), and paired ones of long ago. */
  async dropDead(): Promise<void> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM seeks WHERE status = 'waiting' AND node NOT IN (${ALIVE})`,
    );
    await this.pool.query("DELETE FROM seeks WHERE status = 'paired' AND since < $1", [
      Date.now() - KEEP_PAIRED_MS,
    ]);
    if (rowCount) this.log.info({ seeks: rowCount }, 'lobby: dropped the seeks of processes gone');
  }

  /** Ends this process's seeks (it stops: its sockets go), closes its connections. */
  async close(): Promise<void> {
    await this.listening.close();
    await this.pool
      .query(`DELETE FROM seeks WHERE node = $1 AND status = 'waiting'`, [this.node])
      .then(() => this.notify({ k: 'changed' }))
      .catch((e: Error) =>
        this.log.warn({ err: e }, 'lobby: could not end the seeks of this process as it stopped'),
      );
    await this.pool.end();
  }

  private notify(news: LobbyNews): Promise<unknown> {
    return this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(news)]);
  }

  private hear(news: LobbyNews): void {
    deliver(news, this.node, this.events);
    this.heard(news);
  }

  /** After the listening connection broke: what became of this process's seeks meanwhile. */
  private async catchUp(): Promise<void> {
    const own = this.own();
    const { rows } = await this.pool.query<{
      id: string;
      status: string;
      room: string;
      invite: string;
      seat: number;
    }>('SELECT id, status, room, invite, seat FROM seeks WHERE id = ANY($1::text[])', [own]);
    const paired = rows.filter((r) => r.status === 'paired');
    const gone = own.filter((id) => !rows.some((r) => r.id === id));
    if (paired.length > 0)
      deliver(
        {
          k: 'paired',
          seats: paired.map((r) => ({
            seek: r.id,
            node: this.node,
            room: r.room,
            key: r.invite,
            seat: r.seat,
          })),
        },
        this.node,
        this.events,
      );
    if (gone.length > 0)
      deliver(
        { k: 'ended', seeks: gone.map((id) => ({ id, node: this.node })), reason: 'expired' },
        this.node,
        this.events,
      );
    this.events.changed();
  }
}

/** A pairing whose authority or seeks changed meanwhile: its transaction is rolled back, and nothing paired. */
class NotPaired extends Error {}
