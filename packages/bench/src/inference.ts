/**
 * `npm run bench:inference`: what Koi-Koi's hidden hand costs a search's decisions, and how
 * much the inferring sampler wins back (hidden-hand.ts): one line per sampler, then the
 * inference's gain paired over the same positions. `--belief DIR`: a learned belief's
 * samplers too (a `train:koikoi --model belief` job's checkpoint), alone and times the inference.
 */
import { type SearchBudget, levelBudget, parseBudget } from '@hanafuda/bots';
import { type Interval, meanInterval } from '@hanafuda/stats';
import { commandArgs } from './args.js';
import { type PricedSearch, handLosses, handPositions } from './hidden-hand.js';
import { checkpointNet, readCheckpoint } from './training/job.js';

const USAGE =
  'usage: npm run bench:inference [-- --games N] [-- --seed S] [-- --budget N[/M]] [-- --reference N] [-- --belief DIR]\n' +
  "  (the first round of each game; defaults: 200 games, seed 1, expert's Koi-Koi budget, a reference of 20000 simulations shown the opponent's hand;\n" +
  '  --belief: the learned belief of the train:koikoi --model belief checkpoint in DIR, priced too)';
const args = process.argv.slice(2);
const { fail, value, whole } = commandArgs(args, USAGE, [
  '--games',
  '--seed',
  '--budget',
  '--reference',
  '--belief',
]);
const games = whole('games', 200);
const seed = value('seed') ?? '1';
const reference: SearchBudget = { iterations: whole('reference', 20_000) };
const asked = value('budget');
const parsed = asked === undefined ? undefined : parseBudget(asked);
if (asked !== undefined && !parsed) fail(`--budget must be N or N/M (whole numbers ≥ 1), not "${asked}"`);
const budget: SearchBudget = parsed ?? levelBudget('expert', 'koikoi');
const beliefDir = value('belief');
const checkpoint = beliefDir === undefined ? null : readCheckpoint(beliefDir);
if (beliefDir !== undefined && checkpoint?.model !== 'koikoi-belief')
  fail(`--belief: no koikoi-belief checkpoint in ${beliefDir}`, false);
const belief = checkpoint ? checkpointNet(checkpoint) : undefined;

const positions = handPositions(games, `bench-inference-${seed}`);
if (positions.length === 0) fail(`no position in the first round of ${games} games: more --games`, false);
const show = (i: Interval) => `${i.mean.toFixed(3)} [${i.lo.toFixed(3)}, ${i.hi.toFixed(3)}]`;
const samplers: [string, PricedSearch][] = [
  ['hand shown (what the search loses to its own noise)', { budget, shown: true }],
  ['uniform (hard’s sampler)', { budget: { ...budget, inference: false } }],
  ['inferring (expert’s sampler)', { budget: { ...budget, inference: true } }],
  ...(belief
    ? ([
        ['belief (learned)', { budget: { ...budget, inference: false, belief } }],
        ['belief × inferring', { budget: { ...budget, inference: true, belief } }],
      ] as [string, PricedSearch][])
    : []),
];
const losses = handLosses(
  positions,
  samplers.map(([, s]) => s),
  reference,
);

const what = `${asked ? `search:${asked}` : 'expert'} (${budget.iterations} simulations${budget.moves ? ` or ${budget.moves} moves` : ''})`;
console.log(
  `Koi-Koi, ${positions.length} hand plays after the opponent's first, in the first round of ${games} games of expert against itself (seed ${seed}); ` +
    `${what}'s decisions priced by search:${reference.iterations} shown the opponent's hand, in reward points a decision [95%]`,
);
const line = (label: string, i: Interval) => console.log(`  ${label.padEnd(54)} ${show(i)}`);
samplers.forEach(([name], k) => line(name, meanInterval(losses[k])));
const paired = (a: number[], b: number[]) => meanInterval(a.map((x, i) => x - b[i]));
line('the hidden hand costs (uniform − shown), paired', paired(losses[1], losses[0]));
line('the inference wins back (uniform − inferring), paired', paired(losses[1], losses[2]));
if (checkpoint) {
  console.log(
    `  belief: chunk ${checkpoint.chunk} of ${beliefDir} (${(checkpoint.seconds / 3600).toFixed(2)} CPU-hours, held-out loss ${checkpoint.curve.at(-1)?.heldOutLoss.toFixed(4)})`,
  );
  line('the belief wins back (uniform − belief), paired', paired(losses[1], losses[3]));
  line('belief over inferring (inferring − belief), paired', paired(losses[2], losses[3]));
  line('belief × inferring over the inference, paired', paired(losses[2], losses[4]));
}
