/**
 * The leak test: many random games over real WebSockets, every seat and a spectator
 * listening. No message to a viewer may name a card hidden from it (another hand, the pile),
 * a hiki's month before it is revealed, a round's seed before that round has ended, or the
 * game's seed before the game has ended. Nor may the history a late connection is welcomed
 * with (a second tab, a reload, a new spectator): it must be exactly the engine's redaction
 * of the game so far for that viewer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GAJI,
  type ReplayStep,
  type SakuraState,
  cardId,
  eventsFor,
  randomInt,
  replayRecord,
  roundSeed,
  sakura,
  seedRng,
} from '@hanafuda/engine';
import type { RunningServer } from '../src/index.js';
import { type Message, TestClient } from './support/client.js';
import { autoplay } from './support/play.js';
import { createRoom, joinRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const GAMES = 16;

/** The game's n-th table: 2 to 4 players (4 in teams), both hiki timings, both round ends. */
function setupFor(n: number) {
  const rng = seedRng(`leak-setup:${n}`);
  const players = 2 + randomInt(rng, 3);
  return {
    game: 'sakura',
    players,
    ...(players === 4 && randomInt(rng, 2) === 0
      ? {
          teams: [
            [0, 2],
            [1, 3],
          ],
        }
      : {}),
    options: {
      rounds: 1 + randomInt(rng, 2),
      hikiTiming: randomInt(rng, 2) ? 'anytime' : 'deal',
      roundEnd: randomInt(rng, 2) ? 'pile-or-hands' : 'hands-and-pile',
    },
    seats: Array.from({ length: players }, () => ({ kind: 'open' })),
  };
}

function checkMessages(
  messages: Message[],
  texts: string[],
  viewer: number | null,
  states: SakuraState[],
  seed: string,
): void {
  const ended = new Set<number>();
  let gameOver = false;
  const lastRound = states[states.length - 1].round;
  messages.forEach((m, i) => {
    if (m.type === 'update') {
      const events = m.events as { type: string; round?: number; seat?: number; month?: number }[];
      for (const e of events) {
        if (e.type === 'round-end') ended.add(e.round!).add(0);
        if (e.type === 'game-end') gameOver = true;
      }
    }
    for (let round = 0; round <= lastRound + 1; round++)
      if (!ended.has(round) && !gameOver) expect(texts[i]).not.toContain(roundSeed(seed, round));
    if (!gameOver) expect(texts[i]).not.toContain(seed);
    if (m.type !== 'update') return;

    const s = states[m.seq as number];
    const events = m.events as { type: string; seat?: number; month?: number }[];
    const view = m.view as { hikis: { seat: number; month: number | null }[]; results: unknown };
    // Only this round: earlier rounds' results and events (and the first-dealer draw) name cards of other shuffles.
    const { results: _past, ...thisRound } = view;
    const current = events.slice(
      Math.max(
        0,
        events.findLastIndex((e) => e.type === 'round-start'),
      ),
    );
    const seen = JSON.stringify(thisRound) + JSON.stringify(current);
    const gajiCameBack = events.some((e) => e.type === 'gaji-returned');
    const hidden = [...s.pile, ...s.hands.flatMap((h, seat) => (seat === viewer ? [] : h))].filter(
      (c) => !(gajiCameBack && c === GAJI),
    );
    if (s.phase !== 'over') for (const c of hidden) expect(seen).not.toContain(`"${cardId(c)}"`);
    for (const h of s.hikis)
      if (h.seat !== viewer && !h.revealed)
        expect(view.hikis.find((v) => v.seat === h.seat && v.month === h.month)).toBeUndefined();
    for (const e of events) if (e.type === 'hiki' && e.seat !== viewer) expect(e.month).toBeUndefined();
  });
}

/** A connection that came mid-game: its welcome's history is the game so far, redacted for it, and names nothing hidden from it then. */
function checkHistory(
  late: TestClient,
  viewer: number | null,
  replay: ReplayStep<SakuraState>[],
  seed: string,
): void {
  const at = late.messages.findIndex((m) => m.type === 'welcome');
  const welcome = late.messages[at];
  const seq = late.messages.slice(at).find((m) => m.type === 'update')!.seq as number;
  const history = welcome.history as { type: string; seat?: number; month?: number; round?: number }[];
  expect(history).toEqual(
    eventsFor(
      replay.slice(0, seq + 1).flatMap((step) => step.events),
      viewer,
    ),
  );
  const s = replay[seq].state;
  const ended = new Set(history.filter((e) => e.type === 'round-end').flatMap((e) => [e.round!, 0]));
  const gameOver = history.some((e) => e.type === 'game-end');
  for (let round = 0; round <= s.round + 1; round++)
    if (!ended.has(round) && !gameOver) expect(late.texts[at]).not.toContain(roundSeed(seed, round));
  if (!gameOver) expect(late.texts[at]).not.toContain(seed);
  const current = JSON.stringify(
    history.slice(
      Math.max(
        0,
        history.findLastIndex((e) => e.type === 'round-start'),
      ),
    ),
  );
  const gajiCameBack = history.some((e) => e.type === 'gaji-returned');
  const hidden = [...s.pile, ...s.hands.flatMap((h, seat) => (seat === viewer ? [] : h))].filter(
    (c) => !(gajiCameBack && c === GAJI),
  );
  if (s.phase !== 'over') for (const c of hidden) expect(current).not.toContain(`"${cardId(c)}"`);
  for (const e of history) if (e.type === 'hiki' && e.seat !== viewer) expect(e.month).toBeUndefined();
}

const sqlite = STORES[0];

describe('no message leaks what its viewer may not see', { timeout: 60_000 }, () => {
  let db: TestStore;
  let server: RunningServer;

  beforeAll(async () => {
    db = await sqlite.open();
    server = await serve(db);
  });

  afterAll(async () => {
    await shutDown(server, db);
  });

  it(`over ${GAMES} random Sakura games`, async () => {
    for (let n = 0; n < GAMES; n++) {
      const setup = setupFor(n);
      const { host, room, key } = await createRoom(server, setup);
      const watcher = await TestClient.connect(server.wsUrl);
      await watcher.request({ type: 'spectate', room, key }, 'room');
      const people = [];
      for (let seat = 0; seat < setup.players; seat++)
        people.push(await joinRoom(server, room, key, `P${seat}`));
      const records = people.map((p) => {
        const rng = seedRng(`leak-policy:${n}:${p.seat}`);
        return autoplay(p.client, p.seat, (actions) => actions[randomInt(rng, actions.length)]);
      });
      // Mid-game, someone opens a second tab of a seat, and someone else starts watching.
      const policy = seedRng(`leak-late:${n}`);
      await people[0].client.next(
        (m) => m.type === 'update' && (m.seq as number) >= 4 + randomInt(policy, 20),
      );
      const tab = people[randomInt(policy, people.length)];
      const lateTab = await TestClient.connect(server.wsUrl);
      const lateWatcher = await TestClient.connect(server.wsUrl);
      lateTab.send({ type: 'resume', room, token: tab.token });
      lateWatcher.send({ type: 'spectate', room, key });
      const record = (await Promise.all(records))[0].record as Parameters<typeof replayRecord>[1];
      await Promise.all([lateTab, lateWatcher].map((c) => c.next((m) => m.type === 'record')));
      await watcher.next((m) => m.type === 'record');
      await server.rooms.get(room)!.ended;
      // The last word to everyone: the room is over (its seed revealed); every message before it is checked below.
      const over = (m: Message) => m.type === 'room' && (m.room as { status: string }).status === 'over';
      await Promise.all(
        [watcher, lateTab, lateWatcher, ...people.map((p) => p.client)].map((c) => c.next(over)),
      );

      const replay = replayRecord(sakura, record);
      if (!replay.ok) throw new Error(replay.error.message);
      const states = replay.value.map((step) => step.state);
      // The engine's own redaction is what the server must have sent: the views are compared too.
      for (const p of people) {
        checkMessages(p.client.messages, p.client.texts, p.seat, states, String(record.seed));
        const last = p.client.lastUpdate()!;
        expect(last.view).toEqual(sakura.view(states[last.seq as number], p.seat));
        expect(last.events).toEqual(eventsFor(replay.value[last.seq as number].events, p.seat));
      }
      checkMessages(watcher.messages, watcher.texts, null, states, String(record.seed));
      checkHistory(lateTab, tab.seat, replay.value, String(record.seed));
      checkHistory(lateWatcher, null, replay.value, String(record.seed));
      await Promise.all(
        [host, watcher, lateTab, lateWatcher, ...people.map((p) => p.client)].map((c) => c.close()),
      );
    }
  });
});
