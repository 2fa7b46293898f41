/**
 * A small multilayer perceptron's forward pass: ReLU between layers, the output linear or a
 * sigmoid per unit. It is what the learned Koi-Koi models compute at play time, and what
 * their training (packages/bench, `npm run train:koikoi`) differentiates. Float64 throughout,
 * in one fixed order of operations, so that the same weights give the same numbers in
 * training, in a bot and on any machine.
 */

export type MlpOutput = 'linear' | 'sigmoid';

export interface Mlp {
  /** Units per layer, the inputs first, the outputs last. */
  readonly sizes: readonly number[];
  readonly output: MlpOutput;
  /** Per layer l (sizes[l] → sizes[l + 1]): its weights row by row (an output's row of inputs), then its biases. */
  readonly weights: Float64Array;
}

/**
 * Weights as shipped: the layers' sizes, the output, and the weights as little-endian
 * Float32s in base64 (half the text of Float64s; training keeps Float64 in its checkpoints,
 * and the shipped network is these rounded weights, read back as Float64).
 */
export interface MlpData {
  readonly sizes: readonly number[];
  readonly output: MlpOutput;
  readonly weights: string;
}

/** The number of weights and biases of a network of these layer sizes. */
export function mlpParameterCount(sizes: readonly number[]): number {
  if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 4096))
    throw new Error(`mlp: layer sizes must be whole numbers from 1 to 4096, not [${sizes.join(', ')}]`);
  let n = 0;
  for (let l = 0; l + 1 < sizes.length; l++) n += sizes[l + 1] * (sizes[l] + 1);
  return n;
}

/** The indices of a layer's nonzero inputs (no layer here is wider than this). */
const nonzero = new Int32Array(4096);

/** One buffer per layer after the inputs, for `mlpForward` to write each layer's units into. */
export function mlpBuffers(sizes: readonly number[]): Float64Array[] {
  return sizes.slice(1).map((n) => new Float64Array(n));
}

/**
 * The network's outputs for `input` (its length is sizes[0]), written into `buffers`' last
 * buffer and returned; the hidden layers' units (after ReLU) stay in the others, which is
 * what the training's backward pass reads. `offset`, when given, is added to the outputs
 * before the sigmoid (a prior's logits, which the network then learns to correct).
 */
export function mlpForward(
  net: Mlp,
  input: ArrayLike<number>,
  buffers: Float64Array[] = mlpBuffers(net.sizes),
  offset?: ArrayLike<number>,
): Float64Array {
  const { sizes, weights } = net;
  let at = 0;
  let x: ArrayLike<number> = input;
  const last = sizes.length - 2;
  for (let l = 0; l <= last; l++) {
    const n = sizes[l];
    const m = sizes[l + 1];
    const y = buffers[l];
    const biases = at + m * n;
    // A position's inputs are mostly zeros, and so are half the units after ReLU: each sum
    // skips them (a zero term adds nothing), in the same order, so the result is the dense one.
    let count = 0;
    for (let i = 0; i < n; i++) if (x[i] !== 0) nonzero[count++] = i;
    for (let j = 0; j < m; j++) {
      let s = weights[biases + j] + (l === last && offset ? offset[j] : 0);
      const row = at + j * n;
      for (let k = 0; k < count; k++) {
        const i = nonzero[k];
        s += weights[row + i] * x[i];
      }
      y[j] = l < last ? (s > 0 ? s : 0) : net.output === 'sigmoid' ? 1 / (1 + Math.exp(-s)) : s;
    }
    at = biases + m;
    x = y;
  }
  return buffers[last];
}

/** Weights as little-endian Float32s in base64, and back: weights shipped as text in a module. */
export function encodeFloat32(values: Float64Array): string {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function decodeFloat32(base64: string): Float64Array {
  const text = atob(base64);
  const view = new DataView(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) view.setUint8(i, text.charCodeAt(i));
  const out = new Float64Array(text.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** The network of shipped weights, refused in one sentence if their count does not fit the sizes. */
export function decodeMlp(data: MlpData): Mlp {
  const weights = decodeFloat32(data.weights);
  const expected = mlpParameterCount(data.sizes);
  if (weights.length !== expected)
    throw new Error(
      `mlp: ${weights.length} weights given for layers [${data.sizes.join(', ')}], which take ${expected}`,
    );
  return { sizes: data.sizes, output: data.output, weights };
}
