/** The options that change which yaku score, or what they score (tests only: the engine's yaku tests and the front ends' yaku displays). */
import type { GameModule } from '../../src/index.js';

/** Per game, the options that change its yaku. */
export const YAKU_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  koikoi: [
    'sakeCup',
    'viewing',
    'viewingBoth',
    'viewingSpoiled',
    'tsukiFuda',
    'sankoPoints',
    'setExtras',
    'akatanAotan',
    'viewingPoints',
  ],
  sakura: ['yaku'],
  oibana: ['yaku'],
  nara: [],
};

/** Every value an option may take (integers: their range). */
export function valuesOf(game: Pick<GameModule, 'optionSpecs'>, name: string): unknown[] {
  const spec = game.optionSpecs.find((s) => s.name === name)!;
  if (spec.kind === 'enum') return [...spec.values];
  if (spec.kind === 'boolean') return [false, true];
  if (spec.kind !== 'integer' || spec.max === undefined) throw new Error(`${name}: not a bounded option`);
  return Array.from({ length: spec.max - spec.min + 1 }, (_, i) => spec.min + i);
}
