/**
 * A training job that runs in chunks and resumes: each chunk makes its own examples (fresh
 * self-play, deterministic for the job's seed and the chunk's number), takes `epochs` passes
 * of minibatches over them, measures the held-out loss and writes the checkpoint (the weights,
 * Adam's moments, the loss curve) before the next chunk. A job stopped at any point resumes
 * from its last checkpoint, and N chunks in one run or in several give the same weights,
 * moments and losses (only the CPU seconds it records differ).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Mlp, type MlpOutput, mlpBuffers } from '@hanafuda/bots';
import { randomInt, seedRng } from '@hanafuda/engine';
import { type AdamState, type Example, addGradient, adamStep, initialWeights, meanLoss } from './fit.js';

/** What a job trains: the network's shape and where its examples come from. */
export interface TrainingModel {
  readonly name: string;
  readonly sizes: readonly number[];
  readonly output: MlpOutput;
  /** What else decides its examples (the self-play's bot, say): a checkpoint resumes only under the same. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Chunk `chunk`'s examples, `count` of them or about (deterministic for `seed` and `chunk`). */
  examples(seed: string, chunk: number, count: number): Example[];
  /** Inputs faded out as the job goes (an oracle's): the range, and the chunks it takes to fade them after `start`. */
  readonly fade?: {
    readonly from: number;
    readonly to: number;
    readonly start: number;
    readonly chunks: number;
  };
  /** Reference losses on the held-out examples (a constant's, a hand-made model's): what the network must beat. */
  references?(heldOut: readonly Example[]): { readonly name: string; readonly loss: number }[];
}

export interface JobOptions {
  readonly seed: string;
  /** Chunks the job has done when this run stops (a resumed job counts those before). */
  readonly chunks: number;
  readonly examplesPerChunk: number;
  readonly heldOut: number;
  readonly epochs: number;
  readonly batch: number;
  readonly rate: number;
  /** Chunks over which the rate halves (the minibatches' noise settles as the job goes), down to a twentieth. */
  readonly halfLife: number;
  readonly decay: number;
}

/** Adam's rate in chunk `chunk`. */
export const chunkRate = (o: JobOptions, chunk: number): number =>
  o.rate * Math.max(0.05, 0.5 ** ((chunk - 1) / o.halfLife));

/** A point of the loss curve: after chunk `chunk`. */
export interface CurvePoint {
  readonly chunk: number;
  readonly examples: number;
  readonly trainLoss: number;
  readonly heldOutLoss: number;
  /** The faded inputs' scale in this chunk (1 where nothing fades). */
  readonly oracle: number;
  /** CPU seconds of this chunk (its examples and its training). */
  readonly seconds: number;
}

export interface Checkpoint {
  readonly model: string;
  readonly sizes: readonly number[];
  readonly output: MlpOutput;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly options: JobOptions;
  readonly chunk: number;
  readonly step: number;
  /** Float64s, little-endian base64: the weights and Adam's moments, exact. */
  readonly weights: string;
  readonly m: string;
  readonly v: string;
  readonly curve: CurvePoint[];
  readonly references: { readonly name: string; readonly loss: number }[];
  /** CPU seconds of all chunks so far. */
  readonly seconds: number;
}

const b64 = (a: Float64Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
const f64 = (s: string): Float64Array => {
  const bytes = Buffer.from(s, 'base64');
  return new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

/** The scale of the faded inputs in chunk `chunk` (numbered from 1): 1 before the fade starts, 0 once it is done. */
export function fadeScale(model: TrainingModel, chunk: number): number {
  const f = model.fade;
  if (!f) return 1;
  return Math.min(1, Math.max(0, 1 - (chunk - f.start) / f.chunks));
}

/** A copy of `input` with the faded range's inputs weighed `scale`: how a network at that point of the fade reads them. */
export function fadedInput(
  input: Float64Array,
  range: { readonly from: number; readonly to: number },
  scale: number,
): Float64Array {
  const out = input.slice();
  for (let i = range.from; i < range.to; i++) out[i] *= scale;
  return out;
}

function scaled(examples: readonly Example[], model: TrainingModel, scale: number): Example[] {
  const f = model.fade;
  if (!f || scale === 1) return examples.slice();
  return examples.map((e) => ({ ...e, input: fadedInput(e.input, f, scale) }));
}

export const CHECKPOINT = 'checkpoint.json';
/** The network as the fade starts (with the hidden inputs still whole): the oracle, kept beside the student. */
export const ORACLE_CHECKPOINT = 'oracle.json';

function write(path: string, c: Checkpoint): void {
  writeFileSync(`${path}.part`, `${JSON.stringify(c, null, 1)}\n`);
  renameSync(`${path}.part`, path);
}

export function readCheckpoint(dir: string, file = CHECKPOINT): Checkpoint | null {
  const path = join(dir, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Checkpoint) : null;
}

/** The network a checkpoint holds. */
export function checkpointNet(c: Checkpoint): Mlp {
  return { sizes: c.sizes, output: c.output, weights: f64(c.weights) };
}

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * Runs the job in `dir` until `options.chunks` chunks are done, resuming from the checkpoint
 * there if it has one (whose options must then match, but for `chunks`); `report` is told of
 * each chunk. Returns the last checkpoint.
 */
export function runJob(
  model: TrainingModel,
  options: JobOptions,
  dir: string,
  report: (line: string) => void = () => {},
): Checkpoint {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, CHECKPOINT);
  let c = readCheckpoint(dir);
  if (c) {
    const job = (name: string, o: JobOptions, sizes: readonly number[], settings: object) =>
      JSON.stringify({ name, o: { ...o, chunks: 0 }, sizes, settings });
    if (
      job(c.model, c.options, c.sizes, c.settings) !== job(model.name, options, model.sizes, model.settings)
    )
      throw new Error(
        `training: ${path} holds a ${c.model} job of layers [${c.sizes.join(', ')}], ${JSON.stringify(c.settings)}, options ${JSON.stringify(c.options)}; ` +
          `this run asks ${model.name} [${model.sizes.join(', ')}], ${JSON.stringify(model.settings)}, ${JSON.stringify(options)} (another --dir, or the same settings)`,
      );
    report(`resuming ${model.name} from chunk ${c.chunk} of ${path}`);
  }
  const started = cpuSeconds();
  const heldOut = model.examples(`${options.seed}:held-out`, 0, options.heldOut);
  const references = model.references?.(heldOut) ?? [];
  if (!c) {
    const initial = initialWeights(model.sizes, seedRng(`${options.seed}:init`));
    c = {
      model: model.name,
      sizes: model.sizes,
      output: model.output,
      settings: model.settings,
      options,
      chunk: 0,
      step: 0,
      weights: b64(initial),
      m: b64(new Float64Array(initial.length)),
      v: b64(new Float64Array(initial.length)),
      curve: [],
      references,
      seconds: 0,
    };
  }
  const net: Mlp = checkpointNet(c);
  const weights = net.weights as Float64Array;
  const adam: AdamState = { m: f64(c.m), v: f64(c.v), step: c.step };
  const grad = new Float64Array(weights.length);
  const buffers = mlpBuffers(model.sizes);
  for (let chunk = c.chunk + 1; chunk <= options.chunks; chunk++) {
    const t0 = cpuSeconds();
    const scale = fadeScale(model, chunk);
    if (model.fade && chunk === model.fade.start + 1)
      write(join(dir, ORACLE_CHECKPOINT), { ...c, options: { ...options, chunks: c.chunk } });
    const train = scaled(model.examples(options.seed, chunk, options.examplesPerChunk), model, scale);
    const order = train.map((_, i) => i);
    const rng = seedRng(`${options.seed}:order:${chunk}`);
    const rate = chunkRate(options, chunk);
    let trainLoss = 0;
    for (let epoch = 0; epoch < options.epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = randomInt(rng, i + 1);
        [order[i], order[j]] = [order[j], order[i]];
      }
      trainLoss = 0;
      for (let at = 0; at < order.length; at += options.batch) {
        grad.fill(0);
        const end = Math.min(at + options.batch, order.length);
        for (let k = at; k < end; k++) trainLoss += addGradient(net, train[order[k]], grad, buffers);
        adamStep(weights, grad, end - at, adam, { rate, decay: options.decay });
      }
    }
    const point: CurvePoint = {
      chunk,
      examples: train.length,
      trainLoss: trainLoss / Math.max(train.length, 1),
      heldOutLoss: meanLoss(net, scaled(heldOut, model, scale)),
      oracle: scale,
      seconds: Math.round((cpuSeconds() - t0) * 10) / 10,
    };
    c = {
      ...c,
      options,
      references,
      chunk,
      step: adam.step,
      weights: b64(weights),
      m: b64(adam.m),
      v: b64(adam.v),
      curve: [...c.curve, point],
      seconds: Math.round((c.seconds + point.seconds) * 10) / 10,
    };
    write(path, c);
    report(
      `chunk ${chunk}: ${point.examples} examples, train loss ${point.trainLoss.toFixed(4)}, held-out ${point.heldOutLoss.toFixed(4)}` +
        `${model.fade ? `, oracle inputs ×${scale.toFixed(2)}` : ''} (${point.seconds} s; ${(c.seconds / 3600).toFixed(2)} CPU-hours in all)`,
    );
  }
  report(`${c.chunk} chunks done in ${((cpuSeconds() - started) / 60).toFixed(1)} CPU-minutes this run`);
  return c;
}
