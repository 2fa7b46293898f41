/**
 * The bus's second road between the processes, taken only while Redis is away: PostgreSQL's
 * LISTEN/NOTIFY on the database every process already uses. Each process listens on a
 * channel of its own and on one all processes share, on a connection of its own (named after
 * it, so that a sender can tell whether anyone listens, as Redis answers). A notification
 * carries at most 8000 bytes: a longer batch goes as numbered parts of one statement (one
 * transaction, so they arrive together) and is put together again on arrival.
 */
import pg from 'pg';
import type { Log } from '../ops/log.js';

const NAME_PREFIX = 'hanafuda-bus ';
/** Bytes of a batch per notification: base64 makes them 4/3 as many characters, with room for the part's header, under 8000. */
const PART_BYTES = 5000;
/** A broken listening connection is opened again after this long. */
const RECONNECT_MS = 500;

export const pgChannel = (node: string | null): string =>
  node === null ? 'hanafuda_all' : `hanafuda_node_${node}`;

export class PgChannel {
  private client: pg.Client | null = null;
  private closed = false;
  /** Parts of batches not yet complete, by batch id. */
  private readonly parts = new Map<string, string[]>();

  private constructor(
    private readonly url: string,
    private readonly nodeId: string,
    private readonly onText: (text: string) => void,
    private readonly log: Log,
  ) {}

  static async open(
    url: string,
    nodeId: string,
    onText: (text: string) => void,
    log: Log,
  ): Promise<PgChannel> {
    const channel = new PgChannel(url, nodeId, onText, log);
    try {
      await channel.connect();
    } catch (e) {
      await channel.close();
      throw e;
    }
    return channel;
  }

  /** Sends a batch (`text`, with its id) to one process (`node`) or to all (null); answers whether that process listens (for all: whether it was sent). */
  async send(node: string | null, id: string, text: string): Promise<boolean> {
    const client = this.client;
    if (!client) throw new Error('the PostgreSQL bus connection is down');
    const bytes = Buffer.from(text, 'utf8');
    const parts: string[] = [];
    for (let at = 0; at < bytes.length; at += PART_BYTES)
      parts.push(bytes.subarray(at, at + PART_BYTES).toString('base64'));
    const { rows } = await client.query<{ listening: boolean }>(
      `WITH sent AS (SELECT pg_notify($1, $2 || ' ' || n || ' ' || $3 || ' ' || part) FROM unnest($4::text[]) WITH ORDINALITY AS t(part, n))
       SELECT (SELECT count(*) FROM sent) > 0 AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = $5)) AS listening`,
      [pgChannel(node), id, parts.length, parts, node === null ? null : NAME_PREFIX + node],
    );
    return rows[0].listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Connects and listens; a connection that breaks (now or later) is opened again until `close`. */
  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: NAME_PREFIX + this.nodeId });
    client.on('notification', (n) => n.payload !== undefined && this.receive(n.payload));
    let broken = false;
    const lost = (e?: Error) => {
      if (broken) return;
      broken = true;
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err: e }, 'cluster: the PostgreSQL bus connection broke; opening it again');
      setTimeout(() => void (this.closed || this.connect().catch(() => undefined)), RECONNECT_MS).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${pgChannel(this.nodeId)}; LISTEN ${pgChannel(null)}`);
    } catch (e) {
      lost(e as Error);
      throw e;
    }
    if (this.closed) return void client.end().catch(() => undefined);
    this.client = client;
  }

  private receive(payload: string): void {
    const [id, n, count, part] = payload.split(' ');
    const total = Number(count);
    if (total === 1) return this.onText(Buffer.from(part, 'base64').toString('utf8'));
    let got = this.parts.get(id);
    if (!got) {
      // A batch cut short by a broken connection never completes: the map stays small.
      if (this.parts.size > 1000) this.parts.clear();
      this.parts.set(id, (got = []));
    }
    got[Number(n) - 1] = part;
    if (got.filter(Boolean).length < total) return;
    this.parts.delete(id);
    this.onText(Buffer.concat(got.map((p) => Buffer.from(p, 'base64'))).toString('utf8'));
  }
}
