/**
 * The training of Koi-Koi's learned rollout policy (packages/bots/src/search/koikoi-features.ts):
 * decisions of self-play rounds, each candidate labelled by the search's value of it, and a
 * conditional logit (a softmax over a decision's candidates of a linear score) fitted to
 * those values by minibatch gradient descent. Deterministic for a seed.
 */
import {
  type BotView,
  KOIKOI_POLICY_FEATURES,
  type PolicyExample,
  greedyChoice,
  koikoiPolicyExample,
} from '@hanafuda/bots';
import { type KoiKoiView, koikoi, nextUint32, randomInt, seedRng } from '@hanafuda/engine';

export interface ExampleOptions {
  /** Rounds of self-play (the first round of a game of the default length, played by the greedy bot). */
  readonly rounds: number;
  /** Samples per candidate of the labelling search (every candidate on the same samples). */
  readonly samples: number;
  /** Share of the self-play's moves played at random, for positions greedy alone never reaches. */
  readonly explore: number;
  readonly seed: string;
  /** Label with searches whose rollouts play the learned policy (the weights built in), not the hand-written one. */
  readonly learned: boolean;
}

/** Labelled decisions of round `round` (one list per round, so that a split keeps a round's decisions together). */
export function roundExamples(round: number, options: ExampleOptions): PolicyExample[] {
  const seed = `${options.seed}:train:${round}`;
  const start = koikoi.newGame({ players: 2, seed });
  if (!start.ok) throw new Error(start.error.message);
  const play = seedRng(`${seed}:play`);
  const label = seedRng(`${seed}:label`);
  let state = start.value.state;
  const examples: PolicyExample[] = [];
  for (let seat = koikoi.toMove(state); seat !== null; seat = koikoi.toMove(state)) {
    const view = koikoi.view(state, seat) as KoiKoiView;
    if (view.round > 1) break;
    const example = koikoiPolicyExample(view, label, options.samples, options.learned);
    if (example) examples.push(example);
    const random = nextUint32(play) / 2 ** 32 < options.explore;
    const action = random
      ? view.actions[randomInt(play, view.actions.length)]
      : greedyChoice(view as BotView);
    const next = koikoi.apply(state, action);
    if (!next.ok) throw new Error(`self-play's action was refused: ${next.error.message}`);
    state = next.value.state;
  }
  return examples;
}

/** A decision as the fit sees it: features scaled, and the target distribution over its candidates. */
interface Row {
  readonly x: Float64Array[];
  readonly target: Float64Array;
  /** The candidate the values rank first (the first of equals). */
  readonly best: number;
}

const argmax = (xs: ArrayLike<number>): number => {
  let top = 0;
  for (let i = 1; i < xs.length; i++) if (xs[i] > xs[top]) top = i;
  return top;
};

/** Softmax of `xs / temperature` (temperature 0: all on the first maximum). */
function softmax(xs: ArrayLike<number>, temperature: number): Float64Array {
  const out = new Float64Array(xs.length);
  if (temperature === 0) {
    out[argmax(xs)] = 1;
    return out;
  }
  let top = -Infinity;
  for (let i = 0; i < xs.length; i++) top = Math.max(top, xs[i] / temperature);
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += out[i] = Math.exp(xs[i] / temperature - top);
  for (let i = 0; i < xs.length; i++) out[i] /= sum;
  return out;
}

export interface FitOptions {
  readonly epochs: number;
  /** The targets: softmax of the candidates' values over this many points (0: the best candidate alone). */
  readonly temperature: number;
  /** The first epoch's step (each later epoch's is 0.9 times the one before), with momentum 0.9. */
  readonly rate: number;
  readonly batch: number;
  /** L2 penalty on the scaled weights. */
  readonly l2: number;
  /** Share of the rounds held out (the last ones). */
  readonly heldOut: number;
  readonly seed: string;
}

export interface EpochFigures {
  readonly epoch: number;
  readonly trainLoss: number;
  readonly trainAccuracy: number;
  readonly heldOutLoss: number;
  readonly heldOutAccuracy: number;
}

export interface Fit {
  /** One per feature, in the order of KOIKOI_POLICY_FEATURES, for the unscaled features. */
  readonly weights: number[];
  readonly curve: EpochFigures[];
  readonly train: number;
  readonly heldOut: number;
  /** Held-out accuracy of `reference` weights (the hand-written policy's), the figure to beat. */
  readonly referenceAccuracy: number;
}

/** Cross-entropy of the model's softmax against the target, and whether its top candidate is the values' best. */
function evaluate(w: Float64Array, row: Row, grad?: Float64Array): { loss: number; hit: boolean } {
  const scores = row.x.map((x) => x.reduce((s, v, i) => s + v * w[i], 0));
  const p = softmax(scores, 1);
  let loss = 0;
  for (let a = 0; a < p.length; a++)
    if (row.target[a] > 0) loss -= row.target[a] * Math.log(Math.max(p[a], 1e-300));
  if (grad)
    for (let a = 0; a < p.length; a++)
      for (let i = 0; i < w.length; i++) grad[i] += (p[a] - row.target[a]) * row.x[a][i];
  return { loss, hit: argmax(scores) === row.best };
}

function figures(w: Float64Array, rows: readonly Row[]): { loss: number; accuracy: number } {
  let loss = 0;
  let hits = 0;
  for (const row of rows) {
    const e = evaluate(w, row);
    loss += e.loss;
    if (e.hit) hits++;
  }
  return { loss: loss / rows.length, accuracy: hits / rows.length };
}

/**
 * Fits the weights to the rounds' examples: features scaled by their spread over all
 * candidates (no centring: a shift common to a decision's candidates cancels in its
 * softmax), weights from zero, minibatches in a seeded order, the last rounds held out.
 */
export function fitPolicy(
  rounds: readonly PolicyExample[][],
  options: FitOptions,
  reference: readonly number[],
  onEpoch?: (e: EpochFigures) => void,
): Fit {
  const count = KOIKOI_POLICY_FEATURES.length;
  const all = rounds.flat();
  const scale = new Float64Array(count);
  let candidates = 0;
  for (const ex of all) {
    for (const f of ex.features) for (let i = 0; i < count; i++) scale[i] += f[i] * f[i];
    candidates += ex.features.length;
  }
  for (let i = 0; i < count; i++) scale[i] = Math.sqrt(scale[i] / Math.max(candidates, 1)) || 1;
  const rowOf = (ex: PolicyExample): Row => ({
    x: ex.features.map((f) => Float64Array.from(f, (v, i) => v / scale[i])),
    target: softmax(ex.values, options.temperature),
    best: argmax(ex.values),
  });
  const split = rounds.length - Math.round(rounds.length * options.heldOut);
  const train = rounds.slice(0, split).flat().map(rowOf);
  const held = rounds.slice(split).flat().map(rowOf);
  if (train.length === 0) throw new Error('training: no decisions to train on (more --rounds?)');
  const w = new Float64Array(count);
  const velocity = new Float64Array(count);
  const grad = new Float64Array(count);
  const order = train.map((_, i) => i);
  const rng = seedRng(`${options.seed}:fit`);
  const curve: EpochFigures[] = [];
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    // A step that shrinks by epoch: the minibatches' noise settles instead of shaking the weights to the end.
    const rate = options.rate * 0.9 ** (epoch - 1);
    for (let i = order.length - 1; i > 0; i--) {
      const j = randomInt(rng, i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let at = 0; at < order.length; at += options.batch) {
      grad.fill(0);
      const end = Math.min(at + options.batch, order.length);
      for (let k = at; k < end; k++) evaluate(w, train[order[k]], grad);
      for (let i = 0; i < count; i++) {
        velocity[i] = 0.9 * velocity[i] - rate * (grad[i] / (end - at) + options.l2 * w[i]);
        w[i] += velocity[i];
      }
    }
    const t = figures(w, train);
    const h = held.length > 0 ? figures(w, held) : { loss: NaN, accuracy: NaN };
    const e = {
      epoch,
      trainLoss: t.loss,
      trainAccuracy: t.accuracy,
      heldOutLoss: h.loss,
      heldOutAccuracy: h.accuracy,
    };
    curve.push(e);
    onEpoch?.(e);
  }
  const scaledReference = Float64Array.from(reference, (v, i) => v * scale[i]);
  return {
    weights: Array.from(w, (v, i) => v / scale[i]),
    curve,
    train: train.length,
    heldOut: held.length,
    referenceAccuracy: held.length > 0 ? figures(scaledReference, held).accuracy : NaN,
  };
}
