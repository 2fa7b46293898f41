/** Every game the engine knows, by id. Adding a game is one folder in games/ and one line here. */
import type { GameModule } from './core/game.js';
import type { KoiKoiView } from './games/koikoi/view.js';
import type { NaraView } from './games/nara/view.js';
import type { OibanaView } from './games/oibana/index.js';
import type { SakuraView } from './games/sakura/view.js';
import { sakura } from './games/sakura/index.js';
import { nara } from './games/nara/index.js';
import { koikoi } from './games/koikoi/index.js';
import { oibana } from './games/oibana/index.js';

export const GAMES: readonly GameModule[] = [
  sakura as GameModule,
  koikoi as GameModule,
  oibana as GameModule,
  nara as GameModule,
];

export function gameById(id: string): GameModule | undefined {
  return GAMES.find((g) => g.id === id);
}

/** What `view(state, seat)` returns, for any game: tell them apart by `view.game`. */
export type GameView = SakuraView | KoiKoiView | NaraView | OibanaView;
