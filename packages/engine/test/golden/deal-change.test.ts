/**
 * The golden replays catch a rules change: with one deal-affecting constant changed (Sakura's
 * three-player deal, 7 cards to each hand and 6 to the field, made 6 and 9), the three-player
 * Sakura file no longer replays as written, and the others (Oi-bana deals its own way) still do.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Golden } from './golden.js';

// The unit tests share their modules between files (no isolation), so the engine may be loaded
// already: the modules are reset before the mock and golden.js imported after it, and reset
// again afterwards so that no later file sees the changed table.
vi.resetModules();
vi.doMock('../../src/games/sakura/tables.js', async (original) => {
  const tables = await original<typeof import('../../src/games/sakura/tables.js')>();
  return { ...tables, DEAL: { ...tables.DEAL, 3: { hand: 6, field: 9 } } };
});
const { GOLDEN_CASES, fixtureName, replayGolden } = await import('./golden.js');
afterAll(() => {
  vi.doUnmock('../../src/games/sakura/tables.js');
  vi.resetModules();
});

const read = (file: string): Golden => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', file), 'utf8')) as Golden;

describe('a changed deal table', () => {
  it('fails the golden replays of the games it deals, and only those', () => {
    const differ = GOLDEN_CASES.filter(({ game, players }) => {
      const golden = read(fixtureName(game.id, players));
      const now = replayGolden(game, golden);
      return JSON.stringify(now.deals) !== JSON.stringify(golden.deals) || JSON.stringify(now.results) !== JSON.stringify(golden.results);
    }).map(({ game, players }) => fixtureName(game.id, players));
    expect(differ).toEqual(['sakura-3p.json']);
  });
});
