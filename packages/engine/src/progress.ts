/**
 * Yaku progress from what a seat sees (core/yaku-progress.ts): the one source the front ends
 * show a seat's (or side's) yaku from, whichever game the view is of.
 */
import { cardById, type Card } from './core/cards.js';
import type { YakuProgress } from './core/yaku-progress.js';
import { yakuProgress as koikoiProgress } from './games/koikoi/progress.js';
import { yakuProgress as naraProgress } from './games/nara/progress.js';
import { yakuProgress as sakuraProgress } from './games/sakura/progress.js';
import type { SakuraView } from './games/sakura/view.js';
import type { GameView } from './registry.js';

const cardsOf = (ids: readonly string[]): Card[] => ids.map((id) => cardById(id)!);

/** Sakura scores a side's captures together: the seat's side's. */
const sakuraSide = (view: SakuraView, seat: number): YakuProgress[] =>
  sakuraProgress(cardsOf((view.sides.find((side) => side.includes(seat)) ?? [seat]).flatMap((s) => view.captured[s])), view.options);

/**
 * Each yaku `seat` could score under the view's options, with the captured cards that count
 * toward it, those still missing, and its points if it scores now (Oi-bana: the duel's seat,
 * nothing outside a duel).
 */
export function yakuProgressOf(view: GameView, seat: number): YakuProgress[] {
  switch (view.game) {
    case 'sakura':
      return sakuraSide(view, seat);
    case 'oibana': {
      const duelSeat = view.duelists?.indexOf(seat) ?? -1;
      return view.duel && duelSeat >= 0 ? sakuraSide(view.duel, duelSeat) : [];
    }
    case 'koikoi':
      return koikoiProgress(cardsOf(view.captured[seat]), { options: view.options, round: view.round, calledKoiKoi: view.koikoi[seat] > 0 });
    case 'nara':
      return naraProgress(cardsOf(view.captured[seat]));
    default:
      return assertNever(view);
  }
}

function assertNever(view: never): never {
  throw new Error(`no yaku progress for game ${JSON.stringify((view as { game: unknown }).game)}`);
}
