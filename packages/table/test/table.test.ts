/** The table: turn order, seats, stale and foreign actions, bots, redaction, records, restore. */
import { describe, expect, it } from 'vitest';
import { type Action, eventsFor, replayRecord, sakura, type SakuraView } from '@hanafuda/engine';
import type { TableConfig, TableMessage } from '@hanafuda/protocol';
import { Table } from '../src/index.js';

const config: TableConfig = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [
    { kind: 'human', name: 'Keoni' },
    { kind: 'bot', name: 'Bot', level: 'normal' },
  ],
};

function listen() {
  const inbox: TableMessage[] = [];
  const last = <T extends TableMessage['type']>(type: T) =>
    inbox.filter((m) => m.type === type).at(-1) as Extract<TableMessage, { type: T }> | undefined;
  return { inbox, send: (m: TableMessage) => inbox.push(m), last };
}

const act = (seq: number, action: Action) => JSON.stringify({ v: 1, type: 'act', seq, action });

/** A new table of `setup` dealt from `seed` (the test fails if the setup is refused). */
function newTable(setup: Parameters<typeof Table.create>[0], seed: string): Table {
  const created = Table.create(setup, seed);
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Plays the human seat with its first legal action until the game ends. */
async function playOut(
  table: Table,
  me: ReturnType<typeof listen>,
  connection: ReturnType<Table['connect']>,
) {
  await table.idle();
  for (let guard = 0; !table.over && guard < 500; guard++) {
    const view = me.last('update')!.view as SakuraView;
    await table.receive(connection, act(table.seq, view.actions[0]));
    await table.idle();
  }
}

describe('a table', () => {
  it('welcomes each viewer with its own view, and refuses bad input without changing the game', async () => {
    const table = newTable(config, 'seed-1');
    await table.idle();
    const me = listen();
    const watcher = listen();
    const seat = table.connect(0, me.send);
    const spectator = table.connect(null, watcher.send);
    expect(me.inbox[0]).toMatchObject({ type: 'welcome', seat: 0 });
    const view = me.last('update')!.view as SakuraView;
    expect(view.hand.length).toBeGreaterThan(0);
    expect((watcher.last('update')!.view as SakuraView).hand).toEqual([]);

    const seq = table.seq;
    const before = JSON.stringify(table.view(0));
    for (const [text, code] of [
      ['{oops', 'bad-json'],
      ['{"v":1,"type":"warp"}', 'unknown-type'],
      [act(seq + 5, view.actions[0]), 'stale'],
      [act(seq, { ...view.actions[0], seat: 1 }), 'not-your-seat'],
      [act(seq, { seat: 0, play: 'pine-dragon' } as Action), 'unknown-card'],
    ] as const) {
      await table.receive(seat, text);
      expect(me.last('error')?.code).toBe(code);
    }
    // Seat 0 is to move here, so a field card it does not hold is refused as not in its hand.
    expect(table.toMove).toBe(0);
    await table.receive(seat, act(seq, { seat: 0, play: view.field[0] }));
    expect(me.last('error')?.code).toBe('not-in-hand');
    await table.receive(spectator, act(seq, view.actions[0]));
    expect(watcher.last('error')?.code).toBe('spectator');
    expect(table.seq).toBe(seq);
    expect(JSON.stringify(table.view(0))).toBe(before);
  });

  it('plays the bot seats, never shows a viewer the other hand, and sends the record at the end', async () => {
    const table = newTable(config, 'seed-2');
    const me = listen();
    const connection = table.connect(0, me.send);
    await playOut(table, me, connection);
    expect(table.over).toBe(true);
    const updates = me.inbox.filter(
      (m): m is Extract<TableMessage, { type: 'update' }> => m.type === 'update',
    );
    for (const u of updates.slice(0, -1)) {
      const view = u.view as SakuraView;
      expect(view.viewer).toBe(0);
      for (const e of u.events)
        expect(e.type === 'deal' && e.seat === 1 ? e.cards : undefined).toBeUndefined();
    }
    const record = me.last('record')!.record;
    expect(record.actions.length).toBe(table.seq);
    const replayed = replayRecord(sakura, record);
    expect(replayed.ok).toBe(true);
  });

  it('shows a viewer who connects before the first action how the game began, own hand only', () => {
    const table = newTable(
      { ...config, seats: [config.seats[0], { kind: 'human', name: 'Malia' }] },
      'seed-5',
    );
    const me = listen();
    table.connect(0, me.send);
    const events = me.last('update')!.events;
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['first-dealer', 'round-start', 'deal', 'field']),
    );
    const deals = events.filter((e) => e.type === 'deal');
    expect(deals.find((e) => e.seat === 0)?.cards).toBeDefined();
    expect(deals.find((e) => e.seat === 1)?.cards).toBeUndefined();
  });

  it("answers a hint with a legal action, only on the seat's turn", async () => {
    const table = newTable(config, 'seed-3');
    await table.idle();
    const me = listen();
    const connection = table.connect(0, me.send);
    await table.receive(connection, '{"v":1,"type":"hint"}');
    if (table.toMove === 0) {
      const hint = me.last('hint')!;
      expect((me.last('update')!.view as SakuraView).actions).toContainEqual(hint.action);
    } else {
      expect(me.last('error')?.code).toBe('no-hint');
    }
  });

  it('restored from its actions, continues exactly as the original', async () => {
    const a = newTable(config, 'seed-4');
    const me = listen();
    const connection = a.connect(0, me.send);
    await playOut(a, me, connection);
    const full = a.record();
    const half = full.actions.slice(0, Math.floor(full.actions.length / 2));
    // The actions so far, then the rest of the game played the same way by the same people.
    const b = Table.restore(config, 'seed-4', half);
    if (!b.ok) throw new Error(b.error.message);
    const you = listen();
    const again = b.value.connect(0, you.send);
    await playOut(b.value, you, again);
    expect(b.value.record()).toEqual(full);
  });

  it('welcomes a late viewer with the game so far redacted for it, and a bot standing in for a person marks its moves until the person is back', async () => {
    const people: TableConfig = { ...config, seats: [config.seats[0], { kind: 'human', name: 'Lani' }] };
    const table = newTable(people, 'seed-stand-in');
    const early = listen();
    table.connect(1, early.send);
    // Lani is away: a bot stands in for her; Keoni plays himself.
    table.replaceWithBot(1, 'easy');
    const keoni = listen();
    const seat = table.connect(0, keoni.send);
    for (let guard = 0; table.seq < 8 && guard < 50; guard++) {
      await table.idle();
      if (table.toMove === 0)
        await table.receive(seat, act(table.seq, (keoni.last('update')!.view as SakuraView).actions[0]));
    }
    await table.idle();
    const history = (m: ReturnType<typeof listen>) =>
      m.inbox.flatMap((x) => (x.type === 'welcome' ? x.history : x.type === 'update' ? x.events : []));
    const marks = history(early).filter((e) => e.type === 'played-for');
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((e) => e.seat === 1 && e.reason === 'away')).toBe(true);
    // A late connection of Lani's seat is told exactly what she was told live, once, in order.
    const late = listen();
    table.connect(1, late.send);
    expect(history(late)).toEqual(history(early));
    const replay = replayRecord(sakura, table.record());
    if (!replay.ok) throw new Error(replay.error.message);
    expect(history(late).filter((e) => e.type !== 'played-for')).toEqual(
      eventsFor(
        replay.value.flatMap((step) => step.events),
        1,
      ),
    );

    // Lani is back: the bot stops; her turn waits for her.
    expect(table.giveBack(1)).toBe(true);
    expect(table.hasStandIn(1)).toBe(false);
    for (let guard = 0; table.toMove !== 1 && !table.over && guard < 50; guard++) {
      await table.receive(seat, act(table.seq, (keoni.last('update')!.view as SakuraView).actions[0]));
      await table.idle();
    }
    const seq = table.seq;
    await table.idle();
    expect(table.toMove).toBe(1);
    expect(table.seq).toBe(seq);
  });

  it('starts a replayed deal (config.startAt): its opening is that round of the seed, and its record replays it', async () => {
    const replayConfig: TableConfig = { ...config, options: { rounds: 3 }, startAt: { round: 2, dealer: 1 } };
    const table = newTable(replayConfig, 'seed-replay');
    const me = listen();
    const connection = table.connect(0, me.send);
    expect(me.last('welcome')!.config.startAt).toEqual({ round: 2, dealer: 1 });
    // Connected before the first action: the opening comes with the first view.
    const opening = me.last('update')!.events;
    expect(opening[0]).toEqual({ type: 'round-start', round: 2, dealer: 1 });
    const direct = sakura.newGame({
      players: 2,
      options: { rounds: 3 },
      seed: 'seed-replay',
      startAt: { round: 2, dealer: 1 },
    });
    if (!direct.ok) throw new Error(direct.error.message);
    expect(opening).toEqual(eventsFor(direct.value.events, 0));
    await playOut(table, me, connection);
    const record = table.record();
    expect(record.startAt).toEqual({ round: 2, dealer: 1 });
    const replayed = replayRecord(sakura, record);
    expect(replayed.ok).toBe(true);
  });

  it('welcomes spectators arriving at the same update with the same messages (made once), and a later one with the game so far', async () => {
    const table = newTable(config, 'seed-watch');
    const me = listen();
    const seat = table.connect(0, me.send);
    await table.receive(seat, act(table.seq, (me.last('update')!.view as SakuraView).actions[0]));
    await table.idle();
    const [first, second] = [listen(), listen()];
    table.connect(null, first.send);
    table.connect(null, second.send);
    expect(second.inbox).toHaveLength(first.inbox.length);
    second.inbox.forEach((m, i) => expect(m).toBe(first.inbox[i]));

    await table.receive(seat, act(table.seq, (me.last('update')!.view as SakuraView).actions[0]));
    await table.idle();
    const later = listen();
    table.connect(null, later.send);
    expect(later.inbox[0]).not.toBe(first.inbox[0]);
    expect(later.last('update')!.seq).toBe(table.seq);
    expect(later.last('welcome')!.history.length).toBeGreaterThan(first.last('welcome')!.history.length);
    expect((later.last('update')!.view as SakuraView).hand).toEqual([]);
  });

  it('refuses a config the game refuses', () => {
    const bad = Table.create({ ...config, options: { gajiClaim: 'everything' } }, 's');
    expect(!bad.ok && bad.error.message).toMatch(/gajiClaim/);
    const unknown = Table.create({ ...config, game: 'poker' }, 's');
    expect(!unknown.ok && unknown.error.message).toMatch(/unknown game "poker"/);
  });
});
