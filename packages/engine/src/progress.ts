/**
 * Yaku progress from what a seat sees (core/yaku-progress.ts): the one source the front ends
 * show a seat's (or side's) yaku from, whichever game the view is of, during a round and at
 * its end (where a pile is scored under the game's options with no view left of it).
 */
import { cardById, type Card } from './core/cards.js';
import type { YakuProgress } from './core/yaku-progress.js';
import type { KoiKoiOptions } from './games/koikoi/options.js';
import { yakuProgress as koikoiProgress } from './games/koikoi/progress.js';
import { yakuProgress as naraProgress } from './games/nara/progress.js';
import type { SakuraOptions } from './games/sakura/options.js';
import { yakuProgress as sakuraProgress } from './games/sakura/progress.js';
import type { SakuraView } from './games/sakura/view.js';
import type { GameView } from './registry.js';

/**
 * What scores a pile of captures besides its cards, per game: the options, and for Koi-Koi
 * the round (Tsuki-fuda's month) and whether the holder had called Koi-Koi (viewingPoints).
 */
export type PileRules =
  | { readonly game: 'sakura' | 'oibana'; readonly options: Pick<SakuraOptions, 'yaku'> }
  | {
      readonly game: 'koikoi';
      readonly options: KoiKoiOptions;
      readonly round: number;
      readonly calledKoiKoi: boolean;
    }
  | { readonly game: 'nara' };

const cardsOf = (ids: readonly string[]): Card[] =>
  ids.map((id) => {
    const card = cardById(id);
    if (card === undefined) throw new Error(`no card ${JSON.stringify(id)}`);
    return card;
  });

/**
 * Each yaku a pile of captured cards could score under `rules`, with the cards that count
 * toward it, those still missing, and its points if it scores (a round's breakdown: the
 * cards of each yaku scored, the sake cup where the options counted it).
 */
export function pileYakuProgress(rules: PileRules, cards: readonly string[]): YakuProgress[] {
  switch (rules.game) {
    case 'sakura':
    case 'oibana':
      return sakuraProgress(cardsOf(cards), rules.options);
    case 'koikoi':
      return koikoiProgress(cardsOf(cards), {
        options: rules.options,
        round: rules.round,
        calledKoiKoi: rules.calledKoiKoi,
      });
    case 'nara':
      return naraProgress(cardsOf(cards));
    default:
      return assertNever(rules);
  }
}

/** Sakura scores a side's captures together: the seat's side's. */
const sakuraSide = (view: SakuraView, seat: number): YakuProgress[] =>
  pileYakuProgress(
    { game: 'sakura', options: view.options },
    (view.sides.find((side) => side.includes(seat)) ?? [seat]).flatMap((s) => view.captured[s]),
  );

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
      return pileYakuProgress(
        { game: 'koikoi', options: view.options, round: view.round, calledKoiKoi: view.koikoi[seat] > 0 },
        view.captured[seat],
      );
    case 'nara':
      return pileYakuProgress({ game: 'nara' }, view.captured[seat]);
    default:
      return assertNever(view);
  }
}

/** A game's case the switch above forgot: a type error at compile time, this at run time. */
export function assertNever(value: never): never {
  throw new Error(`no case for game ${JSON.stringify((value as { game?: unknown }).game)}`);
}
