/**
 * Messages between the server processes, over Redis pub/sub (ioredis: it reconnects and
 * subscribes again by itself). Each process listens on a channel of its own and on one all
 * processes share. Nothing is kept in Redis: the rooms and their logs stay in PostgreSQL.
 *
 * While Redis is away (refused, or silent: a publication unanswered for a second) the messages
 * go through PostgreSQL instead (pg-channel.ts), so play across processes goes on; Redis is
 * taken again once it answers and what went through PostgreSQL has been sent. Each batch
 * carries an id: one that a frozen Redis delivers late, after it went through PostgreSQL, is
 * dropped on arrival.
 */
import { Redis } from 'ioredis';
import { StartupProblem } from '../ops/startup.js';
import { PgChannel } from './pg-channel.js';
import type { Log } from '../ops/log.js';
import type { Identity } from '../accounts/identity.js';

const PREFIX = 'hanafuda:';
const EVERYONE = `${PREFIX}all`;
/** The channel process `node` listens on. */
export const nodeChannel = (node: string): string => `${PREFIX}node:${node}`;
/** A publication Redis has not answered in this long means Redis is away (frozen, or its host gone quiet). */
const SILENT_MS = 1000;
/** Batch ids remembered, to drop a batch that arrives both ways (two generations of this many). */
const REMEMBERED = 100_000;

export type BusMessage =
  /** A client's message, from the process its socket is on to the room's owner. */
  /** `who`: the socket's identity (its session cookie, looked up by its own process), for the session the owner makes for it. */
  | {
      readonly k: 'in';
      readonly from: string;
      readonly conn: number;
      readonly text: string;
      readonly who?: Identity;
    }
  /** That socket closed. */
  | { readonly k: 'bye'; readonly from: string; readonly conn: number }
  /** A message for the socket, from the room's owner. */
  | { readonly k: 'out'; readonly conn: number; readonly message: object }
  /** The owner closes the socket (too many messages). */
  | { readonly k: 'close'; readonly conn: number; readonly reason: string }
  /** The owner does not hold the room (any more): the message is routed again. */
  | { readonly k: 'gone'; readonly conn: number; readonly text: string }
  /**
   * The owner no longer has the session of that socket's line (dropped when the socket's process
   * seemed gone, or when its room moved on): the message (if one came), and the line, enter the
   * room again. Older processes ignore it.
   */
  | { readonly k: 'lost'; readonly conn: number; readonly text?: string }
  /** The room's owner dropped it (it was handed on): that socket's line looks for the room's new owner. */
  | { readonly k: 'moved'; readonly conn: number }
  /**
   * To a room's owner: the load balancer sends this room's players to the sender; hand the room
   * over if the sender plays its rules version (`rules`; absent from an older server, which
   * is not handed rooms: one of other rules could not rebuild them, and would keep them).
   */
  | { readonly k: 'want'; readonly node: string; readonly room: string; readonly rules?: number }
  /** To the process that wanted the room: it is yours now, under this lease epoch (absent from a process of an older version: claim it). */
  | { readonly k: 'take'; readonly room: string; readonly epoch?: number }
  /** To everyone: this process now owns these rooms (it took them over). */
  | { readonly k: 'owns'; readonly node: string; readonly rooms: readonly string[] }
  /** To everyone: this process is stopping and gave its rooms up: take them over. */
  | { readonly k: 'left'; readonly node: string }
  /** First in each batch: its id, to drop it if it arrives twice (over Redis late, and over PostgreSQL). Older processes ignore it. */
  | { readonly k: 'batch'; readonly id: string };

/** A batch published to Redis and not yet answered. */
interface Flight {
  readonly node: string | null;
  readonly id: string;
  readonly text: string;
  readonly done: (delivered: Promise<boolean>) => void;
  /** When it was published (Date.now()). */
  readonly at: number;
}

export class Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;

  /** Once connected, a lost connection is retried without end; before, a Redis that cannot be reached is an error at once. */
  private connected = false;
  /** Messages for each process, waiting for the end of this turn of the event loop. */
  private readonly batches = new Map<string, { messages: BusMessage[]; sent: Promise<boolean> }>();
  /** The last connection error (ioredis answers a refused first connect with only "Connection is closed"). */
  private lastError: Error | null = null;
  /** The road while Redis is away. */
  private fallback: PgChannel | null = null;
  /** Redis left a publication unanswered (or refused it): batches go through PostgreSQL until a PING is answered. */
  private away = false;
  private probing = false;
  /** Publications Redis has not answered yet, in the order they were sent. */
  private readonly flights = new Set<Flight>();
  /** Batches going through PostgreSQL: Redis is taken again only once they are sent (so none overtakes them). */
  private viaPostgres = 0;
  private sent = 0;
  private seen = new Set<string>();
  private seenBefore = new Set<string>();
  private closed = false;
  /** Looks at the oldest unanswered publication a few times a second (one timer, not one a publication). */
  private readonly watch = setInterval(() => {
    const oldest = this.flights.values().next().value;
    if (oldest && Date.now() - oldest.at > SILENT_MS) this.redisAway();
  }, SILENT_MS / 4).unref();

  private constructor(
    url: string,
    readonly nodeId: string,
    private readonly log: Log,
  ) {
    const retryStrategy = (times: number) => (this.connected ? Math.min(times * 200, 2000) : null);
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, retryStrategy });
    this.sub = new Redis(url, { lazyConnect: true, retryStrategy });
    for (const connection of [this.pub, this.sub]) {
      // One line per outage, not one per attempt.
      let down = false;
      connection.on('error', (e: Error) => {
        this.lastError = e;
        if (!down && this.connected)
          log.warn(
            { err: e },
            'cluster: Redis failed; reconnecting (messages between processes go through PostgreSQL meanwhile)',
          );
        down = true;
      });
      connection.on('ready', () => {
        if (down && this.connected) log.info('cluster: Redis is back');
        down = false;
        if (connection === this.pub && this.away) this.probe();
      });
    }
  }

  /** `databaseUrl`: the PostgreSQL the messages go through while Redis is away. */
  static async open(
    url: string,
    databaseUrl: string,
    nodeId: string,
    onMessage: (m: BusMessage) => void,
    log: Log,
  ): Promise<Bus> {
    const bus = new Bus(url, nodeId, log);
    try {
      await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    } catch (e) {
      bus.pub.disconnect();
      bus.sub.disconnect();
      throw new StartupProblem(
        `cannot reach Redis at ${where(url)} (REDIS_URL): ${(bus.lastError ?? (e as Error)).message}`,
      );
    }
    bus.connected = true;
    const deliver = (text: string) => {
      let batch: BusMessage[];
      try {
        batch = JSON.parse(text) as BusMessage[];
      } catch {
        return log.warn('cluster: an unreadable message on the bus was dropped');
      }
      const first = batch[0];
      if (first?.k === 'batch') {
        if (bus.again(first.id)) return;
        batch = batch.slice(1);
      }
      for (const message of batch) onMessage(message);
    };
    bus.sub.on('message', (_channel: string, text: string) => deliver(text));
    try {
      bus.fallback = await PgChannel.open(databaseUrl, nodeId, deliver, log);
    } catch (e) {
      await bus.close();
      throw e;
    }
    await bus.sub.subscribe(nodeChannel(nodeId), EVERYONE);
    return bus;
  }

  /**
   * Sends to one process; answers false if no process listens there (it is gone). What one
   * turn of the event loop sends to a process goes as one publication, in order (a move's
   * update to every seat and spectator there is one round trip to Redis, not one each).
   */
  send(node: string, message: BusMessage): Promise<boolean> {
    let batch = this.batches.get(node);
    if (!batch) {
      const messages: BusMessage[] = [];
      const sent = new Promise<boolean>((resolve, reject) =>
        setImmediate(() => {
          this.batches.delete(node);
          this.dispatch(node, messages).then(resolve, reject);
        }),
      );
      batch = { messages, sent };
      this.batches.set(node, batch);
    }
    batch.messages.push(message);
    return batch.sent;
  }

  async broadcast(message: BusMessage): Promise<void> {
    await this.dispatch(null, [message]);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watch);
    await Promise.all(
      [this.sub.quit(), this.pub.quit(), this.fallback?.close()].map((p) => p?.catch(() => undefined)),
    );
  }

  /** Sends a batch to one process (or to all: null) over Redis, or over PostgreSQL while Redis is away. */
  private dispatch(node: string | null, messages: BusMessage[]): Promise<boolean> {
    const id = `${this.nodeId}.${(this.sent++).toString(36)}`;
    const text = JSON.stringify([{ k: 'batch', id }, ...messages]);
    if (this.away || this.pub.status !== 'ready' || this.viaPostgres > 0)
      return this.overPostgres(node, id, text);
    return new Promise<boolean>((done) => {
      const flight: Flight = { node, id, text, done: (delivered) => done(delivered), at: Date.now() };
      this.flights.add(flight);
      this.pub.publish(node === null ? EVERYONE : `${PREFIX}node:${node}`, text).then(
        (listeners) => {
          if (this.flights.delete(flight)) done(Promise.resolve(listeners > 0));
        },
        () => this.flights.has(flight) && this.redisAway(),
      );
    });
  }

  /** Redis refused or left a publication unanswered: every one not yet answered goes again, in order, through PostgreSQL, as does all that follows until Redis answers. */
  private redisAway(): void {
    if (!this.away && !this.closed)
      this.log.warn(
        'cluster: Redis does not answer; messages between processes go through PostgreSQL meanwhile',
      );
    this.away = true;
    const flights = [...this.flights];
    this.flights.clear();
    for (const f of flights) f.done(this.overPostgres(f.node, f.id, f.text));
    this.probe();
  }

  /** Asks Redis until it answers (a frozen one answers after every publication it owes): then batches go over it again. */
  private probe(): void {
    if (this.probing || this.closed) return;
    this.probing = true;
    this.pub.ping().then(
      () => {
        this.probing = false;
        if (!this.away) return;
        this.away = false;
        this.log.info('cluster: Redis answers again; messages between processes go through it');
      },
      () => {
        this.probing = false;
        // Refused while reconnecting: asked again once it is ready (or in a while).
        setTimeout(() => this.probe(), SILENT_MS).unref();
      },
    );
  }

  private overPostgres(node: string | null, id: string, text: string): Promise<boolean> {
    if (!this.fallback) return Promise.resolve(false);
    this.viaPostgres++;
    return this.fallback
      .send(node, id, text)
      .catch((e: Error) => {
        this.log.warn(
          { err: e },
          'cluster: a message between processes could not go through PostgreSQL either',
        );
        return false;
      })
      .finally(() => this.viaPostgres--);
  }

  /** Whether a batch of this id arrived before (then it is dropped); remembers it. */
  private again(id: string): boolean {
    if (this.seen.has(id) || this.seenBefore.has(id)) return true;
    if (this.seen.size >= REMEMBERED) {
      this.seenBefore = this.seen;
      this.seen = new Set();
    }
    this.seen.add(id);
    return false;
  }
}

/** The host and port of a redis:// URL, without its password. */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 6379}`;
  } catch {
    return 'REDIS_URL';
  }
}
