/**
 * `npm run bench:lines`: the random-round lines of `npm run bench` with a fixed amount of work
 * each, in the bench's order in one process, as CPU milliseconds. With `--baseline DIR` it
 * compares two builds as the machine allows: whole processes in turns (this build, then the
 * other), and per line the median of the pairs' ratios, so that a change in the machine's load
 * enters one pair, not the comparison. `npm run bench` prints rates over 3 s, which swing too
 * much between runs on a shared machine to compare builds by a few percent.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandArgs } from './args.js';
import { type Build, ROUND_LINES, type RoundLine, roundWork } from './round-lines.js';

const USAGE = `usage: npm run bench:lines [-- --baseline DIR] [-- --pairs N] [-- --lines LIST] [-- --scale PERCENT]
  Plays each random-round line of npm run bench (public API, search fast path) for a fixed
  number of rounds, in the bench's order in one process, and prints its CPU milliseconds
  (about 15 s in all).
  --baseline DIR   also a checkout of another build (its packages built): whole processes in
                   turns, this build then that one, --pairs times; per line the median of the
                   pairs' ratios this/baseline, their range, and each build's median
  --pairs N        pairs of processes with --baseline (default 6)
  --lines LIST     only these lines, comma-separated ("sakura 2p fast,nara 4p fast")
  --scale PERCENT  the rounds played, in percent of the default (default 100)`;

/** Rounds a line plays at scale 100: about 1-2 s of CPU each here. */
const ROUNDS: Record<RoundLine, number> = {
  'sakura 2p api': 1500,
  'sakura 2p fast': 200_000,
  'sakura 4p api': 2000,
  'sakura 4p fast': 200_000,
  'sakura 7p api': 2500,
  'sakura 7p fast': 200_000,
  'koikoi 2p api': 2000,
  'koikoi 2p fast': 200_000,
  'nara 4p api': 1200,
  'nara 4p fast': 200_000,
};

const rounds = (line: RoundLine, scale: number) => Math.max(1, Math.round((ROUNDS[line] * scale) / 100));
/** The middle value, or the mean of the middle two. */
function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
}

const args = process.argv.slice(2);

if (args[0] === '--child') {
  // One process of a comparison: `--child DIR SCALE LINES` prints {line: CPU ms} as JSON.
  const [, dir, scale, lines] = args;
  const build = await loadBuild(dir);
  if ('error' in build) throw new Error(build.error);
  console.log(JSON.stringify(playLines(build, lines.split(',') as RoundLine[], Number(scale))));
} else {
  const { fail, value, whole } = commandArgs(args, USAGE, ['--baseline', '--pairs', '--lines', '--scale']);
  const baseline = value('baseline');
  const pairs = whole('pairs', 6);
  const scale = whole('scale', 100);
  const lines = (value('lines')
    ?.split(',')
    .map((l) => l.trim()) ?? ROUND_LINES) as RoundLine[];
  const unknown = lines.find((l) => !ROUND_LINES.includes(l));
  if (unknown !== undefined) fail(`--lines: no line "${unknown}"; the lines are ${ROUND_LINES.join(', ')}`);
  const here = resolve(fileURLToPath(import.meta.url), '../../../..');
  if (baseline === undefined) {
    const build = await loadBuild(here);
    if ('error' in build) fail(build.error, false);
    const ms = playLines(build as Build, lines, scale);
    for (const line of lines)
      console.log(`${line}: ${Math.round(ms[line])} ms cpu (${rounds(line, scale)} rounds)`);
  } else {
    const theirs = await loadBuild(baseline);
    if ('error' in theirs) fail(`--baseline: ${theirs.error}`, false);
    compare(here, resolve(baseline), lines, scale, pairs);
  }
}

/** Plays each line in turn; its CPU milliseconds. */
function playLines(build: Build, lines: readonly RoundLine[], scale: number): Record<string, number> {
  const ms: Record<string, number> = {};
  for (const line of lines) {
    const work = roundWork(build, line);
    const start = process.cpuUsage();
    work(rounds(line, scale));
    const used = process.cpuUsage(start);
    ms[line] = (used.user + used.system) / 1000;
  }
  return ms;
}

/** The engine of a checkout, or what is missing. */
async function loadBuild(dir: string): Promise<Build | { error: string }> {
  const dist = join(resolve(dir), 'packages', 'engine', 'dist');
  const [api, fast] = [join(dist, 'index.js'), join(dist, 'fast', 'index.js')];
  for (const file of [api, fast])
    if (!existsSync(file)) return { error: `no ${file}; build that checkout first (npx tsc -b)` };
  return {
    engine: (await import(pathToFileURL(api).href)) as Build['engine'],
    fast: (await import(pathToFileURL(fast).href)) as Build['fast'],
  };
}

/** Whole processes in turns, this build then the baseline; per line the median ratio of the pairs. */
function compare(
  here: string,
  baseline: string,
  lines: readonly RoundLine[],
  scale: number,
  pairs: number,
): void {
  const script = fileURLToPath(import.meta.url);
  const run = (dir: string): Record<string, number> =>
    JSON.parse(
      execFileSync(process.execPath, [script, '--child', dir, String(scale), lines.join(',')], {
        encoding: 'utf8',
      }),
    ) as Record<string, number>;
  const loadBefore = loadavg()[0];
  const mine: Record<string, number>[] = [];
  const base: Record<string, number>[] = [];
  for (let k = 0; k < pairs; k++) {
    mine.push(run(here));
    base.push(run(baseline));
  }
  for (const line of lines) {
    const ratios = mine.map((m, k) => m[line] / base[k][line]).sort((a, b) => a - b);
    const ms = (runs: Record<string, number>[]) => Math.round(median(runs.map((r) => r[line])));
    console.log(
      `${line}: ${median(ratios).toFixed(3)} this/baseline (${ratios[0].toFixed(3)}-${ratios.at(-1)!.toFixed(3)} over ${pairs} pairs), ${ms(mine)} ms against ${ms(base)} ms cpu`,
    );
  }
  console.log(`load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after (${baseline})`);
}
