/**
 * Training an MLP of packages/bots (search/mlp.ts): the backward pass of its forward pass,
 * and Adam. Written here rather than taken from a library because the checkpoints must be
 * byte-identical for a seed across runs and resumes: the JavaScript tensor libraries either
 * compute in float32 with backend-dependent kernels (@tensorflow/tfjs) or need a native
 * binary (@tensorflow/tfjs-node); this network is two small dense layers, and Float64
 * arithmetic in one fixed order is deterministic.
 */
import { type Mlp, mlpBuffers, mlpForward, mlpParameterCount } from '@hanafuda/bots';
import { type RngState, nextUint32 } from '@hanafuda/engine';

/** An input and what the network should give for it. */
export interface Example {
  readonly input: Float64Array;
  readonly target: Float64Array;
  /** Added to the outputs before their activation (mlpForward's `offset`): a prior the network corrects. */
  readonly offset?: Float64Array;
}

/**
 * The loss of a linear output is half the squared error; of a sigmoid output, the
 * cross-entropy per unit. Both give the output's gradient `y − t`.
 */
export function exampleLoss(net: Mlp, y: ArrayLike<number>, target: ArrayLike<number>): number {
  let loss = 0;
  for (let j = 0; j < target.length; j++) {
    if (net.output === 'linear') loss += 0.5 * (y[j] - target[j]) ** 2;
    else {
      const p = Math.min(Math.max(y[j], 1e-12), 1 - 1e-12);
      loss -= target[j] * Math.log(p) + (1 - target[j]) * Math.log(1 - p);
    }
  }
  return loss;
}

/** A standard normal deviate from the stream (Box–Muller). */
function gaussian(rng: RngState): number {
  const u = (nextUint32(rng) + 1) / 2 ** 32;
  const v = nextUint32(rng) / 2 ** 32;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** He-initialised weights (ReLU layers), zero biases, drawn from `rng`. */
export function initialWeights(sizes: readonly number[], rng: RngState): Float64Array {
  const w = new Float64Array(mlpParameterCount(sizes));
  let at = 0;
  for (let l = 0; l + 1 < sizes.length; l++) {
    const n = sizes[l];
    const m = sizes[l + 1];
    const sd = Math.sqrt(2 / n);
    for (let k = 0; k < m * n; k++) w[at + k] = gaussian(rng) * sd;
    at += m * n + m;
  }
  return w;
}

/** Adds one example's gradient to `grad`; returns its loss. */
export function addGradient(net: Mlp, example: Example, grad: Float64Array, buffers: Float64Array[]): number {
  const { sizes, weights } = net;
  const y = mlpForward(net, example.input, buffers, example.offset);
  const loss = exampleLoss(net, y, example.target);
  const last = sizes.length - 2;
  // Where each layer's weights start.
  const starts: number[] = [];
  for (let l = 0, at = 0; l <= last; l++) {
    starts.push(at);
    at += sizes[l + 1] * (sizes[l] + 1);
  }
  let delta = Float64Array.from(y, (v, j) => v - example.target[j]);
  for (let l = last; l >= 0; l--) {
    const n = sizes[l];
    const m = sizes[l + 1];
    const x: ArrayLike<number> = l === 0 ? example.input : buffers[l - 1];
    const at = starts[l];
    const below = l > 0 ? new Float64Array(n) : null;
    for (let j = 0; j < m; j++) {
      const d = delta[j];
      if (d === 0) continue;
      const row = at + j * n;
      for (let i = 0; i < n; i++) {
        grad[row + i] += d * x[i];
        if (below) below[i] += weights[row + i] * d;
      }
      grad[at + m * n + j] += d;
    }
    if (below) {
      for (let i = 0; i < n; i++) if (x[i] <= 0) below[i] = 0;
      delta = below;
    }
  }
  return loss;
}

/** Adam's state: the moments and the step count. */
export interface AdamState {
  readonly m: Float64Array;
  readonly v: Float64Array;
  step: number;
}

export interface AdamOptions {
  readonly rate: number;
  /** Decoupled weight decay per step, times the rate (AdamW). */
  readonly decay: number;
}

/** One Adam step (β 0.9, 0.999) on the mean gradient `grad / count`. */
export function adamStep(
  w: Float64Array,
  grad: Float64Array,
  count: number,
  s: AdamState,
  o: AdamOptions,
): void {
  s.step++;
  const c1 = 1 - 0.9 ** s.step;
  const c2 = 1 - 0.999 ** s.step;
  for (let k = 0; k < w.length; k++) {
    const g = grad[k] / count;
    s.m[k] = 0.9 * s.m[k] + 0.1 * g;
    s.v[k] = 0.999 * s.v[k] + 0.001 * g * g;
    w[k] -= o.rate * (s.m[k] / c1 / (Math.sqrt(s.v[k] / c2) + 1e-8) + o.decay * w[k]);
  }
}

/** The mean loss of `net` over `examples`. */
export function meanLoss(net: Mlp, examples: readonly Example[]): number {
  const buffers = mlpBuffers(net.sizes);
  let sum = 0;
  for (const e of examples) sum += exampleLoss(net, mlpForward(net, e.input, buffers, e.offset), e.target);
  return sum / Math.max(examples.length, 1);
}
