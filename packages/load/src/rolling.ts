/**
 * A rolling restart under games of people: --processes server processes (default 3) on
 * DATABASE_URL and REDIS_URL behind the repository's HAProxy configuration, --games 2-player
 * Sakura games of people playing through it (default 60), then each process in turn stopped
 * with SIGTERM (draining for HANAFUDA_DRAIN_MS, 1,500 ms as deploy/haproxy.cfg asks) and
 * started again on its port, the next one only once HAProxy has the new one in.
 *
 * A room's pause is the longest one of its players waited on the server during the restarts:
 * from sending a move to the update that answers it, or from its connection dropping to the
 * table greeting it again (a player reconnects as the web app does: through the load balancer,
 * with its token, at once if the process said it was stopping, then after 250 ms, 500 ms, 1 s, …).
 * Target: no room paused over 2 s.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { randomInt, seedRng } from '@hanafuda/engine';
import { CLOSE_RESTARTING, roomIdFrom } from '@hanafuda/protocol';
import type { LoadArgs } from './args.js';
import { type ServerChild, clusterDatabaseUrl, removeFolder, startServer, temporaryFolder } from './child.js';
import { HAPROXY, type LoadBalancer, freePort, startLoadBalancer } from './haproxy.js';
import { type Message, Peer } from './peer.js';
import { percentile } from './stats.js';

const say = (line: string) => console.log(line);
/** How long a stopping process answers its health check with 503 (deploy/haproxy.cfg: at least 1,500 ms). */
const DRAIN_MS = 1500;
/** The web app's pauses before each new attempt to connect (packages/web/src/transport/socket-transport.ts). */
const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];
/** Updates a game must have reached before the restarts begin: every room in play. */
const IN_PLAY_SEQ = 4;
const TARGET_MS = 2000;

/**
 * A wait on the server: when it began and how long it lasted (ms, `performance.now()`); `move`:
 * from a move to its answer (an update past it, its refusal as the room moved, or a fresh view);
 * `reconnect`: from the line dropping to the table's greeting on a new one.
 */
interface Wait {
  readonly kind: 'move' | 'reconnect';
  readonly from: number;
  readonly ms: number;
}

/** A person at a seat through the load balancer: plays random legal moves after a pause, and comes back by itself when the line drops. */
class Seat {
  readonly waits: Wait[] = [];
  readonly errors = new Map<string, number>();
  private peer: Peer | null = null;
  private token = '';
  private seat = -1;
  private newest = -1;
  /** The move sent and not yet answered: the update it answered, and when it was first sent. */
  private pending: { seq: number; at: number } | null = null;
  private droppedAt: number | null = null;
  private over = false;
  private stopped = false;
  private readonly rng;

  constructor(
    private readonly url: string,
    name: string,
    private readonly thinkMs: number,
  ) {
    this.rng = seedRng(`rolling:${name}`);
  }

  async join(room: string, key: string, name: string): Promise<void> {
    await this.connect({ type: 'join', room, key, name });
  }

  stop(): void {
    this.stopped = true;
    this.peer?.close();
  }

  private async connect(first: object): Promise<void> {
    const peer = await Peer.open(this.url);
    this.peer = peer;
    peer.on((m) => this.receive(m));
    void peer.closed.then(() => this.dropped(peer));
    peer.send(first);
  }

  private receive(m: Message): void {
    const now = performance.now();
    if (m.type === 'joined') {
      this.token = m.token as string;
      this.seat = m.seat as number;
    } else if (m.type === 'welcome' && this.droppedAt !== null) {
      this.waits.push({ kind: 'reconnect', from: this.droppedAt, ms: now - this.droppedAt });
      this.droppedAt = null;
    } else if (m.type === 'record') this.over = true;
    // A move refused as its room moved, or a fresh view of the room: the player may move again (a new wait, if it does).
    if (this.pending && (m.type === 'welcome' || (m.type === 'error' && m.code === 'stale'))) {
      this.waits.push({ kind: 'move', from: this.pending.at, ms: now - this.pending.at });
      this.pending = null;
    } else if (m.type === 'error' && m.code !== 'stale')
      this.errors.set(String(m.code), (this.errors.get(String(m.code)) ?? 0) + 1);
    if (m.type !== 'update') return;
    const seq = m.seq as number;
    this.newest = Math.max(this.newest, seq);
    if (this.pending && seq > this.pending.seq) {
      this.waits.push({ kind: 'move', from: this.pending.at, ms: now - this.pending.at });
      this.pending = null;
    }
    const view = m.view as { toMove: number | null; actions: unknown[] };
    if (seq < this.newest || view.toMove !== this.seat || view.actions.length === 0) return;
    const action = view.actions[randomInt(this.rng, view.actions.length)];
    setTimeout(
      () => {
        // Sent once for its update (again only on a fresh view after the line came back, as a person would).
        if (seq !== this.newest || this.stopped) return;
        this.pending = { seq, at: performance.now() };
        this.peer?.send({ type: 'act', seq, action });
      },
      randomInt(this.rng, 2 * this.thinkMs + 1),
    );
  }

  private async dropped(peer: Peer): Promise<void> {
    if (peer !== this.peer || this.over || this.stopped) return;
    this.droppedAt ??= performance.now();
    // As the web app: at once the first time if the server process said it was stopping.
    const first = peer.closeCode === CLOSE_RESTARTING ? 0 : BACKOFF_MS[0];
    for (let attempt = 0; !this.stopped; attempt++) {
      await new Promise((resolve) =>
        setTimeout(resolve, attempt === 0 ? first : BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]),
      );
      try {
        return await this.connect({ type: 'resume', room: this.roomOf(), token: this.token });
      } catch {
        // Refused while the load balancer has not yet seen a process go: dial again.
      }
    }
  }

  private roomOf(): string {
    return new URL(this.url).searchParams.get('room')!;
  }
}

export async function rolling(args: LoadArgs, optional = false): Promise<void> {
  const databaseUrl = clusterDatabaseUrl('rolling', optional);
  if (databaseUrl === null) return;
  if (!HAPROXY) {
    if (optional) return say('rolling: needs haproxy (Debian package haproxy): skipped');
    throw new Error('rolling: needs haproxy (Debian package haproxy)');
  }
  const N = Math.max(2, args.processes);
  say(
    `rolling: ${args.games} games of two people through HAProxy on ${N} processes (PostgreSQL + Redis); each process in turn ` +
      `stopped with SIGTERM (draining ${DRAIN_MS} ms) and started again, ${args.repeat} run(s): the longest a room waited on the server`,
  );
  const worst: number[] = [];
  for (let run = 1; run <= args.repeat; run++) worst.push(await once(args, databaseUrl, N, run));
  say(
    `  the longest pause of any room: ${worst.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (target < ${TARGET_MS / 1000} s)`,
  );
}

async function once(args: LoadArgs, databaseUrl: string, N: number, run: number): Promise<number> {
  const dataDir = temporaryFolder();
  const ports = await Promise.all(Array.from({ length: N }, () => freePort()));
  const addresses = ports.map((port) => `127.0.0.1:${port}`);
  const start = (i: number) =>
    startServer(dataDir, databaseUrl, undefined, ['--port', String(ports[i])], {
      HANAFUDA_DRAIN_MS: String(DRAIN_MS),
    });
  const servers: ServerChild[] = [];
  let lb: LoadBalancer | null = null;
  const seats: Seat[] = [];
  const rooms: string[] = [];
  try {
    for (let i = 0; i < N; i++) servers.push(await start(i));
    lb = await startLoadBalancer(addresses);
    const balancer = lb;
    const thinkMs = args.thinkMs > 0 ? args.thinkMs : 300;
    // Each game's host opens the room's address and creates it there, as the web app does; then its two players join.
    const inPlay = await Promise.all(
      Array.from({ length: args.games }, async (_, g) => {
        const id = roomIdFrom(randomBytes(8));
        rooms.push(id);
        const url = `${balancer.wsUrl}?room=${id}`;
        const host = await Peer.open(url);
        const created = host.next(['room-created', 'error']);
        host.send({
          type: 'create-room',
          room: id,
          setup: {
            game: 'sakura',
            players: 2,
            options: { rounds: args.rounds },
            seats: [{ kind: 'open' }, { kind: 'open' }],
          },
        });
        const answer = await created;
        host.close();
        if (answer.type === 'error') throw new Error(`rolling: create-room: ${String(answer.code)}`);
        const key = (answer.keys as { invite: string }).invite;
        const pair = [new Seat(url, `${run}-${g}-a`, thinkMs), new Seat(url, `${run}-${g}-b`, thinkMs)];
        seats.push(...pair);
        // The game is in play once a spectator sees its IN_PLAY_SEQ-th update.
        const watcher = await Peer.open(url);
        const playing = new Promise<void>((resolve) =>
          watcher.on((m) => m.type === 'update' && (m.seq as number) >= IN_PLAY_SEQ && resolve()),
        );
        watcher.send({ type: 'spectate', room: id, key });
        await pair[0].join(id, key, `Ann ${g}`);
        await pair[1].join(id, key, `Ben ${g}`);
        await playing;
        watcher.close();
        return pair;
      }),
    );
    const load = loadavg()[0];
    const began = performance.now();
    for (let i = 0; i < N; i++) {
      await servers[i].stop('SIGTERM');
      servers[i] = await start(i);
      // The next process stops only once the load balancer sends players to this one again.
      while (!(await balancer.isUp(addresses[i]))) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ended = performance.now();
    // Waits that began during the restarts, settled by then or a moment after.
    await new Promise((resolve) => setTimeout(resolve, TARGET_MS));
    const during = (seat: Seat) => seat.waits.filter((w) => w.from >= began && w.from <= ended);
    const roomPauses = inPlay.map((pair) =>
      Math.max(0, ...pair.flatMap((seat) => during(seat).map((w) => w.ms))),
    );
    const longest = (kind: Wait['kind']) =>
      Math.max(
        0,
        ...seats.flatMap((seat) =>
          during(seat)
            .filter((w) => w.kind === kind)
            .map((w) => w.ms),
        ),
      );
    const before = seats.flatMap((seat) => seat.waits.filter((w) => w.from < began).map((w) => w.ms));
    const errors = new Map<string, number>();
    for (const seat of seats)
      for (const [code, n] of seat.errors) errors.set(code, (errors.get(code) ?? 0) + n);
    const over = roomPauses.filter((ms) => ms > TARGET_MS).length;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    say(
      `  run ${run}: restarts took ${s(ended - began)}; a room's longest pause: median ${s(percentile(roomPauses, 0.5))}, p90 ${s(percentile(roomPauses, 0.9))}, ` +
        `max ${s(Math.max(...roomPauses))} (a move's answer ${s(longest('move'))}, a new connection's greeting ${s(longest('reconnect'))}); ` +
        `${over} of ${args.games} rooms over ${s(TARGET_MS)}; before the restarts a move's answer took p99 ${s(percentile(before, 0.99))}; ` +
        `errors: ${errors.size > 0 ? [...errors].map(([code, n]) => `${n}× ${code}`).join(', ') : 'none'}; load average ${load.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
    );
    return Math.max(...roomPauses);
  } finally {
    for (const seat of seats) seat.stop();
    // Abandoned before the processes go, so that no later run's processes take these rooms over.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db
      .query("UPDATE rooms SET status = 'abandoned', owner = NULL WHERE id = ANY($1)", [rooms])
      .finally(() => db.end());
    await lb?.stop();
    for (const server of servers) await server.stop('SIGKILL');
    removeFolder(dataDir);
  }
}
