/** The levels' budgets per game: hard searches Koi-Koi with its own, larger budget. */
import { type GameModule, koikoi, sakura, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { type BotView, EXPERT_BUDGET, HARD_BUDGET, HARD_KOIKOI_BUDGET, botForLevel, levelBudget, searchOutcome } from '../src/index.js';

const firstView = (id: 'koikoi' | 'sakura'): BotView => {
  const g: GameModule = id === 'koikoi' ? koikoi : sakura;
  const start = g.newGame({ players: 2, seed: 'levels' });
  if (!start.ok) throw new Error(start.error.message);
  return g.view(start.value.state, g.toMove(start.value.state)!) as BotView;
};

describe('level budgets', () => {
  it('hard has its Koi-Koi budget in Koi-Koi, the common one elsewhere; expert one everywhere', () => {
    expect(levelBudget('hard', 'koikoi')).toBe(HARD_KOIKOI_BUDGET);
    for (const game of ['sakura', 'nara', 'oibana']) expect(levelBudget('hard', game)).toBe(HARD_BUDGET);
    for (const game of ['sakura', 'koikoi', 'nara', 'oibana']) expect(levelBudget('expert', game)).toBe(EXPERT_BUDGET);
  });

  it('the hard bot decides a round\'s first Koi-Koi play with more moves than elsewhere', () => {
    const view = firstView('koikoi');
    const hard = botForLevel('hard');
    const big = searchOutcome(view, seedRng('l'), HARD_KOIKOI_BUDGET);
    // A round's first play reaches the common cap; the Koi-Koi budget plays on past it.
    expect(searchOutcome(view, seedRng('l'), HARD_BUDGET).moves).toBeLessThan(big.moves);
    expect(hard.choose(koikoi, view, seedRng('l'))).toEqual(big.action);
    expect(hard.choose(sakura, firstView('sakura'), seedRng('s'))).toEqual(searchOutcome(firstView('sakura'), seedRng('s'), HARD_BUDGET).action);
  });
});
