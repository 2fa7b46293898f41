/** Bot decisions and hints made through the `decide` hook (the server's search threads): the same game, nothing after close, one search per hint; shared spectator updates. */
import { describe, expect, it } from 'vitest';
import { type BotView, botForLevel } from '@hanafuda/bots';
import { sakura, seedRng } from '@hanafuda/engine';
import type { TableConfig, TableMessage } from '@hanafuda/protocol';
import { type Decision, type DecisionRequest, Table, decideNow } from '../src/index.js';

const bots: TableConfig = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [
    { kind: 'bot', name: 'A', level: 'easy' },
    { kind: 'bot', name: 'B', level: 'hard' },
  ],
};

/** Decides as the table would in-line, but only after the event loop has turned (as a thread's answer comes). */
const later = (requests: DecisionRequest[]) => (request: DecisionRequest) =>
  new Promise<Decision>((resolve) => {
    requests.push(request);
    setImmediate(() => resolve(decideNow(request)));
  });

function make(config: TableConfig, seed: string, hooks: Parameters<typeof Table.create>[2] = {}): Table {
  const created = Table.create(config, seed, hooks);
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

describe('decisions made elsewhere', () => {
  it(
    'give the same game as the bots of before: each decision from the seat\'s view and the stream "seed:bot:update"',
    { timeout: 60_000 },
    async () => {
      const requests: DecisionRequest[] = [];
      const table = make(bots, 'decide-1', { decide: later(requests) });
      await table.idle();
      expect(table.over).toBe(true);
      const actions = table.record().actions;
      expect(requests.map((r) => r.rng)).toEqual(actions.map((_, seq) => `decide-1:bot:${seq}`));

      // Replayed independently: each action is the seat's bot's choice with that stream.
      const start = sakura.newGame({ players: 2, options: { rounds: 1 }, seed: 'decide-1' });
      if (!start.ok) throw new Error(start.error.message);
      let state = start.value.state;
      for (const [seq, action] of actions.entries()) {
        const seat = sakura.toMove(state)!;
        const level = bots.seats[seat].kind === 'bot' ? bots.seats[seat].level! : 'normal';
        expect(action).toEqual(
          botForLevel(level).choose(
            sakura,
            sakura.view(state, seat) as BotView,
            seedRng(`decide-1:bot:${seq}`),
          ),
        );
        const next = sakura.apply(state, action);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value.state;
      }
      const inline = make(bots, 'decide-1');
      await inline.idle();
      expect(inline.record()).toEqual(table.record());
    },
  );

  it('are dropped when the table closed while the bot was deciding', async () => {
    let answer: (decision: Decision) => void = () => undefined;
    let asked: DecisionRequest | undefined;
    const table = make(bots, 'decide-2', {
      decide: (request) => {
        asked = request;
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const inbox: TableMessage[] = [];
    table.connect(null, (m) => inbox.push(m));
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toBeDefined();
    const seen = inbox.length;
    table.close();
    answer(decideNow(asked!));
    await table.idle();
    expect(table.seq).toBe(0);
    expect(inbox.length).toBe(seen);
  });

  it('make a hint once per update, however many times it is asked for', async () => {
    const people: TableConfig = {
      ...bots,
      seats: [
        { kind: 'human', name: 'Keoni' },
        { kind: 'human', name: 'Malia' },
      ],
    };
    const requests: DecisionRequest[] = [];
    const table = make(people, 'decide-3', { decide: later(requests) });
    const seat = table.toMove!;
    const inbox: TableMessage[] = [];
    const connection = table.connect(seat, (m) => inbox.push(m));
    await Promise.all(Array.from({ length: 5 }, () => table.receive(connection, '{"v":1,"type":"hint"}')));
    expect(requests.map((r) => [r.level, r.rng])).toEqual([['hint', 'decide-3:hint:0']]);
    const hints = inbox.filter((m) => m.type === 'hint');
    expect(hints).toHaveLength(5);
    expect(new Set(hints.map((h) => JSON.stringify(h))).size).toBe(1);
    expect(hints[0]).toMatchObject({ seq: 0, ...decideNow(requests[0]) });
  });

  it('answer a failed hint search with an error, and search again when asked again', async () => {
    const people: TableConfig = {
      ...bots,
      seats: [
        { kind: 'human', name: 'Keoni' },
        { kind: 'human', name: 'Malia' },
      ],
    };
    let calls = 0;
    const table = make(people, 'decide-4', {
      decide: (request) =>
        ++calls === 1
          ? Promise.reject(new Error('the search pool is closed'))
          : Promise.resolve(decideNow(request)),
    });
    const inbox: TableMessage[] = [];
    const connection = table.connect(table.toMove!, (m) => inbox.push(m));
    await table.receive(connection, '{"v":1,"type":"hint"}');
    expect(inbox.at(-1)).toMatchObject({
      type: 'error',
      code: 'no-hint',
      message: expect.stringMatching(/ask again/),
    });
    await table.receive(connection, '{"v":1,"type":"hint"}');
    expect(inbox.at(-1)).toMatchObject({ type: 'hint', seq: 0 });
    expect(calls).toBe(2);
  });

  it('in-line (no hook: the browser, the terminal), a hint is answered before receive returns', () => {
    const people: TableConfig = {
      ...bots,
      seats: [
        { kind: 'human', name: 'Keoni' },
        { kind: 'human', name: 'Malia' },
      ],
    };
    const table = make(people, 'decide-5');
    const inbox: TableMessage[] = [];
    const connection = table.connect(table.toMove!, (m) => inbox.push(m));
    void table.receive(connection, '{"v":1,"type":"hint"}');
    expect(inbox.at(-1)).toMatchObject({ type: 'hint', seq: 0 });
    // The hint says why, as data: the first play of a round is searched, so its expected points come with it.
    const hint = inbox.at(-1) as Extract<TableMessage, { type: 'hint' }>;
    expect(hint.reason).toMatchObject({
      captures: expect.any(Array),
      advances: expect.any(Array),
      blocks: expect.any(Array),
    });
    expect(hint.reason!.expected!.move).toBeGreaterThanOrEqual(hint.reason!.expected!.next);
  });

  it('send every spectator one and the same update (its view computed once)', async () => {
    const table = make(bots, 'decide-6', { decide: later([]) });
    const [a, b]: TableMessage[][] = [[], []];
    table.connect(null, (m) => a.push(m));
    table.connect(null, (m) => b.push(m));
    await table.idle();
    const updates = (inbox: TableMessage[]) => inbox.filter((m) => m.type === 'update').slice(1);
    expect(updates(a).length).toBe(table.seq);
    updates(a).forEach((m, i) => expect(updates(b)[i]).toBe(m));
  });
});
