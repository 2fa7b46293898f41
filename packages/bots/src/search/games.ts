/** What the search needs per game: the engine module, a determinizer, a reward, and the rollout policy's card values. */
import {
  type GameModule, type KoiKoiState, type KoiKoiView, type NaraState, type NaraView, type RngState, type SakuraState,
  type SakuraView, koikoi, nara, sakura,
} from '@hanafuda/engine';
import { determinizeKoiKoi, koiKoiReward } from './koikoi.js';
import { determinizeNara, naraReward } from './nara.js';
import { KOIKOI_POLICY, NARA_POLICY, SAKURA_POLICY } from './policies.js';
import type { RolloutPolicy } from './rollout.js';
import { determinizeSakura, sakuraReward } from './sakura.js';

export interface SearchGame<S, V> {
  readonly module: GameModule<S, V>;
  determinize(view: V, rng: RngState): S;
  /** The searching seat's result at the end of the simulated round (higher is better). */
  reward(state: S, seat: number): number;
  readonly policy: RolloutPolicy;
}

export const SAKURA_SEARCH: SearchGame<SakuraState, SakuraView> = {
  module: sakura,
  determinize: determinizeSakura,
  reward: sakuraReward,
  policy: SAKURA_POLICY,
};

export const KOIKOI_SEARCH: SearchGame<KoiKoiState, KoiKoiView> = {
  module: koikoi,
  determinize: determinizeKoiKoi,
  reward: koiKoiReward,
  policy: KOIKOI_POLICY,
};

export const NARA_SEARCH: SearchGame<NaraState, NaraView> = {
  module: nara,
  determinize: determinizeNara,
  reward: naraReward,
  policy: NARA_POLICY,
};
