/** The golden replays (golden.ts): every fixture deals and ends exactly as when it was written. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES_VERSION } from '../../src/index.js';
import { GOLDEN_CASES, type Golden, fixtureName, makeGolden, replayGolden } from './golden.js';

const DIR = join(import.meta.dirname, 'fixtures');
const read = (file: string): Golden => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Golden;

describe.runIf(process.env.UPDATE_GOLDEN)('writing the golden files', () => {
  it.each(GOLDEN_CASES.map((c) => [fixtureName(c.game.id, c.players), c] as const))('%s', (file, { game, players }) => {
    const fresh = makeGolden(game, players);
    const text = `${JSON.stringify(fresh, null, 1)}\n`;
    if (existsSync(join(DIR, file))) {
      const old = read(file);
      const same = JSON.stringify(old) === JSON.stringify(fresh);
      if (!same && old.rules === RULES_VERSION) {
        throw new Error(`${file} deals or ends differently under the same rules version ${RULES_VERSION}: bump RULES_VERSION (packages/engine/src/core/rules-version.ts) first`);
      }
    }
    writeFileSync(join(DIR, file), text);
  });
});

describe.skipIf(process.env.UPDATE_GOLDEN)('golden replays', () => {
  it('cover every game at every table size', () => {
    for (const { game, players } of GOLDEN_CASES) expect(existsSync(join(DIR, fixtureName(game.id, players))), fixtureName(game.id, players)).toBe(true);
  });

  it.each(GOLDEN_CASES.map((c) => [fixtureName(c.game.id, c.players), c] as const))('%s deals and plays out as written', (file, { game }) => {
    const golden = read(file);
    expect(golden.rules, `${file} was written under another rules version: write it again (UPDATE_GOLDEN=1)`).toBe(RULES_VERSION);
    expect(golden.record.rules).toBe(RULES_VERSION);
    expect(golden.results.some((e) => e.type === 'game-end'), `${file} holds a whole game`).toBe(true);
    const now = replayGolden(game, golden);
    expect(now.deals).toEqual(golden.deals);
    expect(now.results).toEqual(golden.results);
  });
});
