/**
 * `npm run train:koikoi-policy`: fits Koi-Koi's learned rollout policy (policy-training.ts)
 * and writes its weights to packages/bots/src/search/koikoi-weights.ts (or --out). Prints
 * a summary of the data and the loss curve. Deterministic for its arguments.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KOIKOI_HAND_WRITTEN_WEIGHTS, KOIKOI_POLICY_FEATURES, type PolicyExample } from '@hanafuda/bots';
import { commandArgs } from './args.js';
import { type ExampleOptions, type FitOptions, fitPolicy, roundExamples } from './policy-training.js';

const USAGE =
  'usage: npm run train:koikoi-policy [-- --rounds N] [-- --samples N] [-- --epochs N] [-- --seed S] [-- --temperature T] [-- --labels hand-written|learned] [-- --out FILE]\n' +
  '  (defaults: 2000 self-play rounds, 300 samples per candidate, 30 epochs, seed 1, targets a softmax of the values over 0.3 points,\n' +
  "  labels: the searches' rollouts by the hand-written policy, or by the learned one built in (a second round of expert iteration);\n" +
  '  out: packages/bots/src/search/koikoi-weights.ts)';
const args = process.argv.slice(2);
const { fail, value, whole } = commandArgs(args, USAGE, [
  '--rounds',
  '--samples',
  '--epochs',
  '--seed',
  '--temperature',
  '--labels',
  '--out',
]);
const temperature = Number(value('temperature') ?? 0.3);
if (!Number.isFinite(temperature) || temperature < 0)
  fail('--temperature must be a number ≥ 0 (0: the best candidate alone)');
const seed = value('seed') ?? '1';
const labels = value('labels') ?? 'hand-written';
if (labels !== 'hand-written' && labels !== 'learned')
  fail(`--labels must be hand-written or learned, not "${labels}"`);
const examples: ExampleOptions = {
  rounds: whole('rounds', 2000),
  samples: whole('samples', 300),
  explore: 0.1,
  seed,
  learned: labels === 'learned',
};
const fit: FitOptions = {
  epochs: whole('epochs', 30),
  temperature,
  rate: 0.05,
  batch: 64,
  l2: 1e-4,
  heldOut: 0.2,
  seed,
};
const out =
  value('out') ?? fileURLToPath(new URL('../../bots/src/search/koikoi-weights.ts', import.meta.url));

const started = performance.now();
const rounds: PolicyExample[][] = [];
for (let r = 0; r < examples.rounds; r++) {
  rounds.push(roundExamples(r, examples));
  if ((r + 1) % 100 === 0)
    console.error(
      `  ${r + 1} of ${examples.rounds} rounds labelled (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
}
const labelled = performance.now();
const decisions = rounds.flat();
const candidates = decisions.reduce((n, d) => n + d.features.length, 0);
const spread = decisions.map((d) => Math.max(...d.values) - Math.min(...d.values));
spread.sort((a, b) => a - b);
console.log(
  `data: ${examples.rounds} self-play rounds (seed ${seed}, ${examples.explore * 100}% random moves), ${decisions.length} decisions, ` +
    `${(candidates / decisions.length).toFixed(2)} candidates each, labelled by ${examples.samples} samples per candidate (${labels} rollouts) ` +
    `in ${((labelled - started) / 1000).toFixed(0)} s; best minus worst candidate: median ${spread[spread.length >> 1].toFixed(2)} points`,
);
console.log('epoch  train loss  train acc  held-out loss  held-out acc');
const result = fitPolicy(rounds, fit, KOIKOI_HAND_WRITTEN_WEIGHTS.weights, (e) =>
  console.log(
    `${String(e.epoch).padStart(5)}  ${e.trainLoss.toFixed(4).padStart(10)}  ${e.trainAccuracy.toFixed(3).padStart(9)}  ${e.heldOutLoss.toFixed(4).padStart(13)}  ${e.heldOutAccuracy.toFixed(3).padStart(12)}`,
  ),
);
const last = result.curve[result.curve.length - 1];
console.log(
  `${result.train} decisions trained on, ${result.heldOut} held out (the last ${fit.heldOut * 100}% of the rounds); ` +
    `held-out accuracy (top candidate = the search's best) ${last.heldOutAccuracy.toFixed(3)}, the hand-written policy's ${result.referenceAccuracy.toFixed(3)}; ` +
    `fit in ${((performance.now() - labelled) / 1000).toFixed(0)} s`,
);
const rounded = result.weights.map((w) => Number(w.toPrecision(6)));
const command = `npm run train:koikoi-policy -- --rounds ${examples.rounds} --samples ${examples.samples} --epochs ${fit.epochs} --seed ${seed} --temperature ${temperature} --labels ${labels}`;
writeFileSync(
  out,
  `/**
 * Koi-Koi's learned rollout policy's weights (search/koikoi-features.ts), one per feature:
 * written by \`${command}\`
 * (${decisions.length} decisions; held-out accuracy ${last.heldOutAccuracy.toFixed(3)}, the hand-written policy's ${result.referenceAccuracy.toFixed(3)}).
 */
export const KOIKOI_POLICY_WEIGHTS = {
  features: [${KOIKOI_POLICY_FEATURES.map((f) => `'${f}'`).join(', ')}],
  weights: [${rounded.join(', ')}],
};
`,
);
console.log(
  `weights: ${KOIKOI_POLICY_FEATURES.map((f, i) => `${f} ${rounded[i]}`).join(', ')}\nwritten to ${out}`,
);
