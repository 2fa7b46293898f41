/**
 * What the people's games are measured beside: rooms of bots, sockets asking for hints,
 * sockets re-sending spectate. Each runs until stopped and counts what it did.
 */
import type { Level } from '@hanafuda/bots';
import { randomInt, seedRng } from '@hanafuda/engine';
import { type Message, Peer } from './peer.js';
import type { RoomLink } from './people.js';

export interface Disturbance {
  /** What it did, for the report. */
  readonly done: () => string;
  stop(): void;
}

/** Messages a disturbing socket sends each second: under the server's limit (20 a second), as the findings' clients were. */
const PER_SECOND = 15;

/** Runs `loop` on each of `count` sockets until stopped; a socket that fails is opened again. */
function many(
  wsUrl: string,
  count: number,
  loop: (peer: Peer, stopped: () => boolean) => Promise<void>,
  only?: readonly string[],
): { stop(): void; failures: () => number; received: () => number } {
  let closedReceived = 0;
  let stopped = false;
  let failures = 0;
  const peers = new Set<Peer>();
  const run = async () => {
    while (!stopped) {
      let peer: Peer | null = null;
      try {
        peer = await Peer.open(wsUrl, only);
        peers.add(peer);
        await loop(peer, () => stopped);
      } catch {
        if (!stopped) failures++;
      } finally {
        if (peer) {
          peers.delete(peer);
          closedReceived += peer.received;
          peer.close();
        }
      }
    }
  };
  for (let i = 0; i < count; i++) void run();
  return {
    stop() {
      stopped = true;
      for (const peer of peers) peer.close();
    },
    failures: () => failures,
    received: () => closedReceived + [...peers].reduce((n, p) => n + p.received, 0),
  };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rooms of four bots of one level, one after another in each of `count` places. */
export function botRooms(wsUrl: string, count: number, level: Level, rounds: number): Disturbance {
  let games = 0;
  let moves = 0;
  const run = many(wsUrl, count, async (peer, stopped) => {
    peer.on((m) => {
      if (m.type === 'update') moves++;
    });
    while (!stopped()) {
      const created = peer.next(['room-created', 'error']);
      peer.send({
        type: 'create-room',
        setup: {
          game: 'sakura',
          players: 4,
          options: { rounds },
          seats: [0, 1, 2, 3].map(() => ({ kind: 'bot', level })),
        },
      });
      const answer = await created;
      if (answer.type === 'error') throw new Error(String(answer.code));
      const ended = peer.next(['record']);
      peer.send({ type: 'spectate', room: answer.room, key: (answer.keys as { invite: string }).invite });
      await ended;
      games++;
    }
  });
  return {
    done: () =>
      `${count} rooms of ${level} bots made ${moves} moves and finished ${games} games (${run.failures()} sockets failed)`,
    stop: run.stop,
  };
}

/** People who ask for a hint again and again (within the rate limit) and play it, each at a table with one easy bot. */
export function hintFlood(wsUrl: string, count: number): Disturbance {
  let hints = 0;
  const run = many(wsUrl, count, async (peer, stopped) => {
    while (!stopped()) {
      const created = peer.next(['room-created', 'error']);
      peer.send({
        type: 'create-room',
        setup: {
          game: 'sakura',
          players: 2,
          options: { rounds: 1 },
          seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
        },
      });
      const answer = await created;
      if (answer.type === 'error') throw new Error(String(answer.code));
      let last: Message | null = null;
      const off = peer.on((m) => {
        if (m.type === 'update') last = m;
        if (m.type === 'hint') {
          hints++;
          // Plays the hint when it answers the current update (the next search is for the next turn).
          if (last && m.seq === last.seq) peer.send({ type: 'act', seq: m.seq, action: m.action });
        }
      });
      const ended = peer.next(['record']);
      peer.send({
        type: 'join',
        room: answer.room,
        key: (answer.keys as { invite: string }).invite,
        name: 'hinter',
      });
      let over = false;
      void ended.then(() => (over = true)).catch(() => (over = true));
      while (!over && !stopped()) {
        peer.send({ type: 'hint' });
        await tick(1000 / PER_SECOND);
      }
      off();
      await ended;
    }
  });
  return {
    done: () => `${count} sockets received ${hints} hints (${run.failures()} sockets failed)`,
    stop: run.stop,
  };
}

/** Sockets that send `spectate` for a room of the people again and again (within the rate limit), moving on when its game ends. */
export function spectateStorm(wsUrl: string, count: number, rooms: readonly RoomLink[]): Disturbance {
  let sent = 0;
  let received = 0;
  const rng = seedRng('load:spectate');
  const run = many(wsUrl, count, async (peer, stopped) => {
    peer.on(() => received++);
    while (!stopped()) {
      if (rooms.length === 0) {
        await tick(20);
        continue;
      }
      const { room, key } = rooms[randomInt(rng, rooms.length)];
      let over = false;
      const off = peer.on((m) => {
        if (m.type === 'record' || (m.type === 'error' && m.code === 'no-such-room')) over = true;
      });
      while (!over && !stopped()) {
        peer.send({ type: 'spectate', room, key });
        sent++;
        await tick(1000 / PER_SECOND);
      }
      off();
    }
  });
  return {
    done: () =>
      `${count} sockets sent ${sent} spectates and received ${received} messages (${run.failures()} sockets failed)`,
    stop: run.stop,
  };
}

/**
 * Sockets that send large messages as fast as the server reads them: half of them 15 KiB
 * pings (just under the protocol's 16 KiB), half 64 KiB ones (over it: cut off, and the
 * socket opened again).
 */
export function largeMessages(wsUrl: string, count: number): Disturbance {
  let sent = 0;
  let bytes = 0;
  let socket = 0;
  let cut = 0;
  const run = many(wsUrl, count, async (peer, stopped) => {
    const size = socket++ % 2 === 0 ? 15 * 1024 : 64 * 1024;
    const message = { type: 'ping', pad: 'x'.repeat(size) };
    let open = true;
    void peer.closed.then(() => (open = false));
    while (open && !stopped()) {
      // As fast as the socket drains: what the server does not read waits in this socket's buffers.
      if (peer.buffered < 1024 * 1024) {
        peer.send(message);
        sent++;
        bytes += size;
      }
      await tick(1);
    }
    if (!open) cut++;
  });
  return {
    done: () =>
      `${count} sockets wrote ${sent} large messages, ${Math.round(bytes / 2 ** 20)} MiB (what the server did not read waited in their buffers); ${cut} cut off, ${run.failures()} failed`,
    stop: run.stop,
  };
}

/**
 * Sockets that watch the people's rooms and stay: socket i watches room i mod `games` (as
 * soon as it exists), so every room has the same number of spectators, and when its game
 * ends moves to the next room still playing; once every game is over it stays, watching
 * nothing. (Moving on to rooms already over would be a storm of welcomes, not a crowd
 * holding its places.)
 */
export function spectateHold(
  wsUrl: string,
  count: number,
  rooms: readonly RoomLink[],
  games: number,
): Disturbance {
  let watching = 0;
  const refused = new Map<string, number>();
  const over = new Set<string>();
  let opened = 0;
  const run = many(
    wsUrl,
    count,
    async (peer, stopped) => {
      let at = opened++ % games;
      while (!stopped()) {
        while (rooms.length <= at && !stopped()) await tick(20);
        if (stopped()) return;
        const { room, key } = rooms[at];
        const ended = peer.next(['record', 'error']);
        peer.send({ type: 'spectate', room, key });
        watching++;
        const m = await ended;
        if (m.type === 'error') {
          refused.set(String(m.code), (refused.get(String(m.code)) ?? 0) + 1);
          await tick(1000);
        } else over.add(room);
        const next = [...Array(games).keys()]
          .map((k) => (at + 1 + k) % games)
          .find((i) => i >= rooms.length || !over.has(rooms[i].room));
        if (next === undefined) break;
        at = next;
      }
      while (!stopped()) await tick(100);
    },
    ['record', 'error'],
  );
  return {
    done: () => {
      const codes = [...refused].map(([code, n]) => `${n}× ${code}`).join(', ');
      return `${count} sockets watched ${watching} times (${codes ? `refused: ${codes}` : 'none refused'}) and received ${run.received()} messages (${run.failures()} sockets failed or were shed)`;
    },
    stop: run.stop,
  };
}
