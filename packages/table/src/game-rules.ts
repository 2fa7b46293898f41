/** Which game a display is of, and the rules its yaku are scored under, from a view. */
import { assertNever, gameById, type GameView, type PileRules } from '@hanafuda/engine';

/** A game's id, as its views name it: a switch over it is checked for every game. */
export type GameId = GameView['game'];

/** The rules a pile of the view's game is scored under in `round` (`calledKoiKoi`: the holder had called Koi-Koi). */
export function pileRulesOf(view: GameView, round: number, calledKoiKoi = false): PileRules {
  switch (view.game) {
    case 'sakura':
      return { game: 'sakura', options: view.options };
    case 'oibana':
      return { game: 'oibana', options: view.options };
    case 'koikoi':
      return { game: 'koikoi', options: view.options, round, calledKoiKoi };
    case 'nara':
      return { game: 'nara' };
    default:
      return assertNever(view);
  }
}

/** Whether `id` names a game the engine plays. */
export const isGameId = (id: string): id is GameId => gameById(id) !== undefined;
