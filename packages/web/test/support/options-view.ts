/** A view that carries only its game and full options (the defaults under `options`), for the displays that read no more. */
import { gameById, type GameView, validateOptions } from '@hanafuda/engine';

export function optionsView(game: string, options: Record<string, unknown> = {}): GameView {
  const module = gameById(game)!;
  const checked = validateOptions(module.optionSpecs, options, module.presets);
  if (!checked.ok) throw new Error(checked.error.message);
  return { game, options: checked.value } as unknown as GameView;
}
