import { describe, expect, it } from 'vitest';
import type { TableConfig } from '@hanafuda/protocol';
import { cardPoints, type GameId } from '@hanafuda/table';
import { INITIAL, TableClient, reduce, type ClientState } from '../src/state/table-client.js';
import { Table } from '@hanafuda/table';
import { localTransport } from '../src/transport/local-transport.js';
import { Listeners, type Transport } from '../src/transport/transport.js';

const bots = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ kind: 'bot' as const, name: `Bot ${i}`, level: 'easy' as const }));

/** Plays a whole game of bots to its record, watching as a spectator who closes each round's breakdown. */
function watch(config: TableConfig, seed: string): Promise<ClientState> {
  const client = new TableClient(localTransport({ config, seed, botDelayMs: 0 }));
  return new Promise((resolve) => {
    client.subscribe((s) => {
      if (s.unseenSummaries > 0) queueMicrotask(() => client.dismissSummary());
      if (s.record) {
        client.close();
        resolve(s);
      }
    });
  });
}

const sum = (cards: readonly string[], game: GameId) =>
  cards.reduce((n, c) => n + (cardPoints(game, c) ?? 0), 0);

/** Two pages of seat 0 at `table`: one connected all along, the other connected by `dialFlaky` (each call a new line). */
function steadyAndFlaky(table: Table) {
  const steady = new Listeners();
  const flaky = new Listeners();
  const transport = (listeners: Listeners): Transport => ({
    send: () => undefined,
    onMessage: (l) => listeners.add(l),
    close: () => undefined,
  });
  const steadyClient = new TableClient(transport(steady));
  const flakyClient = new TableClient(transport(flaky));
  table.connect(0, (m) => steady.emit(m));
  return { steadyClient, flakyClient, dialFlaky: () => table.connect(0, (m) => flaky.emit(m)) };
}

describe('TableClient over a local table', () => {
  it("follows a whole Sakura game and rebuilds each round's captures (card points match the engine)", async () => {
    for (const seed of ['a', 'b', 'c']) {
      const s = await watch({ game: 'sakura', players: 3, options: { rounds: 3 }, seats: bots(3) }, seed);
      expect(s.summaries).toHaveLength(3);
      expect(s.board?.toMove).toBeNull();
      for (const summary of s.summaries) {
        const points = summary.result.points as number[];
        expect(summary.captured!.map((c) => sum(c, 'sakura'))).toEqual(points);
      }
    }
  });

  it('rebuilds Nara captures, blank claims included', async () => {
    for (const seed of ['a', 'b']) {
      const s = await watch(
        { game: 'nara', players: 4, options: { length: 'rounds:3' }, seats: bots(4) },
        seed,
      );
      expect(s.summaries).toHaveLength(3);
      for (const summary of s.summaries) {
        expect(summary.captured!.map((c) => sum(c, 'nara'))).toEqual(summary.result.points);
      }
    }
  });

  it('follows Koi-Koi and Oi-bana to the end with a record', async () => {
    const k = await watch({ game: 'koikoi', players: 2, options: { rounds: 2 }, seats: bots(2) }, 'k');
    expect(k.summaries).toHaveLength(2);
    expect(k.record?.game).toBe('koikoi');
    const o = await watch({ game: 'oibana', players: 3, options: { rounds: 2 }, seats: bots(3) }, 'o');
    expect(o.summaries).toHaveLength(2);
    for (const summary of o.summaries) {
      expect(summary.captured!.map((c) => sum(c, 'oibana'))).toEqual(summary.result.points);
    }
  });

  it('holds the next round back while a breakdown is open, and shows it once the breakdown is closed', async () => {
    const transport = localTransport({
      config: { game: 'sakura', players: 2, options: { rounds: 2 }, seats: bots(2) },
      seed: 'hold',
      botDelayMs: 0,
    });
    const client = new TableClient(transport);
    // The table's own last message: once it has come, the bots have played the whole game.
    const recordSent = new Promise<void>((resolve) =>
      transport.onMessage((m) => m.type === 'record' && resolve()),
    );
    const atBreakdown = await new Promise<ClientState>((resolve) =>
      client.subscribe((s) => s.unseenSummaries > 0 && resolve(s)),
    );
    await recordSent;
    // The page still shows the end of the first round; the second round and the record wait.
    expect(client.heldBack).toBeGreaterThan(0);
    expect(client.state.view).toBe(atBreakdown.view);
    expect(client.state.record).toBeNull();
    client.dismissSummary();
    expect(client.state.summaries).toHaveLength(2);
    expect(client.state.unseenSummaries).toBe(1);
    expect(client.state.record).toBeNull();
    client.dismissSummary();
    expect(client.heldBack).toBe(0);
    expect(client.state.record?.game).toBe('sakura');
    client.close();
  });

  it('treats the rounds before a late first view as history, not as breakdowns to show', async () => {
    const client = new TableClient(
      localTransport({
        config: { game: 'sakura', players: 2, options: { rounds: 2 }, seats: bots(2) },
        seed: 'late',
        botDelayMs: 0,
      }),
    );
    const ended = await new Promise<ClientState>((resolve) =>
      client.subscribe((s) => s.unseenSummaries > 0 && resolve(s)),
    );
    client.close();
    const late = reduce(INITIAL, { v: 1, type: 'update', seq: ended.seq, events: [], view: ended.view! });
    expect(late.summaries).toHaveLength(1);
    expect(late.unseenSummaries).toBe(0);
  });
});

describe('TableClient across reconnects', () => {
  it('rebuilds its log from each welcome: after reconnects (at the deal and mid-game) it shows each event once, in order', async () => {
    const people = [
      { kind: 'human' as const, name: 'Ana' },
      { kind: 'human' as const, name: 'Ben' },
    ];
    const created = Table.create(
      { game: 'sakura', players: 2, options: { rounds: 1 }, seats: people },
      'reconnect',
    );
    if (!created.ok) throw new Error(created.error.message);
    const table = created.value;
    // One client stays connected the whole time; the other's line drops and comes back.
    const { steadyClient, flakyClient, dialFlaky } = steadyAndFlaky(table);
    let line = dialFlaky();
    const reconnect = () => {
      table.disconnect(line);
      line = dialFlaky();
    };
    reconnect();
    const players = [table.connect(0, () => undefined), table.connect(1, () => undefined)];
    for (let i = 0; i < 14; i++) {
      const seat = table.toMove!;
      const view = table.view(seat) as { actions: unknown[] };
      await table.handle(players[seat], {
        v: 1,
        type: 'act',
        seq: table.seq,
        action: view.actions[0] as never,
      });
      if (i % 7 === 3) reconnect();
    }
    expect(table.seq).toBe(14);
    expect(flakyClient.state.log.length).toBeGreaterThan(14);
    expect(flakyClient.state.log).toEqual(steadyClient.state.log);
    expect(flakyClient.state.view).toEqual(steadyClient.state.view);
  });
});

describe('round summaries from the events, the one source a reconnect also gets', () => {
  it('shows a page that was away over a round-end the same breakdown rows as a page that stayed', async () => {
    for (const [game, options, players] of [
      ['sakura', { rounds: 2 }, 3],
      ['koikoi', { rounds: 2 }, 2],
      ['nara', { length: 'rounds:2' }, 4],
      ['oibana', { rounds: 2 }, 3],
    ] as const) {
      const people = Array.from({ length: players }, (_, i) => ({ kind: 'human' as const, name: `P${i}` }));
      const created = Table.create({ game, players, options, seats: people }, `away-${game}`);
      if (!created.ok) throw new Error(created.error.message);
      const table = created.value;
      const { steadyClient, flakyClient, dialFlaky } = steadyAndFlaky(table);
      let line: ReturnType<Table['connect']> | null = dialFlaky();
      const seats = people.map((_, seat) => table.connect(seat, () => undefined));
      // The flaky page's line drops a few moves before each round-end and comes back a few moves after it.
      let wasRound = 0;
      for (let i = 0; i < 2000 && !table.over; i++) {
        const seat = table.toMove!;
        const view = table.view(seat) as { actions: unknown[]; results: unknown[] };
        await table.handle(seats[seat], {
          v: 1,
          type: 'act',
          seq: table.seq,
          action: view.actions[0] as never,
        });
        const rounds = (table.view(0) as { results: unknown[] }).results.length;
        if (line && i % 5 === 4) {
          table.disconnect(line);
          line = null;
        } else if (!line && rounds > wasRound) {
          line = dialFlaky();
          wasRound = rounds;
        }
        for (const client of [steadyClient, flakyClient])
          while (client.state.unseenSummaries > 0) client.dismissSummary();
      }
      if (!line) dialFlaky();
      for (const client of [steadyClient, flakyClient])
        while (client.state.unseenSummaries > 0) client.dismissSummary();
      expect(table.over, game).toBe(true);
      const rows = (c: TableClient) =>
        c.state.summaries.map((s) => ({
          round: s.round,
          captured: s.captured,
          totals: s.totals,
          result: s.result,
        }));
      expect(steadyClient.state.summaries, game).toHaveLength(2);
      expect(rows(flakyClient), game).toEqual(rows(steadyClient));
      for (const summary of flakyClient.state.summaries) {
        // The rows add up to the points the round-end gives (Koi-Koi counts no card points).
        if (game !== 'koikoi')
          expect(
            summary.captured!.map((c) => sum(c, game)),
            game,
          ).toEqual(summary.result.points);
        expect(summary.totals, game).toEqual(
          game === 'oibana' ? summary.result.bankrolls : summary.result.totals,
        );
      }
    }
  });
});

describe('a breakdown and the turn clock (online)', () => {
  /** A table of a person (seat 0) and a bot, the person's client showing the table when their turn comes. */
  async function toRoundEnd(turnShowsTable: boolean) {
    const seats = [
      { kind: 'human' as const, name: 'Ana' },
      { kind: 'bot' as const, name: 'Bot', level: 'easy' as const },
    ];
    const created = Table.create(
      { game: 'koikoi', players: 2, options: { rounds: 3 }, seats },
      'turn-clock',
      { botDelayMs: 0 },
    );
    if (!created.ok) throw new Error(created.error.message);
    const table = created.value;
    const line = new Listeners();
    const client = new TableClient(
      { send: () => undefined, onMessage: (l) => line.add(l), close: () => undefined },
      { turnShowsTable },
    );
    const ana = table.connect(0, (m) => line.emit(m));
    // Ana plays her first choice each turn until the first round has ended.
    for (let i = 0; i < 500 && client.state.summaries.length === 0; i++) {
      await table.idle();
      const view = table.view(0) as { actions: unknown[] };
      if (table.toMove === 0 && view.actions.length > 0)
        await table.handle(ana, { v: 1, type: 'act', seq: table.seq, action: view.actions[0] as never });
    }
    await table.idle();
    return { table, client };
  }

  it('shows the table, not the breakdown, once the next round asks the person to act; the breakdown is one tap away', async () => {
    const { table, client } = await toRoundEnd(true);
    expect(client.state.summaries).toHaveLength(1);
    // Round 2 waits for Ana: her page shows it, with her moves, and the breakdown put aside unread.
    expect(table.toMove).toBe(0);
    expect(client.state.unseenSummaries).toBe(0);
    expect(client.heldBack).toBe(0);
    expect(client.state.view?.actions.length).toBeGreaterThan(0);
    expect(client.state.unread).toBe(true);
    client.reopenSummary();
    expect(client.state.reopened).toBe(0);
    expect(client.state.unread).toBe(false);
    client.closeReopened();
    expect(client.state.reopened).toBeNull();
  });

  it('without a clock (a game against bots on the device) the breakdown holds the table until it is closed', async () => {
    const { client } = await toRoundEnd(false);
    expect(client.state.unseenSummaries).toBe(1);
    expect(client.heldBack).toBeGreaterThan(0);
    client.dismissSummary();
    expect(client.state.view?.actions.length).toBeGreaterThan(0);
  });

  it('catches up when the page wakes: every held message is shown and the breakdowns count as read', async () => {
    const transport = localTransport({
      config: { game: 'sakura', players: 2, options: { rounds: 3 }, seats: bots(2) },
      seed: 'wake',
      botDelayMs: 0,
    });
    const client = new TableClient(transport);
    const recordSent = new Promise<void>((resolve) =>
      transport.onMessage((m) => m.type === 'record' && resolve()),
    );
    await recordSent;
    expect(client.state.unseenSummaries).toBe(1);
    client.catchUp();
    expect(client.heldBack).toBe(0);
    expect(client.state.unseenSummaries).toBe(0);
    expect(client.state.summaries).toHaveLength(3);
    expect(client.state.record?.game).toBe('sakura');
  });
});
