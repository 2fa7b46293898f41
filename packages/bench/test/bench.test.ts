/** Smoke test: `npm run bench` runs every line once, briefly (`--quick`); the timed run stays out of `npm test`. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const LINE = /^(sakura|koikoi|nara) \dp [a-z./]+: [\d.]+ (rounds\/s|iterations\/s|x)$/;

describe('bench', () => {
  it('prints one figure a line, every game and path', () => {
    const out = execFileSync(process.execPath, [main, '--quick'], { encoding: 'utf8', timeout: 60_000 });
    const lines = out.trim().split('\n').filter((l) => !l.startsWith('#'));
    for (const line of lines) expect(line).toMatch(LINE);
    for (const name of ['sakura 2p api', 'sakura 4p fast', 'sakura 7p fast', 'koikoi 2p fast', 'nara 4p fast', 'sakura 4p boardgame.io', 'sakura 4p fast/boardgame.io']) {
      expect(lines.some((l) => l.startsWith(`${name}:`)), name).toBe(true);
    }
  }, 60_000);
});
