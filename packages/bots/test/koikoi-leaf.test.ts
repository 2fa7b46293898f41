/**
 * SearchBudget's `leaf` (search/koikoi-leaf.ts): a value network that corrects each
 * simulation's rollout from a position on its way. Checked with networks whose answer is
 * known: one that gives back the rollout's own margin leaves the search as it was, one that
 * gives zero makes every read simulation an even round.
 */
import { type KoiKoiView, koikoi, nextUint32, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import {
  type BotView,
  KOIKOI_POSITION_INPUTS,
  type LeafValue,
  type Mlp,
  mlpParameterCount,
  searchOutcome,
} from '../src/index.js';
import { game, searchedDecisions } from './support.js';

/** Hand plays of the first round of a 12-round game played by greedy (a round that does not decide the game). */
const views = searchedDecisions(koikoi, { players: 2, seed: 'leaf' }).filter(
  (v) => (v as KoiKoiView).round === 1 && v.phase === 'hand',
) as KoiKoiView[];

const ROLLOUT = KOIKOI_POSITION_INPUTS - 1;

/** [inputs, 2, 1]: relu(x) and relu(−x) of the rollout's margin (in tens), their difference times 10: the margin. */
function rolloutMarginNet(): Mlp {
  const sizes = [KOIKOI_POSITION_INPUTS, 2, 1];
  const w = new Float64Array(mlpParameterCount(sizes));
  w[ROLLOUT] = 1;
  w[KOIKOI_POSITION_INPUTS + ROLLOUT] = -1;
  const out = 2 * KOIKOI_POSITION_INPUTS + 2;
  w[out] = 10;
  w[out + 1] = -10;
  return { sizes, output: 'linear', weights: w };
}

const zeroNet: Mlp = {
  sizes: [KOIKOI_POSITION_INPUTS, 2, 1],
  output: 'linear',
  weights: new Float64Array(mlpParameterCount([KOIKOI_POSITION_INPUTS, 2, 1])),
};

/** [inputs, 16, 1] of small weights from a seed: a network whose answer depends on the whole position. */
function randomNet(): Mlp {
  const sizes = [KOIKOI_POSITION_INPUTS, 16, 1];
  const rng = seedRng('leaf-net');
  const weights = Float64Array.from(
    { length: mlpParameterCount(sizes) },
    () => nextUint32(rng) / 2 ** 32 - 0.5,
  );
  return { sizes, output: 'linear', weights };
}

const budget = { iterations: 120 };
const outcome = (view: BotView, leaf?: LeafValue) =>
  searchOutcome(view, seedRng('leaf'), { ...budget, leaf });

describe("Koi-Koi's value network in the search", () => {
  it('leaves the search as it was when it gives back the rollout’s margin', () => {
    expect(views.length).toBeGreaterThan(6);
    for (const view of views) {
      const plain = outcome(view);
      const read = outcome(view, { net: rolloutMarginNet(), oracle: 1, plies: 0 });
      plain.values.forEach((v, a) => {
        if (v === null) expect(read.values[a]).toBeNull();
        else expect(read.values[a]!.mean).toBeCloseTo(v.mean, 9);
      });
    }
  });

  it('makes every read simulation an even round when it gives zero', () => {
    // The round's first play: every simulation reaches the seat's next hand play.
    const first = views[0];
    expect(first.hand).toHaveLength(8);
    const read = outcome(first, { net: zeroNet, oracle: 1, plies: 0 });
    const plain = outcome(first);
    expect(plain.values.some((v) => v !== null && v.mean !== 0)).toBe(true);
    for (const v of read.values) if (v) expect(v.mean).toBe(0);
  });

  it('reads no position in the round that decides the game, nor with the oracle faded out its rollout', () => {
    const final = { ...views[0], lastRound: views[0].round };
    expect(outcome(final, { net: zeroNet, oracle: 1, plies: 0 })).toEqual(outcome(final));
    // A student (hidden inputs at scale 0) does not see the rollout's margin: the margin net then gives 0.
    const student = outcome(views[0], { net: rolloutMarginNet(), oracle: 0, plies: 0 });
    expect(student.values.filter((v) => v !== null).every((v) => v!.mean === 0)).toBe(true);
  });

  it('stops a student’s simulations at the position it reads, valuing them as before', () => {
    const net = randomNet();
    for (const view of views.slice(0, 4)) {
      // Hidden inputs at a scale too small to move the sums: the rollout runs to the end and the network's answer is the student's.
      const whole = outcome(view, { net, oracle: 1e-300, plies: 0 });
      const student = outcome(view, { net, oracle: 0, plies: 0 });
      expect(student.simulations).toBe(whole.simulations);
      expect(student.moves).toBeLessThan(whole.moves);
      expect(whole.values.some((v) => v !== null && v.mean !== 0)).toBe(true);
      whole.values.forEach((v, a) => {
        if (v === null) expect(student.values[a]).toBeNull();
        else expect(student.values[a]!.mean).toBeCloseTo(v.mean, 9);
      });
    }
  });

  it('refuses a network of another size, and another game', () => {
    const small: Mlp = { sizes: [3, 1], output: 'linear', weights: new Float64Array(4) };
    expect(() => outcome(views[0], { net: small, oracle: 1, plies: 0 })).toThrow(
      `search: a leaf network takes 3 inputs, a Koi-Koi position ${KOIKOI_POSITION_INPUTS}`,
    );
    const sakura = searchedDecisions(game('sakura'), { players: 2, seed: 'leaf' })[0];
    expect(() => outcome(sakura, { net: zeroNet, oracle: 1, plies: 0 })).toThrow(
      "a leaf value network is for Koi-Koi's search only, not sakura's",
    );
  });
});
