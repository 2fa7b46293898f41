/**
 * The arena's failure counts on positions built by hand (a light thrown and taken, a stop
 * with cards in hand), the tally of "stopped while behind" on given outcomes, and deals on
 * worker threads tallying exactly as on one thread.
 */
import {
  type Action,
  type GameModule,
  STANDARD_DECK,
  actionKind,
  cardIds,
  koikoi,
  parseScenario,
} from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { roundFailures, type SeatingOutcome } from '../src/commands/arena-deal.js';
import { type ArenaRun, runArena, tally } from '../src/commands/arena.js';

/** A Koi-Koi position with seat 0 to move; the pile goes on with the cards the deal leaves out. */
function position(deal: {
  hands: string[][];
  field: string[];
  pile: string[];
  captured?: string[][];
}): unknown {
  const placed = new Set([
    ...deal.hands.flat(),
    ...deal.field,
    ...deal.pile,
    ...(deal.captured ?? []).flat(),
  ]);
  const pile = [...deal.pile, ...cardIds(STANDARD_DECK).filter((id) => !placed.has(id))];
  const scenario = parseScenario(
    JSON.stringify({
      name: 'arena',
      game: 'koikoi',
      players: 2,
      dealer: 1,
      deal: { ...deal, pile, toMove: 0 },
      actions: [],
    }),
  );
  if (!scenario.ok) throw new Error(scenario.error.message);
  const start = (koikoi as GameModule).fromScenario(scenario.value.setup);
  if (!start.ok) throw new Error(start.error.message);
  return start.value.state;
}

const replay = (hands: string[][], field: string[], pile: string[], actions: Action[]) =>
  roundFailures(koikoi as GameModule, position({ hands, field, pile }), actions, 2);

describe('arena failure counts', () => {
  const field = ['pine-crane', 'maple-deer'];
  const pile = ['plum-chaff-1', 'paulownia-chaff-1'];

  it('a bright played to the field with other cards in hand, taken by the next player, counts for its thrower', () => {
    const actions: Action[] = [
      { seat: 0, play: 'cherry-curtain' },
      { seat: 1, play: 'cherry-chaff-1' },
    ] as Action[];
    expect(
      replay(
        [
          ['cherry-curtain', 'iris-chaff-1'],
          ['cherry-chaff-1', 'wisteria-chaff-1'],
        ],
        field,
        pile,
        actions,
      ).lightsTaken,
    ).toEqual([1, 0]);
  });

  it('one left on the field does not, nor one thrown as the last card in hand', () => {
    const left: Action[] = [
      { seat: 0, play: 'cherry-curtain' },
      { seat: 1, play: 'wisteria-chaff-1' },
    ] as Action[];
    expect(
      replay(
        [
          ['cherry-curtain', 'iris-chaff-1'],
          ['cherry-chaff-1', 'wisteria-chaff-1'],
        ],
        field,
        pile,
        left,
      ).lightsTaken,
    ).toEqual([0, 0]);
    const last: Action[] = [
      { seat: 0, play: 'cherry-curtain' },
      { seat: 1, play: 'cherry-chaff-1' },
    ] as Action[];
    expect(replay([['cherry-curtain'], ['cherry-chaff-1']], field, pile, last).lightsTaken).toEqual([0, 0]);
  });

  it('a stop with cards in hand names its seat', () => {
    // Seat 0 holds crane and curtain; taking the moon makes Sanko, and it stops with a card left.
    const hands = [
      ['susuki-chaff-1', 'iris-chaff-1'],
      ['wisteria-chaff-1', 'clover-chaff-1'],
    ];
    const start = position({
      hands,
      field: ['susuki-moon'],
      pile: ['plum-chaff-1'],
      captured: [['pine-crane', 'cherry-curtain'], []],
    });
    const played = koikoi.apply(start as never, { seat: 0, play: 'susuki-chaff-1' } as Action);
    if (!played.ok) throw new Error(played.error.message);
    const shobu = koikoi.legalActions(played.value.state).find((a) => actionKind(a) === 'shobu')!;
    expect(shobu).toBeDefined();
    expect(
      roundFailures(koikoi as GameModule, start, [{ seat: 0, play: 'susuki-chaff-1' } as Action, shobu], 2)
        .stopper,
    ).toBe(0);
  });
});

describe('arena tally', () => {
  const run: ArenaRun = {
    gameId: 'koikoi',
    players: 2,
    options: {},
    botNames: ['greedy', 'random'],
    deals: 2,
    seed: 's',
    gameRounds: 2,
  };
  const outcome = (botIndex: number[], scores: number[], stopper: number | null): SeatingOutcome => ({
    botIndex,
    scores,
    gamePoints: scores,
    winners: [],
    dealerSide: 0,
    ms: [[], []],
    stopper,
    lightsTaken: [0, 0],
  });

  it('counts a stop in the last round of a game that leaves the stopper behind, and no other', () => {
    const outcomes = [
      [outcome([0, 1], [10, 0], null), outcome([1, 0], [0, 10], null)],
      // Last round: bot 1 stops at 6 against 10 (behind); bot 0 stops at 6 against 0 + 4 ... from 10 (ahead).
      [outcome([0, 1], [0, 6], 1), outcome([1, 0], [0, 6], 1)],
    ];
    const { stats } = tally(run, outcomes);
    expect(stats.map((s) => s.stoppedBehind)).toEqual([0, 1]);
  });

  it('does not count a stop behind in an earlier round', () => {
    const outcomes = [
      [outcome([0, 1], [10, 2], 1), outcome([1, 0], [10, 2], 1)],
      [outcome([0, 1], [0, 0], null), outcome([1, 0], [0, 0], null)],
    ];
    expect(tally(run, outcomes).stats.map((s) => s.stoppedBehind)).toEqual([0, 0]);
  });
});

describe('arena threads', () => {
  it('deals on three threads tally as on one (decision times aside)', async () => {
    const run: ArenaRun = {
      gameId: 'koikoi',
      players: 2,
      options: {},
      botNames: ['search:40', 'greedy'],
      deals: 10,
      seed: 'threads',
      gameRounds: 3,
    };
    const strip = (r: Awaited<ReturnType<typeof runArena>>) =>
      r.stats.map(({ ms, ...rest }) => ({ ...rest, decisions: ms.length }));
    const one = await runArena(run, { threads: 1 });
    expect(strip(await runArena(run, { threads: 3 }))).toEqual(strip(one));
    expect(one.stats[0].rounds).toBe(20);
  }, 60_000);
});
