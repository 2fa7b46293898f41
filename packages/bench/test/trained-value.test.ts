/**
 * The value network's committed checkpoint (packages/bench/training/koikoi-value, written by
 * `npm run train:koikoi -- --model value`): it loads, and it predicts rounds it was not
 * trained on (another seed, another player) better than zero and about as well as the
 * rollout it corrects, or better.
 */
import { fileURLToPath } from 'node:url';
import { botByName, mlpForward } from '@hanafuda/bots';
import { describe, expect, it } from 'vitest';
import { checkpointNet, readCheckpoint } from '../src/training/job.js';
import { valueExamplesOfRound } from '../src/training/koikoi-value.js';

const dir = fileURLToPath(new URL('../training/koikoi-value', import.meta.url));

describe("the value network's checkpoint", () => {
  it('loads, and predicts greedy rounds far better than zero and no worse than the rollout', () => {
    const checkpoint = readCheckpoint(dir);
    expect(checkpoint).not.toBeNull();
    expect(checkpoint!.model).toBe('koikoi-value');
    const net = checkpointNet(checkpoint!);
    const examples = Array.from({ length: 150 }, (_, r) =>
      valueExamplesOfRound(botByName('greedy')!, `checkpoint-test:${r}`),
    ).flat();
    const loss = (guess: (i: number) => number) =>
      examples.reduce((s, e, i) => s + 0.5 * (e.target[0] - guess(i)) ** 2, 0) / examples.length;
    const byNet = loss((i) => mlpForward(net, examples[i].input)[0]);
    const byRollout = loss((i) => examples[i].rollout);
    expect(byNet).toBeLessThan(0.7 * loss(() => 0));
    expect(byNet).toBeLessThan(1.05 * byRollout);
  });
});
