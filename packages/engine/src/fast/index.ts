/**
 * The search fast path: one mutable, allocation-free simulator per game, loaded from a
 * public state (a search bot's determinized state), with legal moves into a buffer, `play`,
 * `copyFrom` and `randomPlayout`. Moves are small integers (moves.ts); `toAction` gives
 * a move's public form for `apply`.
 *
 * Internal and unstable: `@hanafuda/engine/fast` exists for this project's search bots and
 * benchmarks; its names and move encoding may change in any release, semantic versions
 * notwithstanding. Build on the main entry (`@hanafuda/engine`) instead.
 *
 * @packageDocumentation
 */
import type { KoiKoiState } from '../games/koikoi/state.js';
import type { NaraState } from '../games/nara/state.js';
import type { SakuraState } from '../games/sakura/state.js';
import { KoiKoiFast } from './koikoi.js';
import { NaraFast } from './nara.js';
import { SakuraFast } from './sakura.js';

export { SakuraFast, SAKURA_MAX_MOVES } from './sakura.js';
export { KoiKoiFast, KOIKOI_MAX_MOVES } from './koikoi.js';
export { NaraFast, NARA_MAX_MOVES } from './nara.js';
export { FastRng } from './rng.js';
export * as FastMove from './moves.js';
export { lowestBit, maskOf, monthNibble, popcount } from './bits.js';

export type FastSimulator = SakuraFast | KoiKoiFast | NaraFast;

/** The simulator for a public state of Sakura, Koi-Koi or Nara (undefined for a game without a fast path). */
export function fastFromState(state: { readonly game: string }): FastSimulator | undefined {
  switch (state.game) {
    case 'sakura':
      return SakuraFast.fromState(state as SakuraState);
    case 'koikoi':
      return KoiKoiFast.fromState(state as KoiKoiState);
    case 'nara':
      return NaraFast.fromState(state as NaraState);
    default:
      return undefined;
  }
}
