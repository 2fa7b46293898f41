/** The levels' budgets per game: hard searches Koi-Koi with its own, larger budget, and Nara with a smaller one. */
import { type GameModule, koikoi, nara, sakura, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import {
  type BotView,
  EXPERT_BUDGET,
  HARD_BUDGET,
  HARD_KOIKOI_BUDGET,
  HARD_NARA_BUDGET,
  botForLevel,
  levelBudget,
  searchOutcome,
} from '../src/index.js';
import { searchedDecisions } from './support.js';

const firstView = (id: 'koikoi' | 'sakura'): BotView => {
  const g: GameModule = id === 'koikoi' ? koikoi : sakura;
  const start = g.newGame({ players: 2, seed: 'levels' });
  if (!start.ok) throw new Error(start.error.message);
  return g.view(start.value.state, g.toMove(start.value.state)!) as BotView;
};

describe('level budgets', () => {
  it('hard has its own budgets in Koi-Koi and Nara, the common one elsewhere; expert one everywhere', () => {
    expect(levelBudget('hard', 'koikoi')).toBe(HARD_KOIKOI_BUDGET);
    expect(levelBudget('hard', 'nara')).toBe(HARD_NARA_BUDGET);
    for (const game of ['sakura', 'oibana']) expect(levelBudget('hard', game)).toBe(HARD_BUDGET);
    // Nara's hard sits below the common one, Koi-Koi's above it, both in simulations and in moves.
    expect(HARD_NARA_BUDGET.iterations).toBeLessThan(HARD_BUDGET.iterations);
    expect(HARD_NARA_BUDGET.moves!).toBeLessThan(HARD_BUDGET.moves!);
    expect(HARD_KOIKOI_BUDGET.iterations).toBeGreaterThan(HARD_BUDGET.iterations);
    expect(HARD_KOIKOI_BUDGET.moves!).toBeGreaterThan(HARD_BUDGET.moves!);
    for (const game of ['sakura', 'koikoi', 'nara', 'oibana'])
      expect(levelBudget('expert', game)).toBe(EXPERT_BUDGET);
  });

  it("the hard bot decides a round's first Koi-Koi play with more moves than elsewhere", () => {
    const view = firstView('koikoi');
    const hard = botForLevel('hard');
    const big = searchOutcome(view, seedRng('l'), HARD_KOIKOI_BUDGET);
    // A round's first play reaches the common cap; the Koi-Koi budget plays on past it.
    expect(searchOutcome(view, seedRng('l'), HARD_BUDGET).moves).toBeLessThan(big.moves);
    expect(hard.choose(koikoi, view, seedRng('l'))).toEqual(big.action);
    expect(hard.choose(sakura, firstView('sakura'), seedRng('s'))).toEqual(
      searchOutcome(firstView('sakura'), seedRng('s'), HARD_BUDGET).action,
    );
  });

  it("the hard bot decides a round's first Nara play with fewer moves than elsewhere", () => {
    const view = searchedDecisions(nara, { players: 4, seed: 'levels' })[0];
    const small = searchOutcome(view, seedRng('n'), HARD_NARA_BUDGET);
    expect(small.moves).toBeLessThan(searchOutcome(view, seedRng('n'), HARD_BUDGET).moves);
    expect(botForLevel('hard').choose(nara, view, seedRng('n'))).toEqual(small.action);
  });
});
