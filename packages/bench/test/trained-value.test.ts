/**
 * The value network's committed checkpoints (packages/bench/training/koikoi-value, written by
 * `npm run train:koikoi -- --model value`): they load, and they predict rounds they were not
 * trained on (another seed, another player) better than zero; while a network reads the
 * oracle's inputs, the rollout's margin among them, far better, and about as well as that
 * rollout or better.
 */
import { fileURLToPath } from 'node:url';
import { botByName, mlpForward } from '@hanafuda/bots';
import { describe, expect, it } from 'vitest';
import {
  ORACLE_CHECKPOINT,
  type Checkpoint,
  checkpointNet,
  fadedInput,
  readCheckpoint,
} from '../src/training/job.js';
import { VALUE_ORACLE_INPUTS, valueExamplesOfRound } from '../src/training/koikoi-value.js';

const dir = fileURLToPath(new URL('../training/koikoi-value', import.meta.url));

describe("the value network's checkpoints", () => {
  const examples = Array.from({ length: 150 }, (_, r) =>
    valueExamplesOfRound(botByName('greedy')!, `checkpoint-test:${r}`),
  ).flat();
  const loss = (guess: (i: number) => number) =>
    examples.reduce((s, e, i) => s + 0.5 * (e.target[0] - guess(i)) ** 2, 0) / examples.length;
  /** The loss of a checkpoint's network with the oracle's inputs weighed `scale`, as it was trained. */
  const lossOf = (c: Checkpoint, scale: number) => {
    const net = checkpointNet(c);
    return loss((i) => mlpForward(net, fadedInput(examples[i].input, VALUE_ORACLE_INPUTS, scale))[0]);
  };
  const byRollout = () => loss((i) => examples[i].rollout);

  it('the job: read as its last chunk was trained, better than zero, and no worse than the rollout while it reads it', () => {
    const checkpoint = readCheckpoint(dir);
    expect(checkpoint).not.toBeNull();
    expect(checkpoint!.model).toBe('koikoi-value');
    // The oracle's inputs are faded out as the job goes: the last chunk's weight is the one it reads them at.
    const scale = checkpoint!.curve.at(-1)?.oracle ?? 1;
    const byNet = lossOf(checkpoint!, scale);
    // Once faded out whole, the network sees the view alone: the round's draws are still to come, so it
    // does little better than zero, and the rollout (every card known) is no fair bar.
    if (scale === 0) expect(byNet).toBeLessThan(loss(() => 0));
    else {
      expect(byNet).toBeLessThan(0.7 * loss(() => 0));
      expect(byNet).toBeLessThan(1.05 * byRollout());
    }
  });

  it('the oracle kept as the fade began: every card read, no worse than the rollout', () => {
    const oracle = readCheckpoint(dir, ORACLE_CHECKPOINT);
    expect(oracle).not.toBeNull();
    expect(oracle!.curve.at(-1)?.oracle).toBe(1);
    expect(lossOf(oracle!, 1)).toBeLessThan(1.05 * byRollout());
  });
});
