/**
 * A seat's yaku as a front end shows them: the engine's progress (`yakuProgressOf`, under the
 * view's options) sorted into those that score now and those within reach. Which cards count,
 * how many make a yaku and whether it scores are the engine's; this only chooses what to show.
 */
import { type GameView, type YakuProgress, yakuProgressOf } from '@hanafuda/engine';

export interface YakuStanding {
  /** The yaku that score now (`points` set), in the engine's order. */
  readonly held: readonly YakuProgress[];
  /**
   * Those begun and close: at most one card short (two for a yaku of five cards or more), and
   * with enough of its missing cards still to be had (in no seat's captures, nor out of play).
   */
  readonly near: readonly YakuProgress[];
}

/** The yaku of `seat` (its side's, where a side scores together) in `view`; `gone`: cards out of play besides the captures (Sakura's discards). */
export function yakuStanding(view: GameView, seat: number, gone: readonly string[] = []): YakuStanding {
  const progress = yakuProgressOf(view, seat);
  const taken = new Set([...capturesOf(view).flat(), ...gone]);
  const near = progress.filter((y) => {
    const have = y.cards.length;
    const open = y.missing.filter((c) => !taken.has(c)).length;
    return y.points === null && have > 0 && have >= y.need - (y.need >= 5 ? 2 : 1) && have + open >= y.need;
  });
  return { held: progress.filter((y) => y.points !== null), near };
}

/** Every seat's captures in the round being played (Oi-bana: the duel's). */
function capturesOf(view: GameView): readonly (readonly string[])[] {
  return view.game === 'oibana' ? (view.duel?.captured ?? []) : view.captured;
}
