/** `npm run train:koikoi-policy` (src/train-koikoi-policy.ts, src/policy-training.ts): deterministic for its seed, and a tiny run writes loadable weights. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KOIKOI_HAND_WRITTEN_WEIGHTS, KOIKOI_POLICY_FEATURES } from '@hanafuda/bots';
import { afterAll, describe, expect, it } from 'vitest';
import { type ExampleOptions, type FitOptions, fitPolicy, roundExamples } from '../src/policy-training.js';

const cli = fileURLToPath(new URL('../dist/train-koikoi-policy.js', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });
const dir = mkdtempSync(join(tmpdir(), 'train-koikoi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const examples = (seed: string): ExampleOptions => ({
  rounds: 4,
  samples: 6,
  explore: 0.1,
  seed,
  learned: false,
});
const fit = (seed: string): FitOptions => ({
  epochs: 3,
  temperature: 0.3,
  rate: 0.05,
  batch: 16,
  l2: 1e-4,
  heldOut: 0.25,
  seed,
});
const train = (seed: string) => {
  const rounds = Array.from({ length: 4 }, (_, r) => roundExamples(r, examples(seed)));
  return fitPolicy(rounds, fit(seed), KOIKOI_HAND_WRITTEN_WEIGHTS.weights);
};

describe('training the Koi-Koi rollout policy', () => {
  it('gives the same weights twice for a seed, and others for another seed', () => {
    const a = train('a');
    expect(a.weights).toHaveLength(KOIKOI_POLICY_FEATURES.length);
    expect(a.curve).toHaveLength(3);
    expect(a.train).toBeGreaterThan(0);
    expect(a.heldOut).toBeGreaterThan(0);
    expect(train('a')).toEqual(a);
    expect(train('b').weights).not.toEqual(a.weights);
  });

  it('labels every candidate of a decision: features of each, a value of each', () => {
    const decisions = roundExamples(0, examples('a'));
    expect(decisions.length).toBeGreaterThan(5);
    for (const d of decisions) {
      expect(d.features.length).toBeGreaterThanOrEqual(2);
      expect(d.values).toHaveLength(d.features.length);
      for (const f of d.features) expect(f).toHaveLength(KOIKOI_POLICY_FEATURES.length);
    }
  });

  it('labels by searches with learned rollouts on request: the same decisions and features, other values', () => {
    const handWritten = roundExamples(0, examples('a'));
    const learned = roundExamples(0, { ...examples('a'), learned: true });
    expect(learned.map((d) => d.features)).toEqual(handWritten.map((d) => d.features));
    expect(learned.map((d) => d.values)).not.toEqual(handWritten.map((d) => d.values));
  });

  it('writes the weights file and prints the data and the loss curve; the same file twice', () => {
    const out = join(dir, 'weights.ts');
    const first = run('--rounds', '3', '--samples', '4', '--epochs', '2', '--out', out);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^data: 3 self-play rounds/m);
    expect(first.stdout).toMatch(/^ {4}2 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$/m);
    const written = readFileSync(out, 'utf8');
    const weights = JSON.parse(/weights: (\[.*\])/.exec(written)![1]) as number[];
    expect(weights).toHaveLength(KOIKOI_POLICY_FEATURES.length);
    expect(weights.every(Number.isFinite)).toBe(true);
    expect(run('--rounds', '3', '--samples', '4', '--epochs', '2', '--out', out).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(written);
  });

  it('refuses a bad argument in one line with the usage', () => {
    for (const args of [
      ['--rounds', '0'],
      ['--temperature', 'hot'],
      ['--lr', '1'],
    ]) {
      const r = run(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^bench: .*\nusage: npm run train:koikoi-policy/);
    }
  });
});
