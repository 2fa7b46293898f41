/**
 * The bots are ordered: over a few hundred duplicate deals of Sakura, greedy beats random
 * (2 players) and search beats greedy (4 players in teams of 2, where the search's lead is
 * largest for its cost: docs/strength.md), each by a paired 95% interval above zero. A
 * smoke test of strength, deterministic (budgets are counted in simulations); the long runs
 * are in docs/strength.md and docs/experiments/.
 */
import { describe, expect, it } from 'vitest';
import { meanInterval } from '@hanafuda/stats';
import { runArena } from '../src/commands/arena.js';

/** The challenger's lead per round over the baseline, paired deal by deal, with its 95% interval. */
async function lead(challenger: string, baseline: string, deals: number, teams?: number[][]) {
  const players = teams ? teams.flat().length : 2;
  const { stats } = await runArena(
    {
      gameId: 'sakura',
      players,
      teams,
      options: {},
      botNames: [challenger, baseline],
      deals,
      seed: 'smoke',
      gameRounds: 6,
    },
    { threads: 2 },
  );
  const perDeal = (i: number) => stats[i].dealSum.map((sum, d) => sum / stats[i].dealCount[d]);
  const [a, b] = [perDeal(0), perDeal(1)];
  return meanInterval(a.map((x, d) => x - b[d]));
}

describe('arena smoke: the bots are ordered in Sakura', () => {
  it('greedy beats random (2 players)', async () => {
    const diff = await lead('greedy', 'random', 300);
    expect(
      diff.lo,
      `greedy - random: ${diff.mean.toFixed(1)} [${diff.lo.toFixed(1)}, ${diff.hi.toFixed(1)}]`,
    ).toBeGreaterThan(0);
  }, 60_000);

  it('search beats greedy (4 players, teams of 2)', async () => {
    const diff = await lead('search', 'greedy', 200, [
      [0, 2],
      [1, 3],
    ]);
    expect(
      diff.lo,
      `search - greedy: ${diff.mean.toFixed(1)} [${diff.lo.toFixed(1)}, ${diff.hi.toFixed(1)}]`,
    ).toBeGreaterThan(0);
  }, 240_000);
});
