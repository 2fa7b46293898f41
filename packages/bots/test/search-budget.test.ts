/**
 * The search's caps: `ms` holds within one sample, measured on an injected clock (no timing in
 * the test); `moves` stops a search at the first sample past it, with no clock at all.
 */
import { type GameModule, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import {
  type BotView,
  botByName,
  greedyChoice,
  oneRound,
  parseBudget,
  searchDecision,
  searchOutcome,
  searches,
} from '../src/index.js';
import { game } from './support.js';

/** Searched decisions with at least `actions` choices from seeded one-round games of `id`, played by greedy. */
function choices(id: string, players: number, actions: number): BotView[] {
  const g: GameModule = game(id);
  const views: BotView[] = [];
  for (let r = 0; views.length < 5; r++) {
    const start = g.newGame({ players, options: oneRound(g), seed: `budget:${r}` });
    if (!start.ok) throw new Error(start.error.message);
    let state = start.value.state;
    for (let seat = g.toMove(state); seat !== null; seat = g.toMove(state)) {
      const view = g.view(state, seat) as BotView;
      if (searches(view) && view.actions.length >= actions) views.push(view);
      const next = g.apply(state, greedyChoice(view));
      if (!next.ok) throw new Error(next.error.message);
      state = next.value.state;
    }
  }
  return views;
}

/** A clock that moves one millisecond each time it is read, and counts the reads. */
function tickingClock() {
  const clock = { reads: 0, now: () => clock.reads++ };
  return clock;
}

describe('search time budget', () => {
  for (const [id, players] of [
    ['sakura', 2],
    ['koikoi', 2],
    ['nara', 4],
  ] as const) {
    it(`${id}: a search of 5000 simulations with a 10 ms cap stops after the sample that passed it`, () => {
      for (const view of choices(id, players, 4)) {
        const clock = tickingClock();
        const choice = searchDecision(view, seedRng(1), { iterations: 5000, ms: 10, clock: clock.now });
        expect(view.actions).toContainEqual(choice);
        // One read at the start, one after each sample: the 12th read (11 ms) is past the cap, so 11 samples.
        expect(clock.reads).toBe(12);
      }
    });

    // 600 simulations leave a search many samples on either side of a cap at a third of its
    // moves, as 5000 did, at an eighth of the time.
    it(`${id}: a moves cap stops a search at the first sample past it`, () => {
      for (const [i, view] of choices(id, players, 4).entries()) {
        const whole = searchOutcome(view, seedRng(i), { iterations: 600 });
        const cap = Math.floor(whole.moves / 3);
        const capped = searchOutcome(view, seedRng(i), { iterations: 600, moves: cap });
        expect(capped.moves).toBeGreaterThan(cap);
        // One sample past: each candidate once, a rollout being shorter than a whole round (under 100 moves).
        expect(capped.moves - cap).toBeLessThanOrEqual(view.actions.length * 100);
        expect(capped.simulations).toBeLessThan(whole.simulations);
        // A cap anywhere within the sample that passed it stops at the same sample...
        expect(searchOutcome(view, seedRng(i), { iterations: 600, moves: capped.moves - 1 })).toEqual(capped);
        // ...and a cap that the total only reaches lets the search play on.
        const reached = searchOutcome(view, seedRng(i), { iterations: 600, moves: capped.moves });
        expect(reached.moves).toBeGreaterThan(capped.moves);
        expect(reached.simulations).toBeGreaterThan(capped.simulations);
      }
    });

    it(`${id}: a moves cap reads no clock, and the same budget gives the same decision`, () => {
      const noClock = () => {
        throw new Error('the clock was read');
      };
      // The search uncapped, to compare with, costs the most: 1000 simulations capped at 1500
      // moves keep the cap binding as 3000 at 4000 did, at a third of the time.
      for (const [i, view] of choices(id, players, 2).entries()) {
        const budget = { iterations: 1000, moves: 1500, clock: noClock };
        const first = searchOutcome(view, seedRng(i), budget);
        expect(first.simulations).toBeLessThan(budget.iterations);
        expect(searchOutcome(view, seedRng(i), budget)).toEqual(first);
        expect(first.moves).toBeLessThanOrEqual(searchOutcome(view, seedRng(i), { iterations: 1000 }).moves);
      }
    });

    it(`${id}: a cap that is never reached changes no decision`, () => {
      for (const [i, view] of choices(id, players, 2).entries()) {
        const frozen = searchDecision(view, seedRng(i), { iterations: 300, ms: 10, clock: () => 0 });
        expect(frozen).toEqual(searchDecision(view, seedRng(i), { iterations: 300 }));
        expect(searchDecision(view, seedRng(i), { iterations: 300, moves: 1e9 })).toEqual(frozen);
      }
    });
  }

  it('search:N/M names a search of N simulations or M moves', () => {
    const bot = botByName('search:3000/4000')!;
    expect(bot.name).toBe('search:3000/4000');
    expect(botByName('search:3000/0')).toBeUndefined();
    for (const [i, view] of choices('koikoi', 2, 4).entries()) {
      expect(bot.choose(game('koikoi'), view, seedRng(i))).toEqual(
        searchDecision(view, seedRng(i), { iterations: 3000, moves: 4000 }),
      );
    }
  });

  it('a budget is written N or N/M, whole numbers from 1, as search:N and search:N/M name them', () => {
    expect(parseBudget('250')).toEqual({ iterations: 250 });
    expect(parseBudget('1000/7500')).toEqual({ iterations: 1000, moves: 7500 });
    for (const bad of ['', '0', '250/', '/10', '10/0', '012', '1.5', '10/x', ' 10'])
      expect(parseBudget(bad), bad).toBeUndefined();
    expect(botByName('search:250')!.name).toBe('search:250');
    expect(botByName('search')!.name).toBe('search:250');
    expect(botByName('search:')).toBeUndefined();
  });
});
