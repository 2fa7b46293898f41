/** `npm run bench:lines`: the bench's round lines at fixed work, alone or in turns with another build. */
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../dist/lines.js', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('bench:lines', () => {
  it('plays the chosen lines for a share of their rounds and prints their CPU milliseconds', () => {
    const out = run('--scale', '1', '--lines', 'sakura 2p fast,nara 4p api');
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^sakura 2p fast: \d+ ms cpu \(2000 rounds\)$/),
      expect.stringMatching(/^nara 4p api: \d+ ms cpu \(12 rounds\)$/),
    ]);
  }, 60_000);

  it('with --baseline alternates whole processes and prints the median ratio of the pairs', () => {
    // This checkout as its own baseline: both sides play the same rounds.
    const out = run('--scale', '1', '--pairs', '2', '--lines', 'koikoi 2p fast', '--baseline', root);
    expect(out.status, out.stderr).toBe(0);
    const [line, load] = out.stdout.trim().split('\n');
    expect(line).toMatch(
      /^koikoi 2p fast: (\d+\.\d{3}) this\/baseline \(\d+\.\d{3}-\d+\.\d{3} over 2 pairs\), \d+ ms against \d+ ms cpu$/,
    );
    expect(Number(line.split(' ')[3])).toBeGreaterThan(0);
    expect(load).toMatch(/^load average \d+\.\d\d before, \d+\.\d\d after \(.+\)$/);
  }, 60_000);

  it('refuses an unknown line and a baseline that is not built, saying why', () => {
    const unknown = run('--lines', 'sakura 3p fast');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(
      /^bench: --lines: no line "sakura 3p fast"; the lines are sakura 2p api, /,
    );
    const missing = run('--baseline', join(tmpdir(), 'no-such-build'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^bench: --baseline: no .*no-such-build.*; build that checkout first/);
    expect(missing.stdout).toBe('');
  });
});
