/**
 * Which process pairs, among several on one PostgreSQL: the one holding the lobby's advisory
 * lock, on a connection of its own (a process that dies loses its connection, and with it the
 * lock). Every process tries to take the lock once a second, so a dead authority's successor
 * takes over within a second or two of PostgreSQL seeing its connection go. Each takeover raises
 * the epoch in `lobby_authority`: a pairing is committed only under the epoch there now
 * (pg-book.ts), so an authority that lost its lock without knowing it pairs nobody.
 */
import type { Log } from '../ops/log.js';
import { LastingConnection } from './lasting-connection.js';

/** The lobby's advisory lock (apart from the schema lock, 7007, and the processes' locks, 7016). */
const LOBBY_LOCK = [7041, 1] as const;
/** How often a process not the authority tries to become it. */
export const TAKE_OVER_EVERY_MS = 1000;

export class PairingAuthority {
  private held: number | null = null;
  private readonly timer: NodeJS.Timeout;
  private trying = false;
  private readonly connection: LastingConnection;

  private constructor(
    url: string,
    private readonly node: string,
    /** This process has just become the authority. */
    private readonly onTakeover: (epoch: number) => void,
    private readonly log: Log,
  ) {
    this.connection = new LastingConnection(
      url,
      `hanafuda-lobby-authority ${node}`,
      async () => undefined,
      () => {
        if (this.held !== null)
          log.warn({ epoch: this.held }, 'lobby: lost the pairing authority with its connection');
        this.held = null;
      },
      log,
    );
    this.timer = setInterval(() => void this.tryToTake(), TAKE_OVER_EVERY_MS);
    this.timer.unref();
  }

  static async start(
    url: string,
    node: string,
    onTakeover: (epoch: number) => void,
    log: Log,
  ): Promise<PairingAuthority> {
    const authority = new PairingAuthority(url, node, onTakeover, log);
    await authority.connection.open();
    await authority.tryToTake();
    return authority;
  }

  /** The epoch this process pairs under, or null while it is not the authority. */
  epoch(): number | null {
    return this.held;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.held = null;
    // The lock goes with the connection: another process takes over at its next try.
    await this.connection.close();
  }

  private async tryToTake(): Promise<void> {
    const client = this.connection.client;
    if (this.held !== null || this.trying || !client) return;
    this.trying = true;
    try {
      const { rows } = await client.query('SELECT pg_try_advisory_lock($1, $2) AS got', [...LOBBY_LOCK]);
      if (!rows[0].got) return;
      const raised = await client.query(
        'UPDATE lobby_authority SET epoch = epoch + 1, node = $1 WHERE id = 1 RETURNING epoch',
        [this.node],
      );
      // The lock is on this very connection: if it broke meanwhile, the lock went with it.
      if (this.connection.client !== client) return;
      this.held = Number(raised.rows[0].epoch);
      this.log.info({ epoch: this.held }, 'lobby: this process is the pairing authority');
      this.onTakeover(this.held);
    } catch (e) {
      this.log.warn({ err: e }, 'lobby: trying to become the pairing authority failed; trying again');
    } finally {
      this.trying = false;
    }
  }
}
