/**
 * `searchOutcome`: the search's decision with its simulations and each candidate's mean
 * result, as a game review rates the actions; the decision is `searchDecision`'s.
 */
import { type GameModule, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { type BotView, halvingPlan, oneRound, searchDecision, searchOutcome } from '../src/index.js';
import { game, searchedDecisions } from './support.js';

/** The searched decisions of a one-round game played by greedy. */
function decisions(id: string, players: number): BotView[] {
  const g: GameModule = game(id);
  return searchedDecisions(g, { players, options: oneRound(g), seed: 'outcome' });
}

describe('search outcome', () => {
  for (const [id, players] of [
    ['sakura', 2],
    ['koikoi', 2],
    ['nara', 4],
  ] as const) {
    it(`${id}: the decision, the simulations played and each candidate's mean`, () => {
      for (const [i, view] of decisions(id, players).entries()) {
        const outcome = searchOutcome(view, seedRng(i), { iterations: 200 });
        expect(outcome.action).toEqual(searchDecision(view, seedRng(i), { iterations: 200 }));
        expect(outcome.values).toHaveLength(view.actions.length);
        const counted = outcome.values.reduce((n, v) => n + (v?.simulations ?? 0), 0);
        expect(outcome.simulations).toBe(counted);
        // The plan for the candidates the rules left (those with a value), spent whole: no time cap.
        const candidates = outcome.values.filter((v) => v !== null).length;
        if (candidates > 1)
          expect(outcome.simulations).toBe(
            halvingPlan(candidates, 200).reduce((n, r) => n + r.perAction * r.survivors, 0),
          );
        const chosen =
          outcome.values[view.actions.findIndex((a) => JSON.stringify(a) === JSON.stringify(outcome.action))];
        // The chosen action was simulated the most (it survived every halving), unless a rule decided alone.
        if (outcome.simulations > 0)
          expect(chosen!.simulations).toBe(Math.max(...outcome.values.map((v) => v?.simulations ?? 0)));
        for (const v of outcome.values) if (v) expect(Number.isFinite(v.mean)).toBe(true);
      }
    });
  }
});
