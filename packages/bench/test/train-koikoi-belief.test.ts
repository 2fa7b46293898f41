/** `npm run train:koikoi -- --model belief` (src/training/koikoi-belief.ts): its examples, and a job that learns. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KOIKOI_VIEW_INPUTS, botByName, koikoiUnseenInView, mlpParameterCount } from '@hanafuda/bots';
import { afterAll, describe, expect, it } from 'vitest';
import { meanLoss } from '../src/training/fit.js';
import { runJob } from '../src/training/job.js';
import {
  beliefExamplesOfRound,
  koikoiBeliefModel,
  uniformBeliefLoss,
} from '../src/training/koikoi-belief.js';

const dir = mkdtempSync(join(tmpdir(), 'train-koikoi-belief-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CARDS = 48;
const shown = (input: Float64Array, c: number) =>
  [0, 1, 2, 3].some((plane) => input[plane * CARDS + c] === 1);
/** The view's scalars: the opponent's hand size is the third, in eighths; the seat's dealing the ninth. */
const handSize = (input: Float64Array) => Math.round(input[4 * CARDS + 2] * 8);
const deals = (input: Float64Array) => input[4 * CARDS + 8];
const played = (input: Float64Array) =>
  Array.from({ length: CARDS }, (_, c) => c).filter((c) => input[KOIKOI_VIEW_INPUTS + c] === 1);

describe("the belief's examples", () => {
  const greedy = botByName('greedy')!;
  const rounds = ['a', 'b', 'c', 'd', 'e'].map((seed) =>
    beliefExamplesOfRound(greedy, `belief-test-${seed}`),
  );

  it("target the opponent's hand: as many cards as it holds, none the view shows", () => {
    expect(rounds.flat().length).toBeGreaterThan(30);
    for (const e of rounds.flat()) {
      const held = e.target.reduce((s, t) => s + t, 0);
      expect(held).toBe(handSize(e.input));
      for (let c = 0; c < CARDS; c++) if (e.target[c]) expect(shown(e.input, c)).toBe(false);
    }
  });

  it('target the true hand: each card the opponent plays later was in it, and the hand only shrinks', () => {
    let checked = 0;
    for (const round of rounds)
      for (const side of [0, 1]) {
        const mine = round.filter((e) => deals(e.input) === side);
        for (let k = 1; k < mine.length; k++) {
          const [before, after] = [mine[k - 1], mine[k]];
          const newly = played(after.input).filter((c) => !played(before.input).includes(c));
          expect(newly.length).toBeGreaterThan(0);
          for (const c of newly) expect(before.target[c]).toBe(1);
          for (let c = 0; c < CARDS; c++) if (after.target[c]) expect(before.target[c]).toBe(1);
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(20);
  });

  it('give the uniform reference the loss of a network that adds nothing to its prior', () => {
    const model = koikoiBeliefModel({ player: 'greedy', hidden: [4] });
    const zero = {
      sizes: model.sizes,
      output: model.output,
      weights: new Float64Array(mlpParameterCount(model.sizes)),
    };
    const examples = rounds.flat();
    const reference = model.references!(examples)[0];
    expect(meanLoss(zero, examples)).toBeCloseTo(reference.loss, 6);
    // Per unseen card, the uniform belief costs about ln 2 at most (a card held with chance ½).
    const unseen = examples.reduce((s, e) => s + koikoiUnseenInView(e.input), 0);
    const perCard = examples.reduce((s, e) => s + uniformBeliefLoss(e), 0) / unseen;
    expect(perCard).toBeGreaterThan(0.3);
    expect(perCard).toBeLessThan(Math.log(2));
  });
});

describe('the belief job', () => {
  it('learns: the held-out loss falls below the uniform belief', () => {
    const c = runJob(
      koikoiBeliefModel({ player: 'greedy', hidden: [64] }),
      {
        seed: 'b',
        chunks: 4,
        examplesPerChunk: 6000,
        heldOut: 3000,
        epochs: 1,
        batch: 32,
        rate: 1e-3,
        halfLife: 1000,
        decay: 1e-4,
      },
      join(dir, 'learns'),
    );
    const uniform = c.references[0].loss;
    expect(c.curve.at(-1)!.heldOutLoss).toBeLessThan(c.curve[0].heldOutLoss);
    expect(c.curve.at(-1)!.heldOutLoss).toBeLessThan(uniform);
  });

  it('runs from the command line: the smoke configuration', () => {
    const cli = fileURLToPath(new URL('../dist/train-koikoi.js', import.meta.url));
    const smoke = spawnSync(process.execPath, [cli, '--model', 'belief', '--smoke'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(smoke.status).toBe(0);
    expect(smoke.stdout).toMatch(/koikoi-belief: layers \[345, 16, 48\]/);
    expect(smoke.stdout).toMatch(/chunk 3: \d+ examples, train loss [\d.]+, held-out [\d.]+ /);
    expect(smoke.stdout).toMatch(/held-out reference: uniform over the unseen cards .*: [\d.]+/);
  });
});
