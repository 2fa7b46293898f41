/**
 * A PostgreSQL connection of its own that comes back when it breaks (PostgreSQL restarted, a
 * network fault): the lobby's LISTEN, and the pairing authority's advisory lock, live on one
 * each. Whatever was tied to the old connection (its LISTEN, its lock) is gone with it:
 * `onConnect` sets it up again, `onLost` says it was lost.
 */
import pg from 'pg';
import type { Log } from '../ops/log.js';

const FIRST_RETRY_MS = 200;
const LAST_RETRY_MS = 5000;

export class LastingConnection {
  private current: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    /** Its name in pg_stat_activity. */
    private readonly name: string,
    /** Sets the new connection up (LISTEN, ...); `again` after a break. A failure closes it and tries again later. */
    private readonly onConnect: (client: pg.Client, again: boolean) => Promise<void>,
    private readonly onLost: () => void,
    private readonly log: Log,
  ) {}

  /** The connection, while it is up. */
  get client(): pg.Client | null {
    return this.current;
  }

  /** Connects once; later breaks reconnect by themselves. */
  async open(): Promise<void> {
    await this.connect(false);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.current;
    this.current = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(again: boolean): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: this.name,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    client.on('error', (e) => this.broken(client, e));
    client.on('end', () => this.broken(client, new Error('the connection ended')));
    try {
      await client.connect();
      this.current = client;
      await this.onConnect(client, again);
    } catch (e) {
      this.current = null;
      await client.end().catch(() => undefined);
      throw e;
    }
  }

  private broken(client: pg.Client, e: Error): void {
    if (this.closed || this.current !== client) return;
    this.current = null;
    this.log.warn({ err: e, connection: this.name }, 'lobby: a connection of its own broke; reconnecting');
    this.onLost();
    this.reconnect(FIRST_RETRY_MS);
  }

  private reconnect(delayMs: number): void {
    this.retry = setTimeout(() => {
      if (this.closed) return;
      this.connect(true).catch(() => this.reconnect(Math.min(2 * delayMs, LAST_RETRY_MS)));
    }, delayMs);
    this.retry.unref();
  }
}
