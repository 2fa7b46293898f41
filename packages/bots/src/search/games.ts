/** What the search needs per game: a determinizer, the fast simulator, a reward, and the rollout policy. */
import {
  type Card,
  GAJI,
  type KoiKoiState,
  type KoiKoiView,
  type NaraState,
  type NaraView,
  type RngState,
  type SakuraState,
  type SakuraView,
} from '@hanafuda/engine';
import { type KoiKoiFast, type NaraFast, type SakuraFast } from '@hanafuda/engine/fast';
import {
  determinizeKoiKoi,
  koikoiBelievingSampler,
  koikoiInferringSampler,
  koikoiRevealedSampler,
  koikoiSampler,
} from './koikoi.js';
import { learnedPolicy } from './koikoi-features.js';
import { type LeafValue, koikoiLeaf } from './koikoi-leaf.js';
import { koikoiCountsPolicy } from './koikoi-policy.js';
import { KOIKOI_POLICY_WEIGHTS } from './koikoi-weights.js';
import type { Mlp } from './mlp.js';
import { determinizeNara, naraInferringSampler, naraSampler } from './nara.js';
import {
  KOIKOI_GAJI_POLICY,
  KOIKOI_POLICY,
  NARA_POLICY,
  SAKURA_POINTS_POLICY,
  SAKURA_POLICY,
} from './policies.js';
import type { Leaf, RolloutPolicy, Simulator } from './rollout.js';
import type { Sampler } from './sample.js';
import {
  type RoundValue,
  koiKoiChance,
  koiKoiValue,
  margin,
  naraChance,
  naraValue,
  sakuraChance,
  sakuraValue,
} from '../stakes/game.js';
import { koiKoiStakes } from '../stakes/koikoi.js';
import { determinizeSakura, sakuraInferringSampler, sakuraSampler } from './sakura.js';

export interface SearchGame<S, V, F extends Simulator> {
  /** A sample of the hidden cards as a whole engine state (what `sampler` writes into a simulator, drawn alike). */
  determinize(view: V, rng: RngState): S;
  /** The samples of one decision, in reused simulators. */
  sampler(view: V): Sampler<F>;
  /** Samples whose hidden hands are drawn by what the other seats' plays say of them (SearchBudget's `inference`). */
  inferring?(view: V): Sampler<F>;
  /** Koi-Koi: samples with the opponent's hand as given, the pile alone sampled (SearchBudget's `opponentHand`). */
  revealing?(view: V, hand: readonly Card[]): Sampler<F>;
  /** Koi-Koi: where a simulation stops for a value network's leaf (SearchBudget's `leaf`), or null where it plays the round out. */
  leaf?(view: V, leaf: LeafValue): Leaf<F> | null;
  /** Koi-Koi: samples weighed by a learned belief, and by the hand-made reading too if `inference` (SearchBudget's `belief`). */
  believing?(view: V, belief: Mlp, inference: boolean): Sampler<F>;
  copy(into: F, from: F): void;
  /** For a decision: the searching seat's result once the simulated round is over, for the game (stakes/game.ts; higher is better). */
  reward(view: V): (sim: F, seat: number) => number;
  /** For a decision: the searching seat's round points once the simulated round is over (its side's margin). */
  points(view: V): (sim: F, seat: number) => number;
  /** For a decision where the round has a stake in the game: the searching seat's chance of winning the game once the simulated round counts (stakes/game.ts). */
  chance(view: V): ((sim: F, seat: number) => number) | undefined;
  /** The rollout policy; `learned`: Koi-Koi's learned one (koikoi-features.ts) in place of the hand-written one (the other games have none). */
  policy(view: V, learned: boolean): RolloutPolicy;
  /** The greedy choice's lead per simulation, in reward units (about a tenth of a typical swing). */
  readonly prior: number;
}

/**
 * In Koi-Koi's last round both players of a simulation call as the game wants: Shobu when
 * it wins or ties the game, Koi-Koi rather than lock in a loss.
 */
function finalRoundPolicy(view: KoiKoiView, base: RolloutPolicy): RolloutPolicy {
  const stakes = koiKoiStakes(view);
  if (!stakes.final) return base;
  const me = view.viewer!;
  return {
    gain: base.gain,
    leave: base.leave,
    isWild: base.isWild,
    shobu(sim, seat) {
      const lead = seat === me ? stakes.lead : -stakes.lead;
      // A Shobu scores at least zero: only a seat behind needs its score.
      return lead >= 0 || lead + (sim as KoiKoiFast).shobuScore(seat) >= 0 ? 1 : -1;
    },
  };
}

/** A round value of a seat's scores, read from a finished simulation (Sakura's by the seat's side). */
const bySeat =
  (value: RoundValue) =>
  (sim: KoiKoiFast | NaraFast, seat: number): number =>
    value(sim.scores, seat, sim.dealer);
const bySide =
  (value: RoundValue) =>
  (sim: SakuraFast, seat: number): number =>
    value(sim.scores, sim.sideOfSeat[seat], sim.dealer);
const maybe = <F>(
  value: RoundValue | undefined,
  read: (value: RoundValue) => (sim: F, seat: number) => number,
) => (value ? read(value) : undefined);

/** Koi-Koi's rollouts also see the yaku that count cards of a class (search/koikoi-policy.ts). */
const KOIKOI_COUNTS = koikoiCountsPolicy(KOIKOI_POLICY);
const KOIKOI_GAJI_COUNTS = koikoiCountsPolicy(KOIKOI_GAJI_POLICY);
/** Koi-Koi's learned rollout policy, by the weights `npm run train:koikoi-policy` wrote (koikoi-weights.ts). */
const KOIKOI_LEARNED = learnedPolicy(KOIKOI_POLICY_WEIGHTS, -1);
const KOIKOI_GAJI_LEARNED = learnedPolicy(KOIKOI_POLICY_WEIGHTS, GAJI);

export const SAKURA_SEARCH: SearchGame<SakuraState, SakuraView, SakuraFast> = {
  determinize: determinizeSakura,
  sampler: sakuraSampler,
  inferring: (view) => sakuraInferringSampler(view, SAKURA_SEARCH.policy(view, false)),
  copy: (into, from) => into.copyFrom(from),
  reward: (view) => bySide(sakuraValue(view)),
  points: () => bySide(margin),
  chance: (view) => maybe(sakuraChance(view), bySide),
  policy: (view) => (view.options.yaku === 'on' ? SAKURA_POLICY : SAKURA_POINTS_POLICY),
  prior: 4,
};

export const KOIKOI_SEARCH: SearchGame<KoiKoiState, KoiKoiView, KoiKoiFast> = {
  determinize: determinizeKoiKoi,
  sampler: koikoiSampler,
  inferring: (view) => koikoiInferringSampler(view, KOIKOI_SEARCH.policy(view, false)),
  revealing: koikoiRevealedSampler,
  leaf: koikoiLeaf,
  believing: (view, belief, inference) =>
    koikoiBelievingSampler(view, belief, inference ? KOIKOI_SEARCH.policy(view, false) : null),
  copy: (into, from) => into.copyFrom(from),
  reward: (view) => bySeat(koiKoiValue(view)),
  points: () => bySeat(margin),
  chance: (view) => maybe(koiKoiChance(view), bySeat),
  policy: (view, learned) =>
    finalRoundPolicy(
      view,
      learned
        ? view.options.gaji
          ? KOIKOI_GAJI_LEARNED
          : KOIKOI_LEARNED
        : view.options.gaji
          ? KOIKOI_GAJI_COUNTS
          : KOIKOI_COUNTS,
    ),
  prior: 0.3,
};

export const NARA_SEARCH: SearchGame<NaraState, NaraView, NaraFast> = {
  determinize: determinizeNara,
  sampler: naraSampler,
  inferring: (view) => naraInferringSampler(view, NARA_POLICY),
  copy: (into, from) => into.copyFrom(from),
  reward: (view) => bySeat(naraValue(view)),
  points: () => bySeat(margin),
  chance: (view) => maybe(naraChance(view), bySeat),
  policy: () => NARA_POLICY,
  prior: 5,
};
