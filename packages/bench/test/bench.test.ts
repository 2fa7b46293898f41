/** Smoke test: `npm run bench` runs every line once, briefly (`--quick`); the timed run stays out of `npm test`. */
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { searches } from '@hanafuda/bots';
import { sakura, koikoi } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { firstDecisions, midGameDecisions } from '../src/positions.js';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
/** boardgame.io is an opt-in install (npm run bench:bgio-install): its lines are there only with it. */
const HAS_BGIO = (() => {
  try {
    createRequire(main).resolve('boardgame.io/internal');
    return true;
  } catch {
    return false;
  }
})();
const BGIO_LINES = [
  'sakura 2p boardgame.io',
  'sakura 4p boardgame.io',
  'sakura 2p api/boardgame.io',
  'sakura 4p api/boardgame.io',
  'sakura 4p fast/boardgame.io',
];
const NUMBER = String.raw`\d+(\.\d+)?`;
/** Every line: a figure by CPU time and one by the wall clock; ratios say what they compare. */
/** A figure is "-" where there are too few samples for it (a p99 of --quick's 4 positions). */
const LINE = new RegExp(
  String.raw`^(sakura|koikoi|nara) \dp [a-z0-9./ -]+: (${NUMBER}|-) (rounds/s|simulations/ms|ms|x) cpu, (${NUMBER}|-) wall( \(.+\))?$`,
);

describe('bench', () => {
  it('prints one figure a line, every game and path, and nothing else', () => {
    // A failure anywhere (a search that throws) exits non-zero, and execFileSync throws with it.
    const run = spawnSync(process.execPath, [main, '--quick'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    for (const line of lines) expect(line).toMatch(LINE);
    for (const name of [
      'sakura 2p api',
      'sakura 4p fast',
      'sakura 7p fast',
      'koikoi 2p fast',
      'nara 4p fast',
      'sakura 2p search first decision',
      'sakura 2p search mid-game',
      'koikoi 2p search first decision',
      'koikoi 2p search mid-game',
      'koikoi 2p search first decision with learned rollouts',
      'koikoi 2p search mid-game with learned rollouts',
      'sakura 2p expert decision median',
      'sakura 2p expert decision p99',
      'koikoi 2p hard decision p99',
      'nara 4p expert decision p99',
    ]) {
      expect(
        lines.filter((l) => l.startsWith(`${name}:`)),
        name,
      ).toHaveLength(1);
    }
    // The opt-in framework: its five lines with it; without it none, and stderr says how to install it.
    for (const name of BGIO_LINES)
      expect(
        lines.filter((l) => l.startsWith(`${name}:`)),
        name,
      ).toHaveLength(HAS_BGIO ? 1 : 0);
    if (HAS_BGIO)
      expect(lines.find((l) => l.startsWith('sakura 2p api/boardgame.io:'))).toContain('(like for like');
    else
      expect(run.stderr).toContain(
        'the boardgame.io lines are skipped: it is an opt-in install (npm run bench:bgio-install)',
      );
    expect(lines.find((l) => l.startsWith('sakura 2p search mid-game:'))).toMatch(
      /\(4 positions, 20 iterations each\)$/,
    );
  }, 60_000);

  it("--baseline DIR times another build's search on the same positions, with the ratio; a missing build is refused", () => {
    // This checkout as its own baseline: the same search on both sides of every ratio.
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const out = execFileSync(process.execPath, [main, '--quick', '--search', '--baseline', root], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const lines = out.trim().split('\n');
    for (const line of lines) expect(line).toMatch(LINE);
    for (const game of ['sakura 2p', 'koikoi 2p', 'nara 4p']) {
      for (const label of ['search first decision', 'search mid-game']) {
        expect(
          lines.filter((l) => l.startsWith(`${game} ${label}:`)),
          label,
        ).toHaveLength(1);
        expect(
          lines.filter((l) => l.startsWith(`${game} ${label} baseline:`)),
          label,
        ).toHaveLength(1);
        const ratio = lines.find((l) => l.startsWith(`${game} ${label}/baseline:`));
        expect(ratio).toMatch(/ x cpu, .* \(like for like: /);
        expect(Number(ratio!.split(' ')[label.split(' ').length + 2])).toBeGreaterThan(0);
      }
    }
    const missing = spawnSync(
      process.execPath,
      [main, '--search', '--baseline', join(tmpdir(), 'no-such-build')],
      { encoding: 'utf8', timeout: 10_000 },
    );
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^bench: --baseline .*no-such-build: no .* build that checkout first/);
    expect(missing.stdout).toBe('');
    const bare = spawnSync(process.execPath, [main, '--baseline'], { encoding: 'utf8', timeout: 10_000 });
    expect(bare.status).toBe(2);
    expect(bare.stderr).toMatch(/^bench: --baseline needs a directory/);
  }, 60_000);

  it('--help prints the usage at once and runs nothing; an unknown argument is refused', () => {
    const help = spawnSync(process.execPath, [main, '--help'], { encoding: 'utf8', timeout: 10_000 });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run bench/);
    expect(help.stdout).not.toMatch(/rounds\/s cpu/);
    const bad = spawnSync(process.execPath, [main, '--games', '3'], { encoding: 'utf8', timeout: 10_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^bench: unknown argument "--games"/);
    expect(bad.stdout).toBe('');
  });

  it("bench:review's --help prints its usage; a misspelt flag is refused, not ignored", () => {
    const review = fileURLToPath(new URL('../dist/review.js', import.meta.url));
    const help = spawnSync(process.execPath, [review, '--help'], { encoding: 'utf8', timeout: 10_000 });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run bench:review/);
    expect(help.stdout).not.toMatch(/cpu seconds/);
    const misspelt = spawnSync(process.execPath, [review, '--game', '1'], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(misspelt.status).toBe(2);
    expect(misspelt.stderr).toMatch(/^bench: unknown argument "--game"/);
    expect(misspelt.stdout).toBe('');
  });
});

describe('the search positions', () => {
  it.each([
    ['sakura', sakura],
    ['koikoi', koikoi],
  ] as const)('%s: the same searched decisions every run; mid-game ones are past the first', (_, game) => {
    const mid = midGameDecisions(game, 30);
    expect(mid).toHaveLength(30);
    expect(JSON.stringify(midGameDecisions(game, 30))).toBe(JSON.stringify(mid));
    const first = firstDecisions(game, 5);
    const fullHand = Math.max(...first.map((v) => v.hand.length));
    for (const view of [...first, ...mid]) expect(searches(view)).toBe(true);
    for (const view of mid) expect(view.hand.length).toBeLessThanOrEqual(fullHand);
    // Spread over the round: most have played cards, and late positions are there too.
    expect(mid.filter((v) => v.hand.length < fullHand).length).toBeGreaterThan(15);
    expect(mid.some((v) => v.hand.length <= fullHand - 4)).toBe(true);
  });
});
