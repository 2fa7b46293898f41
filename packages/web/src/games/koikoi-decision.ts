/** What the Koi-Koi decision needs to say: your yaku and what Shobu scores now, the opponent's nearest yaku, and the risk. */
import type { KoiKoiView } from '@hanafuda/engine';
import { yakuProgress, type YakuProgress } from './yaku-progress.js';

export interface KoiKoiDecision {
  /** The yaku the seat holds (ids) and their total. */
  readonly yaku: readonly string[];
  readonly total: number;
  /** What Shobu scores now, with the multipliers of RULES.md 4.4 the options turn on. */
  readonly shobu: number;
  readonly opponent: number;
  /** The opponent's yaku closest to completion, if any is begun. */
  readonly nearest: YakuProgress | null;
  /** Whether the opponent's win after a Koi-Koi call is doubled (`koiKoiDouble`). */
  readonly doubled: boolean;
}

export function koikoiDecision(view: KoiKoiView, seat: number): KoiKoiDecision {
  const opponent = 1 - seat;
  const total = view.yaku[seat]?.total ?? 0;
  const options = view.options as unknown as Record<string, unknown>;
  let shobu = total;
  if (options.sevenDouble !== false && total >= 7) shobu *= 2;
  if (options.koiKoiDouble !== false && (view.koikoi[opponent] ?? 0) > 0) shobu *= 2;
  const nearest =
    yakuProgress('koikoi', view.captured[opponent] ?? [])
      .filter((y) => y.have > 0 && y.have < y.need)
      .sort((a, b) => b.have / b.need - a.have / a.need || a.need - a.have - (b.need - b.have))[0] ?? null;
  return { yaku: view.yaku[seat]?.ids ?? [], total, shobu, opponent, nearest, doubled: options.koiKoiDouble !== false };
}
