/**
 * `npm run bench:strength`: the results table of docs/strength.md, regenerated. Each rung of
 * the ladder is one `hanafuda arena` run (a fresh process, every core); the table row is the
 * challenger's paired difference per round with its 95% interval and verdict, as the arena
 * prints it. `--scale F` multiplies every run's deals (0.01 for a quick look; the figures of
 * docs/strength.md are at 1).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { commandArgs } from './args.js';

const USAGE = 'usage: npm run bench:strength -- [--scale F] [--seed S] [--threads N]';
const CLI = fileURLToPath(new URL('../../cli/bin/hanafuda.js', import.meta.url));

interface Rung {
  readonly table: string;
  readonly args: readonly string[];
  readonly bots: string;
  readonly deals: number;
}

const TABLES: readonly { name: string; args: string[]; seatings: number; expertDeals: number }[] = [
  { name: 'Sakura, 2 players', args: ['--game', 'sakura', '--players', '2'], seatings: 2, expertDeals: 600 },
  {
    name: 'Sakura, 4 players in teams of 2',
    args: ['--game', 'sakura', '--players', '4', '--teams', '2x2'],
    seatings: 2,
    expertDeals: 800,
  },
  { name: 'Koi-Koi', args: ['--game', 'koikoi'], seatings: 2, expertDeals: 2000 },
  { name: 'Nara, 4 players', args: ['--game', 'nara', '--players', '4'], seatings: 4, expertDeals: 1500 },
];
/** Each step of the ladder: the challenger first. */
const STEPS = ['greedy,random', 'easy,random', 'normal,easy', 'hard,normal', 'expert,hard'];

export const RUNGS: readonly (Rung & { seatings: number })[] = TABLES.flatMap((t) =>
  STEPS.map((bots) => ({
    table: t.name,
    args: t.args,
    bots,
    seatings: t.seatings,
    deals: bots === 'expert,hard' ? t.expertDeals : 2000,
  })),
);

/** The arena's paired line for points: `A - B: +1.23 [+0.45, +2.01] per round, paired over N deals (verdict)`. */
export function pairedLine(out: string, bots: string): { diff: string; verdict: string } | null {
  const [a, b] = bots.split(',');
  const m = out.match(
    new RegExp(
      `^${a}(?:#\\d+)? - ${b}(?:#\\d+)?: (\\S+ \\[[^\\]]+\\]) per round, paired over \\d+ deals \\(([^)]+)\\)$`,
      'm',
    ),
  );
  return m ? { diff: m[1], verdict: m[2] } : null;
}

function main(): void {
  const { value, fail } = commandArgs(process.argv.slice(2), USAGE);
  const scale = Number(value('scale') ?? 1);
  if (!(scale > 0)) fail('--scale must be a number above 0');
  const seed = value('seed') ?? '1';
  const threads = value('threads');
  console.log(
    `| game | step | mean score difference per round [95% CI] (verdict) | deals × seatings = rounds |`,
  );
  console.log('|---|---|---|---|');
  for (const r of RUNGS) {
    const deals = Math.max(10, Math.round(r.deals * scale));
    const args = [
      CLI,
      'arena',
      ...r.args,
      '--bots',
      r.bots,
      '--deals',
      String(deals),
      '--seed',
      seed,
      ...(threads ? ['--threads', threads] : []),
    ];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
    const line = run.status === 0 ? pairedLine(run.stdout, r.bots) : null;
    if (!line) fail(`hanafuda ${args.slice(1).join(' ')} failed:\n${run.stderr || run.stdout}`, false);
    const [a, b] = r.bots.split(',');
    console.log(
      `| ${r.table} | ${a} against ${b} | ${line!.diff} (${line!.verdict}) | ${deals} × ${r.seatings} = ${deals * r.seatings} |`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
