/**
 * `--baseline DIR`: the search of another build of the project (a checkout with its packages
 * built), timed on the same positions as this build's, so that a speed-up is measured like
 * for like. Its simulations are counted as that build played them: by its `searchOutcome`,
 * or, for a build from before it, by its `halvingPlan` over every candidate (such a build had
 * no rule that decides or rules a candidate out).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Action, RngState } from '@hanafuda/engine';

interface Budget {
  readonly iterations: number;
}

interface View {
  readonly actions: readonly Action[];
}

interface BaselineBots {
  searchDecision(view: View, rng: RngState, budget: Budget): Action;
  searchOutcome?(view: View, rng: RngState, budget: Budget): { readonly simulations: number };
  halvingPlan?(count: number, iterations: number): { perAction: number; survivors: number }[];
}

export interface BaselineSearch {
  readonly dir: string;
  decide(view: View, rng: RngState, iterations: number): void;
  /** The simulations its search plays on `view` with this RNG and budget. */
  simulations(view: View, rng: RngState, iterations: number): number;
}

/** The baseline build's search, or an error message saying what is missing. */
export async function loadBaseline(dir: string): Promise<BaselineSearch | { error: string }> {
  const entry = join(resolve(dir), 'packages', 'bots', 'dist', 'index.js');
  if (!existsSync(entry))
    return { error: `--baseline ${dir}: no ${entry}; build that checkout first (npx tsc -b)` };
  const bots = (await import(pathToFileURL(entry).href)) as Partial<BaselineBots>;
  const { searchDecision, searchOutcome, halvingPlan } = bots;
  if (!searchDecision || (!searchOutcome && !halvingPlan))
    return {
      error: `--baseline ${dir}: its bots have no searchDecision with searchOutcome or halvingPlan to count simulations by`,
    };
  return {
    dir,
    decide: (view, rng, iterations) => void searchDecision(view, rng, { iterations }),
    simulations: (view, rng, iterations) =>
      searchOutcome
        ? searchOutcome(view, rng, { iterations }).simulations
        : halvingPlan!(view.actions.length, iterations).reduce((n, r) => n + r.perAction * r.survivors, 0),
  };
}
