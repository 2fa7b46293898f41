/**
 * Games of people: four sockets per 4-player Sakura game, each playing its seat with random
 * legal moves. A thread opens its games all at once and waits for every one to end or fail.
 * An action's latency is measured by the socket that sent it: from sending `act` to
 * receiving the update that answers it.
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomInt, seedRng } from '@hanafuda/engine';
import { roomIdFrom } from '@hanafuda/protocol';
import { type Message, Peer } from './peer.js';

/** A private room as its invite link gives it: its id and invite key. */
export interface RoomLink {
  readonly room: string;
  readonly key: string;
}

export interface GameOptions {
  readonly rounds: number;
  readonly timeoutMs: number;
  /** Mean pause before each move (ms), drawn uniformly between 0 and twice it. */
  readonly thinkMs: number;
  /** Behind a load balancer that routes by room: the players open `URL?room=ID` once the room exists. */
  readonly byRoom?: boolean;
}

/** A moment of `performance.now()` on the wall clock (ms), so that threads' times compare. */
const wallClock = (now: number): number => performance.timeOrigin + now;

/** One game of people, from its creation to its record (or its failure). */
export class PeopleGame {
  room: RoomLink | null = null;
  /** The highest update number any of its players saw: the actions the server has acknowledged. */
  acknowledged = 0;
  readonly latencies: number[] = [];
  /** When each of those actions was sent (ms on the wall clock, comparable between threads). */
  readonly sentAt: number[] = [];
  /** When its first update arrived: the game had started. */
  startedAt: number | null = null;
  roomMessages = 0;
  /** Over, failed or stopped. */
  settled = false;
  private peers: Peer[] = [];

  constructor(
    /** One server, or several processes of one: the game's sockets are spread over them, as a load balancer would. */
    private readonly wsUrl: string | readonly string[],
    private readonly n: number,
    private readonly options: GameOptions,
  ) {}

  /** Resolves with null when the game ended, or why it failed (a socket's reset or close, a server error, the timeout). */
  async play(onRoom?: (room: RoomLink) => void): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), this.options.timeoutMs)),
    );
    try {
      return await Promise.race([this.run(onRoom), timeout]);
    } catch (e) {
      return (e as Error).message;
    } finally {
      clearTimeout(timer);
      this.settled = true;
      this.stop();
    }
  }

  stop(): void {
    for (const peer of this.peers) peer.close();
  }

  private async run(onRoom?: (room: RoomLink) => void): Promise<null> {
    // Each socket is kept as it opens, so a game whose fourth socket is refused still closes the other three.
    const urls = typeof this.wsUrl === 'string' ? [this.wsUrl] : this.wsUrl;
    const url = (i: number) => urls[(this.n + i) % urls.length];
    // Behind a load balancer that routes by room, the host draws the room's id and opens its address before creating it, as the web app does:
    // the room is created on the process its players are sent to.
    const chosen = this.options.byRoom ? roomIdFrom(randomBytes(8)) : null;
    const at = (i: number) => (chosen === null ? url(i) : `${url(i)}?room=${chosen}`);
    if (chosen !== null) this.peers[0] = await Peer.open(at(0));
    else await Promise.all([0, 1, 2, 3].map(async (i) => (this.peers[i] = await Peer.open(url(i)))));
    const [host] = this.peers;
    const created = host.next(['room-created', 'error']);
    host.send({
      type: 'create-room',
      setup: {
        game: 'sakura',
        players: 4,
        options: { rounds: this.options.rounds },
        seats: [0, 1, 2, 3].map(() => ({ kind: 'open' })),
      },
      ...(chosen !== null ? { room: chosen } : {}),
    });
    const answer = await created;
    if (answer.type === 'error') throw new Error(`create-room: ${String(answer.code)}`);
    const room = answer.room as string;
    this.room = { room, key: (answer.keys as { invite: string }).invite };
    onRoom?.(this.room);
    if (chosen !== null)
      await Promise.all([1, 2, 3].map(async (i) => (this.peers[i] = await Peer.open(at(i)))));
    const ends = this.peers.map((peer, i) => this.seat(peer, `load${this.n}-${i}`));
    await Promise.all(ends);
    return null;
  }

  /** Joins and plays one seat; resolves when its record arrives. */
  private seat(peer: Peer, name: string): Promise<void> {
    const rng = seedRng(`load:${name}`);
    let seat = -1;
    let pending: { seq: number; at: number } | null = null;
    return new Promise<void>((resolve, reject) => {
      peer.on((m: Message) => {
        if (m.type === 'joined') seat = m.seat as number;
        else if (m.type === 'room') this.roomMessages++;
        else if (m.type === 'record') resolve();
        else if (m.type === 'error') reject(new Error(`server error: ${String(m.code)}`));
        if (m.type !== 'update') return;
        const seq = m.seq as number;
        this.startedAt ??= wallClock(performance.now());
        this.acknowledged = Math.max(this.acknowledged, seq);
        if (pending && seq > pending.seq) {
          this.latencies.push(performance.now() - pending.at);
          this.sentAt.push(wallClock(pending.at));
          pending = null;
        }
        const view = m.view as { toMove: number | null; actions: unknown[] };
        if (view.toMove !== seat || view.actions.length === 0) return;
        const action = view.actions[randomInt(rng, view.actions.length)];
        const move = () => {
          pending = { seq, at: performance.now() };
          peer.send({ type: 'act', seq, action });
        };
        if (this.options.thinkMs > 0) setTimeout(move, randomInt(rng, 2 * this.options.thinkMs + 1));
        else move();
      });
      void peer.closed.then((reason) => reject(new Error(reason)));
      peer.send({ type: 'join', room: this.room!.room, key: this.room!.key, name });
    });
  }
}

/** What one thread's games gave (sent from a worker thread to the phase, so plain data). */
export interface GamesResult {
  readonly failures: [reason: string, games: number][];
  readonly latencies: number[];
  readonly sentAt: number[];
  /** When the last of its games started (wall clock, ms), or null if none did. */
  readonly lastStart: number | null;
  readonly roomMessages: number;
  /** This thread's own event-loop delay while its games ran, p99 (ms): how late it could notice a message. */
  readonly loopDelayP99: number;
}

/** Opens `count` games at once in this thread and waits for all of them. */
export async function playGames(
  wsUrl: string | readonly string[],
  count: number,
  options: GameOptions,
  onRoom?: (room: RoomLink) => void,
  first = 0,
): Promise<GamesResult> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const games = Array.from({ length: count }, (_, i) => new PeopleGame(wsUrl, first + i, options));
  const outcomes = await Promise.all(games.map((g) => g.play(onRoom)));
  delay.disable();
  const failures = new Map<string, number>();
  for (const reason of outcomes) if (reason !== null) failures.set(reason, (failures.get(reason) ?? 0) + 1);
  return {
    failures: [...failures],
    latencies: games.flatMap((g) => g.latencies),
    sentAt: games.flatMap((g) => g.sentAt),
    lastStart: games.reduce<number | null>(
      (last, g) => (g.startedAt === null ? last : Math.max(last ?? 0, g.startedAt)),
      null,
    ),
    roomMessages: games.reduce((sum, g) => sum + g.roomMessages, 0),
    loopDelayP99: delay.percentile(99) / 1e6,
  };
}
