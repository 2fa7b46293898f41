/** What the Koi-Koi decision needs to say: your yaku and what Shobu scores now, the opponent's nearest yaku, and the risk. */
import { koiKoiMultiplied, type KoiKoiView, yakuProgressOf } from '@hanafuda/engine';

export interface KoiKoiDecision {
  /** The yaku the seat holds (ids) and their total. */
  readonly yaku: readonly string[];
  readonly total: number;
  /** What Shobu scores now: the engine's multipliers under the options (docs/rules.md 4.4). */
  readonly shobu: number;
  readonly opponent: number;
  /** The opponent's yaku closest to completion, if any is begun: the engine's count toward it. */
  readonly nearest: { readonly id: string; readonly have: number; readonly need: number } | null;
  /** Whether the opponent's win after a Koi-Koi call is doubled (`koiKoiDouble`). */
  readonly doubled: boolean;
}

export function koikoiDecision(view: KoiKoiView, seat: number): KoiKoiDecision {
  const opponent = 1 - seat;
  const total = view.yaku[seat]?.total ?? 0;
  const calls = view.koikoi;
  const shobu = koiKoiMultiplied(total, (calls[opponent] ?? 0) > 0, view.options, calls[seat] ?? 0);
  const nearest =
    yakuProgressOf(view, opponent)
      .filter((y) => y.points === null && y.cards.length > 0 && y.cards.length < y.need)
      .map((y) => ({ id: y.id, have: y.cards.length, need: y.need }))
      .sort((a, b) => b.have / b.need - a.have / a.need || a.need - a.have - (b.need - b.have))[0] ?? null;
  return {
    yaku: view.yaku[seat]?.ids ?? [],
    total,
    shobu,
    opponent,
    nearest,
    doubled: view.options.koiKoiDouble,
  };
}
