/**
 * `npm run train:koikoi`: Koi-Koi's learned models as a long job (training/job.ts): chunks of
 * fresh self-play, a checkpoint after each, resumed where it stopped. Deterministic for its
 * seed. `--ship` writes a checkpoint's network into packages/bots as data.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeFloat32 } from '@hanafuda/bots';
import { commandArgs } from './args.js';
import {
  type JobOptions,
  type TrainingModel,
  checkpointNet,
  readCheckpoint,
  runJob,
} from './training/job.js';
import { koikoiBeliefModel } from './training/koikoi-belief.js';
import { koikoiValueModel } from './training/koikoi-value.js';

const MODELS = ['value', 'belief'] as const;
type ModelName = (typeof MODELS)[number];

const USAGE =
  'usage: npm run train:koikoi -- --model value|belief [--chunks N] [--dir DIR] [--seed S] [--examples N] [--held-out N]\n' +
  '         [--epochs N] [--rate R] [--player BOT] [--smoke]\n' +
  '       npm run train:koikoi -- --model value|belief --ship [--dir DIR] [--from oracle]\n' +
  '  value: the round margin from a position, the hidden cards seen first then faded out (oracle guiding).\n' +
  '  belief: the chance of each card being in the opponent’s hand, from the view and its plays this round.\n' +
  '  Runs until the job has done --chunks chunks (default: 1 more than its checkpoint), resuming from DIR\n' +
  '  (default packages/bench/training/koikoi-MODEL), a checkpoint after each chunk. Defaults: seed 1,\n' +
  '  self-play by hard, 20000 held out, 1 epoch a chunk in batches of 64, Adam’s rate halving every 150 chunks;\n' +
  '  value: 20000 examples a chunk, rate 2e-4; belief: 8000 examples a chunk, rate 3e-4 (each about a CPU-minute).\n' +
  '  --smoke: a few seconds’ configuration in a temporary directory, removed after. --ship: the checkpoint (or the\n' +
  '  value’s oracle kept as the fade began) written to packages/bots/src/search/weights/koikoi-MODEL.ts.';
const args = process.argv.slice(2).filter((a) => a !== '--smoke' && a !== '--ship');
const smoke = process.argv.includes('--smoke');
const ship = process.argv.includes('--ship');
const { fail, value, whole } = commandArgs(args, USAGE, [
  '--model',
  '--chunks',
  '--dir',
  '--seed',
  '--examples',
  '--held-out',
  '--epochs',
  '--player',
  '--rate',
  '--from',
]);
const asked = value('model');
const name: ModelName =
  MODELS.find((m) => m === asked) ?? fail(`--model must be one of ${MODELS.join(', ')}`);
const dir = smoke
  ? mkdtempSync(join(tmpdir(), `train-koikoi-${name}-`))
  : (value('dir') ?? fileURLToPath(new URL(`../training/koikoi-${name}`, import.meta.url)));

const report = (line: string) => console.log(line);

if (ship) {
  const from = value('from');
  if (from !== undefined && from !== 'oracle') fail('--from must be oracle (or absent: the last checkpoint)');
  const c = readCheckpoint(dir, from === 'oracle' ? 'oracle.json' : 'checkpoint.json');
  if (!c) fail(`no ${from === 'oracle' ? 'oracle' : 'checkpoint'} in ${dir} to ship`, false);
  const net = checkpointNet(c!);
  const out = fileURLToPath(
    new URL(
      `../../bots/src/search/weights/koikoi-${name}${from === 'oracle' ? '-oracle' : ''}.ts`,
      import.meta.url,
    ),
  );
  const last = c!.curve.at(-1);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `/**
 * Koi-Koi's ${name} network${from === 'oracle' ? ' (the oracle, as its fade began)' : ''}: written by \`npm run train:koikoi -- --model ${name} --ship${from ? ` --from ${from}` : ''}\`
 * from a job of ${c!.chunk} chunks (seed ${c!.options.seed}, ${(c!.seconds / 3600).toFixed(2)} CPU-hours; held-out loss ${last?.heldOutLoss.toFixed(4) ?? 'none'}).
 */
import type { MlpData } from '../mlp.js';

export const KOIKOI_${name.toUpperCase()}${from === 'oracle' ? '_ORACLE' : ''}: MlpData = {
  sizes: [${net.sizes.join(', ')}],
  output: '${net.output}',
  weights:
    '${encodeFloat32(net.weights as Float64Array)}',
};
`,
  );
  report(`written to ${out}`);
  process.exit(0);
}

const checkpoint = readCheckpoint(dir);
const options: JobOptions = {
  seed: value('seed') ?? '1',
  chunks: whole('chunks', (checkpoint?.chunk ?? 0) + (smoke ? 3 : 1)),
  examplesPerChunk: whole('examples', smoke ? 300 : name === 'belief' ? 8000 : 20_000),
  heldOut: whole('held-out', smoke ? 200 : 20_000),
  // One pass: a second overfits a chunk's rounds (a round's positions share its cards).
  epochs: whole('epochs', 1),
  batch: 64,
  rate: Number(value('rate') ?? (name === 'belief' ? 3e-4 : 2e-4)),
  halfLife: smoke ? 2 : 150,
  decay: 1e-4,
};
if (!(options.rate > 0 && options.rate < 1)) fail('--rate must be a number between 0 and 1');
const player = value('player') ?? (smoke ? 'greedy' : 'hard');
const models: Record<ModelName, () => TrainingModel> = {
  value: () =>
    koikoiValueModel({ player, hidden: [64, 32], fadeStart: smoke ? 1 : 200, fadeChunks: smoke ? 2 : 200 }),
  belief: () => koikoiBeliefModel({ player, hidden: smoke ? [16] : [256] }),
};
let model: TrainingModel;
try {
  model = models[name]();
} catch (e) {
  fail((e as Error).message, false);
}
report(
  `${model!.name}: layers [${model!.sizes.join(', ')}], seed ${options.seed}, ${options.examplesPerChunk} examples a chunk by ${player} self-play, ` +
    `to chunk ${options.chunks}, in ${dir}`,
);
const done = runJob(model!, options, dir, report);
for (const r of done.references) report(`held-out reference: ${r.name}: ${r.loss.toFixed(4)}`);
// A smoke run's checkpoint is of no further use: its temporary folder goes with it.
if (smoke) rmSync(dir, { recursive: true, force: true });
