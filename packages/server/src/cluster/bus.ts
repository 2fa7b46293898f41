/**
 * Messages between the server processes, over Redis pub/sub (ioredis: it reconnects and
 * subscribes again by itself). Each process listens on a channel of its own and on one all
 * processes share. Nothing is kept in Redis: the rooms and their logs stay in PostgreSQL.
 */
import { Redis } from 'ioredis';
import { StartupProblem } from '../startup.js';
import type { Log } from '../log.js';
import type { Identity } from '../accounts/identity.js';

const PREFIX = 'hanafuda:';
const EVERYONE = `${PREFIX}all`;
/** The channel process `node` listens on. */
export const nodeChannel = (node: string): string => `${PREFIX}node:${node}`;

export type BusMessage =
  /** A client's message, from the process its socket is on to the room's owner. */
  /** `who`: the socket's identity (its session cookie, looked up by its own process), for the session the owner makes for it. */
  | { readonly k: 'in'; readonly from: string; readonly conn: number; readonly text: string; readonly who?: Identity }
  /** That socket closed. */
  | { readonly k: 'bye'; readonly from: string; readonly conn: number }
  /** A message for the socket, from the room's owner. */
  | { readonly k: 'out'; readonly conn: number; readonly message: object }
  /** The owner closes the socket (too many messages). */
  | { readonly k: 'close'; readonly conn: number; readonly reason: string }
  /** The owner does not hold the room (any more): the message is routed again. */
  | { readonly k: 'gone'; readonly conn: number; readonly text: string }
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
  | { readonly k: 'left'; readonly node: string };

export class Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;

  /** Once connected, a lost connection is retried without end; before, a Redis that cannot be reached is an error at once. */
  private connected = false;
  /** Messages for each process, waiting for the end of this turn of the event loop. */
  private readonly batches = new Map<string, { messages: BusMessage[]; sent: Promise<boolean> }>();
  /** The last connection error (ioredis answers a refused first connect with only "Connection is closed"). */
  private lastError: Error | null = null;

  private constructor(
    url: string,
    readonly nodeId: string,
    log: Log,
  ) {
    const retryStrategy = (times: number) => (this.connected ? Math.min(times * 200, 2000) : null);
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, retryStrategy });
    this.sub = new Redis(url, { lazyConnect: true, retryStrategy });
    for (const connection of [this.pub, this.sub]) {
      // One line per outage, not one per attempt.
      let down = false;
      connection.on('error', (e: Error) => {
        this.lastError = e;
        if (!down && this.connected) log.warn({ err: e }, 'cluster: Redis failed; reconnecting (messages between processes wait meanwhile)');
        down = true;
      });
      connection.on('ready', () => {
        if (down && this.connected) log.info('cluster: Redis is back');
        down = false;
      });
    }
  }

  static async open(url: string, nodeId: string, onMessage: (m: BusMessage) => void, log: Log): Promise<Bus> {
    const bus = new Bus(url, nodeId, log);
    try {
      await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    } catch (e) {
      bus.pub.disconnect();
      bus.sub.disconnect();
      throw new StartupProblem(`cannot reach Redis at ${where(url)} (REDIS_URL): ${(bus.lastError ?? (e as Error)).message}`);
    }
    bus.connected = true;
    bus.sub.on('message', (_channel: string, text: string) => {
      let batch: BusMessage[];
      try {
        batch = JSON.parse(text) as BusMessage[];
      } catch {
        return log.warn('cluster: an unreadable message on the bus was dropped');
      }
      for (const message of batch) onMessage(message);
    });
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
          this.pub.publish(nodeChannel(node), JSON.stringify(messages)).then((listeners) => resolve(listeners > 0), reject);
        }),
      );
      batch = { messages, sent };
      this.batches.set(node, batch);
    }
    batch.messages.push(message);
    return batch.sent;
  }

  async broadcast(message: BusMessage): Promise<void> {
    await this.pub.publish(EVERYONE, JSON.stringify([message]));
  }

  async close(): Promise<void> {
    await Promise.all([this.sub.quit(), this.pub.quit()].map((p) => p.catch(() => undefined)));
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
