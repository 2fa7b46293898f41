/**
 * The search's decisions on fixed positions, recorded before the search was made faster
 * (fixtures/search-decisions.json, written by `npx vitest run packages/bots/test/search-decisions.test.ts -u`
 * on the older code): a budget in simulations must give the same decision for the same seed,
 * however the samples are built.
 */
import { type GameModule, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { type BotView, oneRound, searchDecision } from '../src/index.js';
import { TABLES, game, searchedDecisions } from './support.js';

const ITERATIONS = 120;
const ROUNDS = 2;

/** Every searched decision of `ROUNDS` one-round games of a table, played by the greedy bot. */
function positions(table: (typeof TABLES)[number]): BotView[] {
  const g: GameModule = game(table.game);
  const views: BotView[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    views.push(
      ...searchedDecisions(g, {
        players: table.players,
        teams: table.teams,
        options: oneRound(g, table.options),
        seed: `decisions:${table.name}:${r}`,
      }),
    );
  }
  return views;
}

describe('search decisions', () => {
  it('are the recorded ones for a budget in simulations', async () => {
    const decisions: Record<string, string[]> = {};
    for (const table of TABLES) {
      decisions[table.name] = positions(table).map((view, i) =>
        JSON.stringify(searchDecision(view, seedRng(`decision-${i}`), { iterations: ITERATIONS })),
      );
    }
    expect(Object.values(decisions).flat().length).toBeGreaterThan(200);
    await expect(`${JSON.stringify(decisions, null, 1)}\n`).toMatchFileSnapshot(
      'fixtures/search-decisions.json',
    );
  });
});
