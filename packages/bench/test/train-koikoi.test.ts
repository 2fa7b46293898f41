/** `npm run train:koikoi` (src/train-koikoi.ts, src/training/): the MLP's gradient, and a job that resumes to the same weights. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Mlp, decodeMlp, encodeFloat32, mlpForward, mlpParameterCount } from '@hanafuda/bots';
import { seedRng } from '@hanafuda/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { type Example, addGradient, exampleLoss, initialWeights } from '../src/training/fit.js';
import {
  type Checkpoint,
  type JobOptions,
  ORACLE_CHECKPOINT,
  readCheckpoint,
  runJob,
} from '../src/training/job.js';
import { koikoiValueModel } from '../src/training/koikoi-value.js';

const dir = mkdtempSync(join(tmpdir(), 'train-koikoi-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the MLP', () => {
  it('has the gradient of its loss, by finite differences, for both outputs', () => {
    for (const output of ['linear', 'sigmoid'] as const) {
      const sizes = [5, 4, 3, 2];
      const net: Mlp = { sizes, output, weights: initialWeights(sizes, seedRng(output)) };
      const weights = net.weights as Float64Array;
      // Biases away from zero, so that no ReLU sits on its kink.
      for (let k = 0; k < weights.length; k++) weights[k] += 0.05;
      const example: Example = {
        input: Float64Array.of(0.3, -1.2, 0.8, 0, 2),
        target: output === 'linear' ? Float64Array.of(1.5, -0.5) : Float64Array.of(1, 0),
      };
      const grad = new Float64Array(weights.length);
      addGradient(
        net,
        example,
        grad,
        sizes.slice(1).map((n) => new Float64Array(n)),
      );
      const loss = () => exampleLoss(net, mlpForward(net, example.input), example.target);
      for (let k = 0; k < weights.length; k++) {
        const w = weights[k];
        weights[k] = w + 1e-6;
        const up = loss();
        weights[k] = w - 1e-6;
        const down = loss();
        weights[k] = w;
        expect(grad[k]).toBeCloseTo((up - down) / 2e-6, 5);
      }
    }
  });

  it('ships its weights as Float32 text and reads them back, refusing a count that does not fit', () => {
    const sizes = [3, 2, 1];
    const weights = initialWeights(sizes, seedRng('ship'));
    const net = decodeMlp({ sizes, output: 'linear', weights: encodeFloat32(weights) });
    expect(net.weights).toHaveLength(mlpParameterCount(sizes));
    net.weights.forEach((w, k) => expect(w).toBe(Math.fround(weights[k])));
    expect(() => decodeMlp({ sizes: [3, 3, 1], output: 'linear', weights: encodeFloat32(weights) })).toThrow(
      /11 weights given for layers \[3, 3, 1\], which take 16/,
    );
  });
});

describe('the training job', () => {
  const model = koikoiValueModel({ player: 'greedy', hidden: [8], fadeStart: 1, fadeChunks: 2 });
  const options = (chunks: number): JobOptions => ({
    seed: 't',
    chunks,
    examplesPerChunk: 120,
    heldOut: 60,
    epochs: 2,
    batch: 16,
    rate: 1e-3,
    halfLife: 2,
    decay: 1e-5,
  });
  const withoutTimes = (c: Checkpoint) => ({
    ...c,
    seconds: 0,
    curve: c.curve.map((p) => ({ ...p, seconds: 0 })),
  });

  it('resumed from its checkpoint, ends with the weights of one run', () => {
    const whole = runJob(model, options(3), join(dir, 'whole'));
    runJob(model, options(1), join(dir, 'parts'));
    const resumed = runJob(model, options(3), join(dir, 'parts'));
    expect(whole.chunk).toBe(3);
    expect(whole.curve.map((p) => p.oracle)).toEqual([1, 0.5, 0]);
    expect(withoutTimes(resumed)).toEqual(withoutTimes(whole));
    // The oracle is kept as the fade begins: the network after chunk 1.
    const oracle = readCheckpoint(join(dir, 'whole'), ORACLE_CHECKPOINT)!;
    expect(oracle.chunk).toBe(1);
    expect(oracle.weights).toBe(readCheckpoint(join(dir, 'parts'), ORACLE_CHECKPOINT)!.weights);
    expect(oracle.weights).not.toBe(whole.weights);
  });

  it('learns: the held-out loss falls below the first chunk and well below the zero reference', () => {
    const c = runJob(
      koikoiValueModel({ player: 'greedy', hidden: [32], fadeStart: 100, fadeChunks: 1 }),
      { ...options(4), examplesPerChunk: 10_000, heldOut: 8000, epochs: 1, rate: 3e-4 },
      join(dir, 'learns'),
    );
    const zero = c.references[0].loss;
    expect(c.curve.at(-1)!.heldOutLoss).toBeLessThan(c.curve[0].heldOutLoss);
    expect(c.curve.at(-1)!.heldOutLoss).toBeLessThan(0.93 * zero);
  });

  it('refuses to resume a checkpoint of other settings, saying which', () => {
    const other = koikoiValueModel({ player: 'random', hidden: [8], fadeStart: 1, fadeChunks: 2 });
    expect(() => runJob(other, options(4), join(dir, 'whole'))).toThrow(
      /"player":"greedy".*"player":"random"/,
    );
    expect(readCheckpoint(join(dir, 'whole'))!.chunk).toBe(3);
  });

  it('runs from the command line: the smoke configuration, and a clear refusal', () => {
    const cli = fileURLToPath(new URL('../dist/train-koikoi.js', import.meta.url));
    const smoke = spawnSync(process.execPath, [cli, '--model', 'value', '--smoke'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(smoke.status).toBe(0);
    expect(smoke.stdout).toMatch(
      /chunk 3: \d+ examples, train loss [\d.]+, held-out [\d.]+, oracle inputs ×0\.00/,
    );
    const bad = spawnSync(process.execPath, [cli, '--model', 'policy'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--model must be one of value');
    const json = readFileSync(join(dir, 'whole', 'checkpoint.json'), 'utf8');
    expect(JSON.parse(json).model).toBe('koikoi-value');
  });
});
