/**
 * The search bot: determinized Monte Carlo over the information set. Each sample deals
 * the hidden cards consistently with the view (search/<game>.ts), and every candidate
 * action is simulated on the same samples with the same rollout seeds (common random
 * numbers), so the comparison between actions is not drowned by the luck of the deal.
 * The budget is spent by sequential halving: all actions on a few samples, then the
 * better half on more, until one is left.
 */
import { type Action, type Card, type RngState, actionKind, nextUint32, sameAction } from '@hanafuda/engine';
import type { Bot, BotView } from '../bot.js';
import { greedyChoice } from '../greedy/index.js';
import { duelView } from '../greedy/oibana.js';
import { finalCall } from '../stakes/koikoi.js';
import { KOIKOI_SEARCH, NARA_SEARCH, SAKURA_SEARCH, type SearchGame } from './games.js';
import type { LeafValue } from './koikoi-leaf.js';
import type { Mlp } from './mlp.js';
import { type Simulator, givesLight, movesFor, rollout, rolloutReading } from './rollout.js';

export interface SearchBudget {
  /** Simulations per decision (about): deterministic, and the main budget. */
  readonly iterations: number;
  /**
   * Optional cap on the moves the decision's simulations play (each candidate's move and its
   * rollout's), checked after every sample: a search stops at the first sample past it. The
   * cost of a decision follows its moves, so this bounds its time as `ms` does, but without a
   * clock: the same budget gives the same decision on any machine, in any thread.
   */
  readonly moves?: number;
  /**
   * Optional wall-clock cap in milliseconds, checked after every sample: a search stops at
   * most one sample past it. When it stops a search, the result depends on the machine.
   */
  readonly ms?: number;
  /** The clock `ms` is read from, in milliseconds (performance.now unless a test gives its own). */
  readonly clock?: () => number;
  /** Koi-Koi: rollouts by the learned policy (trained by `npm run train:koikoi-policy`) in place of the hand-written one. */
  readonly learned?: boolean;
  /** The other seats' hands sampled by what their plays this round say of them (search/play-inference.ts), not uniformly. */
  readonly inference?: boolean;
  /**
   * Koi-Koi: the opponent's hidden hand as if it were shown (the pile still sampled). A
   * diagnostic of what the hidden cards are worth (`npm run bench:inference`): a bot at a
   * table never has it. Another game's search with it throws.
   */
  readonly opponentHand?: readonly Card[];
  /**
   * Koi-Koi: a value network that corrects the rollouts' results from a position on their way
   * (search/koikoi-leaf.ts), but in the round that decides the game. Another game's search with it throws.
   */
  readonly leaf?: LeafValue;
  /**
   * Koi-Koi: a learned belief about the opponent's hand (search/koikoi-belief.ts) weighing
   * the sampled hands, times the hand-made reading when `inference` is on too. The other
   * games ignore it.
   */
  readonly belief?: Mlp;
}

/** Writes RNG stream `index` derived from `base` into `s`, cheaply and reproducibly. */
function stream(s: RngState, base: number, index: number): RngState {
  s[0] = base ^ 0x6a09e667;
  s[1] = index ^ 0xbb67ae85;
  s[2] = 0x3c6ef372;
  s[3] = (base + index) ^ 0xa54ff53a;
  for (let i = 0; i < 8; i++) nextUint32(s);
  return s;
}

/**
 * Sequential halving's plan for `count` actions: per round, the simulations of each
 * surviving action and how many survive into it. The simulations of a whole search are
 * the sum of `perAction * survivors`, `count` being the candidates the rules leave.
 */
export function halvingPlan(count: number, iterations: number): { perAction: number; survivors: number }[] {
  const rounds = Math.ceil(Math.log2(count));
  const plan: { perAction: number; survivors: number }[] = [];
  for (
    let round = 0, survivors = count;
    round < rounds && survivors > 1;
    round++, survivors = Math.ceil(survivors / 2)
  ) {
    plan.push({ perAction: Math.max(1, Math.floor(iterations / (rounds * survivors))), survivors });
  }
  return plan;
}

/** A searched decision: the action, the simulations it took, and what each candidate's simulations gave. */
export interface SearchOutcome {
  readonly action: Action;
  /** Rollouts played (0 when a rule or the greedy bot decided). */
  readonly simulations: number;
  /** The moves those rollouts played, each candidate's own included (what the budget's `moves` caps). */
  readonly moves: number;
  /**
   * Per action of the view, the mean simulated result (the reward for the game, stakes/game.ts:
   * round points, with the game's own scoring) and the simulations behind it; null for an action not
   * simulated (ruled out, or none was).
   */
  readonly values: ({ readonly mean: number; readonly simulations: number } | null)[];
}

/** The samples of a decision with the opponent's hand shown (SearchBudget's `opponentHand`). */
function revealing<S, V extends { readonly viewer: number | null }, F extends Simulator>(
  sg: SearchGame<S, V, F>,
  view: V,
  hand: readonly Card[],
) {
  if (!sg.revealing)
    throw new Error(
      `search: an opponent's hand can be shown to Koi-Koi's search only, not ${(view as { game?: string }).game}'s`,
    );
  return sg.revealing(view, hand);
}

/** The value network's reading of a decision's simulations (SearchBudget's `leaf`). */
function leafOf<S, V extends { readonly viewer: number | null }, F extends Simulator>(
  sg: SearchGame<S, V, F>,
  view: V,
  leaf: LeafValue,
) {
  if (!sg.leaf)
    throw new Error(
      `search: a leaf value network is for Koi-Koi's search only, not ${(view as { game?: string }).game}'s`,
    );
  return sg.leaf(view, leaf);
}

/**
 * The simulations of one decision: the first sample is dealt at once (it maps the actions to
 * moves), and `run` deals sample `index` and rolls each candidate out on it, from the same
 * deal, handing each result for the view's seat to `add`.
 */
function decisionSimulations<
  S,
  V extends { readonly actions: readonly Action[]; readonly viewer: number | null },
  F extends Simulator,
>(
  sg: SearchGame<S, V, F>,
  view: V,
  base: number,
  {
    learned = false,
    inference = false,
    opponentHand,
    leaf,
    belief,
  }: Pick<SearchBudget, 'learned' | 'inference' | 'opponentHand' | 'leaf' | 'belief'>,
) {
  const seat = view.viewer!;
  const policy = sg.policy(view, learned);
  const reward = sg.reward(view);
  const sampler = opponentHand
    ? revealing(sg, view, opponentHand)
    : belief && sg.believing
      ? sg.believing(view, belief, inference)
      : inference && sg.inferring
        ? sg.inferring(view)
        : sg.sampler(view);
  const { world, work } = sampler;
  const ends = leaf ? leafOf(sg, view, leaf) : null;
  const sampleRng: RngState = [0, 0, 0, 0];
  sampler.sample(stream(sampleRng, base, 0));
  let dealt = 0;
  const moves = movesFor(world, view.actions);
  if (moves.includes(-1))
    throw new Error(
      `search: an action has no move on the fast path: ${JSON.stringify(view.actions[moves.indexOf(-1)])}`,
    );
  return {
    /** Whether playing action `a` gives the next player a light (judged on the first sample: the view's own cards decide it). */
    givesLight: (a: number) => givesLight(world, moves[a]),
    /** Returns the moves played (each candidate's, and its rollout's); `add` is handed the finished simulation too. */
    run(
      index: number,
      candidates: readonly number[],
      add: (a: number, reward: number, sim: F) => void,
    ): number {
      if (index !== dealt) {
        sampler.sample(stream(sampleRng, base, index));
        dealt = index;
      }
      let played = 0;
      for (const a of candidates) {
        // `work` is reset from the sample before each candidate.
        sg.copy(work, world);
        work.play(moves[a]);
        if (ends) {
          played += 1 + rolloutReading(work, policy, ends, seat);
          add(a, ends.value(work, seat) ?? reward(work, seat), work);
        } else {
          played += 1 + rollout(work, policy);
          add(a, reward(work, seat), work);
        }
      }
      return played;
    },
  };
}

/**
 * The best of `view.actions` by simulation. The greedy bot's choice, `favourite`, starts
 * with a small lead (`sg.prior` per simulation): where the simulations cannot tell two
 * actions apart, the heuristic decides rather than the noise.
 */
export function searchChoice<
  S,
  V extends { readonly actions: readonly Action[]; readonly viewer: number | null },
  F extends Simulator,
>(sg: SearchGame<S, V, F>, view: V, rng: RngState, budget: SearchBudget, favourite: Action): SearchOutcome {
  const actions = view.actions;
  const base = nextUint32(rng);
  const sums = new Float64Array(actions.length);
  /** Per action, the rollouts' rewards alone (`sums` adds the favourite's lead) and their count. */
  const rewards = new Float64Array(actions.length);
  const counts = new Int32Array(actions.length);
  const add = (a: number, r: number) => {
    sums[a] += r;
    rewards[a] += r;
    counts[a]++;
  };
  let survivors = actions.map((_, i) => i);
  const lead = actions.findIndex((a) => sameAction(a, favourite));
  // The clock is read only for an `ms` cap: a budget without one gives the same decision anywhere.
  const clock = budget.clock ?? (() => performance.now());
  const started = budget.ms === undefined ? 0 : clock();
  let capped = false;
  let samples = 0;
  let played = 0;
  const moveCap = budget.moves ?? Infinity;
  const simulations = decisionSimulations(sg, view, base, budget);
  // A light given to the next player is no candidate while another play exists (the greedy bot's rule, and the rollouts').
  const keeping = survivors.filter((a) => !simulations.givesLight(a));
  if (keeping.length > 0) survivors = keeping;
  const outcome = (best: number): SearchOutcome => ({
    action: actions[best],
    simulations: counts.reduce((a, b) => a + b, 0),
    moves: played,
    values: actions.map((_, a) =>
      counts[a] === 0 ? null : { mean: rewards[a] / counts[a], simulations: counts[a] },
    ),
  });
  if (survivors.length === 1) return outcome(survivors[0]);
  for (const { perAction } of halvingPlan(survivors.length, budget.iterations)) {
    for (let k = 0; k < perAction; k++, samples++) {
      played += simulations.run(samples, survivors, add);
      if (lead >= 0) sums[lead] += sg.prior;
      if (played > moveCap || (budget.ms !== undefined && clock() - started > budget.ms)) {
        capped = true;
        break;
      }
    }
    // Every survivor has been simulated on the same samples (a round cut short included): sums compare as means do.
    survivors = survivors.slice().sort((a, b) => sums[b] - sums[a] || a - b);
    if (capped) break;
    survivors = survivors.slice(0, Math.ceil(survivors.length / 2));
  }
  return outcome(survivors[0]);
}

/** Decisions worth searching: plays and captures, and Koi-Koi's call. The rest (bids, pile, redeal, dealer's takes) are greedy's. */
const SEARCHED = new Set(['play', 'take', 'hiki', 'leave', 'return', 'koikoi', 'shobu']);

/** Whether `searchDecision` simulates this decision (else it is greedy's). */
export const searches = (view: BotView): boolean =>
  view.actions.length > 1 && SEARCHED.has(actionKind(view.actions[0]));

/** The search's decision with what it simulated (a decision it does not search: the rule's or greedy's, no simulations). */
export function searchOutcome(view: BotView, rng: RngState, budget: SearchBudget): SearchOutcome {
  const decided = (action: Action): SearchOutcome => ({
    action,
    simulations: 0,
    moves: 0,
    values: view.actions.map(() => null),
  });
  if (!searches(view)) return decided(greedyChoice(view));
  switch (view.game) {
    case 'sakura':
      return searchChoice(SAKURA_SEARCH, view, rng, budget, greedyChoice(view));
    case 'koikoi': {
      const call = finalCall(view);
      return call ? decided(call) : searchChoice(KOIKOI_SEARCH, view, rng, budget, greedyChoice(view));
    }
    case 'nara':
      return searchChoice(NARA_SEARCH, view, rng, budget, greedyChoice(view));
    case 'oibana': {
      const duel = duelView(view);
      const searched = searchChoice(SAKURA_SEARCH, duel, rng, budget, greedyChoice(duel));
      return { ...searched, action: { ...searched.action, seat: view.viewer! } };
    }
  }
}

/** What an action's simulations gave the view's seat, on average. */
export interface ActionFigures {
  /** The search's reward (stakes/game.ts): the round's points, with the game's stake where the round has one. */
  readonly value: number;
  /** The round's points: the seat's score minus the others' mean. */
  readonly points: number;
  /** Where the round has a stake in the game: the chance of winning the game once it counts (0 to 1). */
  readonly win?: number;
}

/** How `actionFigures` samples and rolls out: SearchBudget's `learned` (Koi-Koi's; the other games ignore it) and `inference`. */
export type FiguresOptions = Pick<SearchBudget, 'learned' | 'inference'>;

/** How hints and reviews sample: the other seats' hands read from their plays, which the player saw too, as `expert` reads them. */
export const READING_PLAYS: FiguresOptions = { inference: true };

/**
 * Every one of `view.actions` simulated on the same `samples` samples: what each gave the
 * view's seat, in the order of `view.actions`. No halving, no lead for greedy and no action
 * ruled out: the figures of a review or a hint, not a choice.
 */
export function actionFigures(
  view: BotView,
  rng: RngState,
  samples: number,
  how: FiguresOptions = {},
): ActionFigures[] {
  const n = view.actions.length;
  const values = new Float64Array(n);
  const points = new Float64Array(n);
  const wins = new Float64Array(n);
  let staked = false;
  const all = view.actions.map((_, i) => i);
  const base = nextUint32(rng);
  const run = <
    S,
    V extends { readonly actions: readonly Action[]; readonly viewer: number | null },
    F extends Simulator,
  >(
    sg: SearchGame<S, V, F>,
    v: V,
  ) => {
    const seat = v.viewer!;
    const simulations = decisionSimulations(sg, v, base, how);
    const pointsOf = sg.points(v);
    const chance = sg.chance(v);
    staked = chance !== undefined;
    for (let k = 0; k < samples; k++) {
      simulations.run(k, all, (a, r, sim) => {
        values[a] += r;
        points[a] += pointsOf(sim, seat);
        if (chance) wins[a] += chance(sim, seat);
      });
    }
  };
  switch (view.game) {
    case 'sakura':
      run(SAKURA_SEARCH, view);
      break;
    case 'koikoi':
      run(KOIKOI_SEARCH, view);
      break;
    case 'nara':
      run(NARA_SEARCH, view);
      break;
    case 'oibana':
      run(SAKURA_SEARCH, duelView(view));
      break;
  }
  return all.map((a) => ({
    value: values[a] / samples,
    points: points[a] / samples,
    ...(staked ? { win: wins[a] / samples } : {}),
  }));
}

/** The search's mean reward of each of `view.actions` on the same `samples` samples (`actionFigures`' values). */
export function actionValues(
  view: BotView,
  rng: RngState,
  samples: number,
  how: FiguresOptions = {},
): number[] {
  return actionFigures(view, rng, samples, how).map((f) => f.value);
}

export function searchDecision(view: BotView, rng: RngState, budget: SearchBudget): Action {
  return searchOutcome(view, rng, budget).action;
}

export function searchBot(budget: SearchBudget, name = `search:${budget.iterations}`): Bot {
  return { name, choose: (_game, view, rng) => searchDecision(view, rng, budget) };
}
