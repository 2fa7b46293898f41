/** Every game the engine knows, by id. Adding a game is one folder in games/ and one line here. */
import type { GameModule } from './core/game.js';
import { sakura } from './games/sakura/index.js';
import { nara } from './games/nara/index.js';
import { koikoi } from './games/koikoi/index.js';
import { oibana } from './games/oibana/index.js';

export const GAMES: readonly GameModule[] = [sakura as GameModule, koikoi as GameModule, oibana as GameModule, nara as GameModule];

export function gameById(id: string): GameModule | undefined {
  return GAMES.find((g) => g.id === id);
}
