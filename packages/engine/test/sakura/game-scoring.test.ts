/**
 * Whole Sakura games with random legal actions (docs/rules.md 3.9, 3.10): the options that act
 * across rounds (rounds, scoring, chu, basa, teamDealer rotate) cannot be shown in a
 * one-round scenario, so these games are checked against a small reading of the rules here.
 */
import { describe, expect, it } from 'vitest';
import {
  type SakuraState,
  type SplitEvent,
  earliest,
  gameById,
  randomInt,
  seedRng,
} from '../../src/index.js';

type Options = Record<string, string | number | boolean>;
interface Table {
  readonly players: number;
  readonly teams?: number[][];
  readonly options: Options;
}

const sakura = gameById('sakura')!;

/** Plays a seeded game to its end, each decision a random legal action from a seeded RNG. */
function playGame(table: Table, seed: number): { state: SakuraState; events: SplitEvent[] } {
  const start = sakura.newGame({ players: table.players, teams: table.teams, options: table.options, seed });
  if (!start.ok) throw new Error(start.error.message);
  const rng = seedRng(`random-player:${seed}`);
  let state = start.value.state as SakuraState;
  const events = [...start.value.events];
  for (let steps = 0; sakura.toMove(state) !== null; steps++) {
    if (steps > 10_000) throw new Error('the game does not end');
    const legal = sakura.legalActions(state);
    expect(legal.length).toBeGreaterThan(0);
    const next = sakura.apply(state, legal[randomInt(rng, legal.length)]);
    if (!next.ok) throw new Error(`a legal action was rejected: ${next.error.message}`);
    state = next.value.state as SakuraState;
    events.push(...next.value.events);
  }
  return { state, events };
}

const sidesOf = (t: Table): number[][] => t.teams ?? Array.from({ length: t.players }, (_, seat) => [seat]);
const sideOfSeat = (sides: number[][], seat: number) => sides.findIndex((m) => m.includes(seat));

/** RULES 3.9: the highest score wins; the dealer wins a tie that includes the dealer, else the tied seat earliest from the dealer. */
function expectedWinner(
  scores: readonly number[],
  sides: number[][],
  players: number,
  dealer: number,
): number {
  const best = Math.max(...scores);
  const tied = sides.flatMap((m, side) => (scores[side] === best ? m : []));
  return sideOfSeat(sides, earliest(tied, players, dealer));
}

/** RULES 3.10: a round win counts 1, 2 with chu for a margin of 50+, 2 or 3 with basa for 100+ (the larger applies). */
function expectedVictories(scores: readonly number[], winner: number, anyYaku: boolean, o: Options) {
  const others = scores.filter((_, side) => side !== winner);
  const margin = scores[winner] - Math.max(...others);
  const basa = o.basa ?? 'off';
  const chu = o.chu ?? 'off';
  if (basa !== 'off' && margin >= 100)
    return { count: basa === 'triple' ? 3 : 2, label: anyYaku ? 'basa' : 'shira-basa' };
  if (chu !== 'off' && margin >= 50) return { count: 2, label: 'chu' };
  return { count: 1, label: null };
}

function checkGame(table: Table, seed: number): void {
  const { state, events } = playGame(table, seed);
  const o = table.options;
  const sides = sidesOf(table);
  const rounds = (o.rounds as number | undefined) ?? 6;
  const roundEnds = events
    .filter((e) => e.public.type === 'round-end')
    .map((e) => e.public as Record<string, unknown>);
  const gameEnds = events
    .filter((e) => e.public.type === 'game-end')
    .map((e) => e.public as Record<string, unknown>);

  // rounds
  expect(state.results).toHaveLength(rounds);
  expect(roundEnds).toHaveLength(rounds);
  expect(gameEnds).toHaveLength(1);

  const totals = sides.map(() => 0);
  const lastDealt: (number | null)[] = sides.map(() => null);
  state.results.forEach((r, i) => {
    expect(r.round).toBe(i + 1);
    // the card value in play is 240; dead and discarded cards score nothing
    expect(r.points.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(240);
    // 3.6: value minus 50 per yaku of every other side
    const allYaku = r.yaku.reduce((n, y) => n + y.length, 0);
    expect(r.scores).toEqual(r.points.map((p, side) => p - 50 * (allYaku - r.yaku[side].length)));
    if (o.yaku === 'off') expect(r.yaku.every((y) => y.length === 0)).toBe(true);
    // 3.9: winner and next dealer
    const winner = expectedWinner(r.scores, sides, table.players, r.dealer);
    expect(r.winner).toBe(winner);
    lastDealt[sideOfSeat(sides, r.dealer)] = r.dealer;
    const members = sides[winner];
    const rotateFrom = lastDealt[winner];
    const next =
      members.length === 1
        ? members[0]
        : o.teamDealer === 'rotate' && rotateFrom !== null
          ? earliest(members, table.players, (rotateFrom + 1) % table.players)
          : earliest(members, table.players, r.dealer);
    expect(r.nextDealer).toBe(next);
    if (i + 1 < state.results.length) expect(state.results[i + 1].dealer).toBe(r.nextDealer);
    // 3.10: totals
    if (o.scoring === 'victories') {
      const v = expectedVictories(
        r.scores,
        winner,
        r.yaku.some((y) => y.length > 0),
        o,
      );
      expect({ count: r.victories, label: r.label }).toEqual(v);
      totals[winner] += v.count;
    } else {
      sides.forEach((_, side) => (totals[side] += r.scores[side]));
    }
    expect(roundEnds[i].totals).toEqual(totals);
  });
  expect(state.totals).toEqual(totals);
  // game end: the best total wins, ties share the win
  const best = Math.max(...totals);
  expect(gameEnds[0].winners).toEqual(sides.flatMap((_, side) => (totals[side] === best ? [side] : [])));
}

const TABLES: [string, Table][] = [
  ['2 players, defaults (6 rounds, cumulative)', { players: 2, options: {} }],
  ['3 players, 4 rounds, cumulative', { players: 3, options: { rounds: 4 } }],
  ['5 players, 1 round', { players: 5, options: { rounds: 1 } }],
  [
    '7 players, 3 rounds, roundEnd pile-or-hands',
    { players: 7, options: { rounds: 3, roundEnd: 'pile-or-hands' } },
  ],
  ['2 players, victories', { players: 2, options: { scoring: 'victories', rounds: 8 } }],
  [
    '2 players, victories, chu double',
    { players: 2, options: { scoring: 'victories', chu: 'double', rounds: 8 } },
  ],
  [
    '3 players, victories, basa double',
    { players: 3, options: { scoring: 'victories', basa: 'double', rounds: 8 } },
  ],
  [
    '2 players, victories, chu double and basa triple',
    { players: 2, options: { scoring: 'victories', chu: 'double', basa: 'triple', rounds: 8 } },
  ],
  [
    '2 players, victories, basa triple, yaku off (shira basa)',
    { players: 2, options: { scoring: 'victories', basa: 'triple', yaku: 'off', rounds: 8 } },
  ],
  [
    '4 players in 2 teams, teamDealer earliest',
    {
      players: 4,
      teams: [
        [0, 2],
        [1, 3],
      ],
      options: { rounds: 8 },
    },
  ],
  [
    '4 players in 2 teams, teamDealer rotate',
    {
      players: 4,
      teams: [
        [0, 2],
        [1, 3],
      ],
      options: { rounds: 10, teamDealer: 'rotate' },
    },
  ],
  [
    '6 players in 3 teams of 2, rotate, victories with chu',
    {
      players: 6,
      teams: [
        [0, 3],
        [1, 4],
        [2, 5],
      ],
      options: { rounds: 8, teamDealer: 'rotate', scoring: 'victories', chu: 'double' },
    },
  ],
  [
    '6 players in 2 teams of 3, rotate',
    {
      players: 6,
      teams: [
        [0, 2, 4],
        [1, 3, 5],
      ],
      options: { rounds: 10, teamDealer: 'rotate' },
    },
  ],
];

describe('Sakura whole games (docs/rules.md 3.9, 3.10)', () => {
  for (const [title, table] of TABLES) {
    it(title, () => {
      for (let seed = 1; seed <= 12; seed++) checkGame(table, seed);
    });
  }

  it('chu, basa and shira basa all occur in these games (the checks above are not vacuous)', () => {
    const labels = new Set<string | null>();
    for (const [, table] of TABLES.filter(([, t]) => t.options.scoring === 'victories')) {
      for (let seed = 1; seed <= 12; seed++)
        for (const r of playGame(table, seed).state.results) labels.add(r.label);
    }
    expect([...labels].sort()).toEqual(expect.arrayContaining(['basa', 'chu', 'shira-basa']));
  });

  it('teamDealer rotate passes the deal between teammates when a team keeps winning', () => {
    let passed = false;
    const table = TABLES.find(([t]) => t.includes('2 teams, teamDealer rotate'))![1];
    for (let seed = 1; seed <= 12; seed++) {
      const { results } = playGame(table, seed).state;
      for (let i = 1; i < results.length; i++) {
        const sameTeam = (a: number, b: number) => a % 2 === b % 2;
        if (sameTeam(results[i - 1].dealer, results[i].dealer) && results[i - 1].dealer !== results[i].dealer)
          passed = true;
        if (sameTeam(results[i - 1].dealer, results[i].dealer))
          expect(results[i].dealer).not.toBe(results[i - 1].dealer);
      }
    }
    expect(passed).toBe(true);
  });

  it('a tied game total is a shared win', () => {
    // look for a seeded game that ends level
    let shared = false;
    for (let seed = 1; seed <= 200 && !shared; seed++) {
      const { events } = playGame({ players: 3, options: { rounds: 2, scoring: 'victories' } }, seed);
      const end = events.find((e) => e.public.type === 'game-end')!.public as unknown as {
        winners: number[];
        totals: number[];
      };
      if (end.winners.length > 1) {
        shared = true;
        expect(end.winners.every((w) => end.totals[w] === Math.max(...end.totals))).toBe(true);
      }
    }
    expect(shared).toBe(true);
  });
});
