/**
 * Drives a public game module and its fast path side by side (tests only): the same deal,
 * the same random decisions; after every step the legal moves must agree, and at the end
 * of the round the captures and the round scores. Interchangeable chaff (docs/rules.md §1) are
 * compared as one card: which twin a capture takes is no decision and no score.
 */
import { expect } from 'vitest';
import {
  type Action,
  type GameModule,
  type OptionSpec,
  type RngState,
  cardId,
  randomInt,
  seedRng,
} from '../../src/index.js';

/** What the cross-check needs of a fast simulator. */
export interface FastSim {
  readonly over: boolean;
  readonly toMove: number;
  readonly scores: Int32Array;
  readonly captured: Int32Array;
  legalMoves(out: Int32Array): number;
  play(move: number): void;
  toAction(move: number): Action;
}

const canonCard = (id: string): string => id.replace(/-chaff-2$/, '-chaff-1');

export function canonAction(a: Action): string {
  const out: Record<string, unknown> = { ...a };
  for (const key of ['play', 'take'] as const)
    if (typeof out[key] === 'string') out[key] = canonCard(out[key] as string);
  if (Array.isArray(out.dealerTake)) out.dealerTake = (out.dealerTake as string[]).map(canonCard).sort();
  return JSON.stringify(
    Object.keys(out)
      .sort()
      .map((k) => [k, out[k]]),
  );
}

/** The cards of seat `seat` in a per-seat (lo, hi) bitset array, as canonical ids. */
export function setCards(words: Int32Array, seat: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < 49; c++) {
    const word = words[2 * seat + (c >> 5)];
    if ((word >>> (c & 31)) & 1) out.push(canonCard(cardId(c)));
  }
  return out.sort();
}

/** Random house rules from a game's option specs (the game length and other open-ended numbers are left alone). */
export function randomOptions(specs: readonly OptionSpec[], rng: RngState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    if (spec.kind === 'enum') out[spec.name] = spec.values[randomInt(rng, spec.values.length)];
    if (spec.kind === 'boolean') out[spec.name] = randomInt(rng, 2) === 1;
    if (spec.kind === 'integer' && spec.max !== undefined)
      out[spec.name] = spec.min + randomInt(rng, spec.max - spec.min + 1);
  }
  return out;
}

export interface CheckCase<S> {
  readonly game: GameModule<S>;
  readonly start: S;
  /** A fresh simulator at the position of a public state. */
  readonly load: (state: S) => FastSim;
  /** Public captures and, once over, the round's scores (per side). */
  readonly captured: (state: S) => readonly (readonly number[])[];
  readonly scores: (state: S) => readonly number[];
  readonly policySeed: string;
  /** Chance (in 1/8) to reload the simulator from the public state before a step. */
  readonly reloadEighths?: number;
  /** Counts the public event types seen, so a test can show the rare rules were reached. */
  readonly seen?: Map<string, number>;
}

/** Plays one round both ways; returns the number of decisions. */
export function crossCheck<S>(c: CheckCase<S>): number {
  const rng = seedRng(c.policySeed);
  const buffer = new Int32Array(256);
  let state = c.start;
  let fast = c.load(state);
  let steps = 0;
  while (!fast.over) {
    if (randomInt(rng, 8) < (c.reloadEighths ?? 2)) fast = c.load(state);
    expect(fast.toMove).toBe(c.game.toMove(state));
    const n = fast.legalMoves(buffer);
    const legal = c.game.legalActions(state);
    const fastKeys = Array.from(buffer.subarray(0, n), (m) => canonAction(fast.toAction(m)));
    expect(new Set(fastKeys).size, 'fast moves are distinct').toBe(n);
    expect(fastKeys.sort()).toEqual([...new Set(legal.map(canonAction))].sort());
    const move = buffer[randomInt(rng, n)];
    const key = canonAction(fast.toAction(move));
    const action = legal.find((a) => canonAction(a) === key)!;
    const next = c.game.apply(state, action);
    if (!next.ok) throw new Error(`public apply refused ${JSON.stringify(action)}: ${next.error.message}`);
    state = next.value.state;
    for (const e of next.value.events)
      c.seen?.set(e.public.type as string, (c.seen.get(e.public.type as string) ?? 0) + 1);
    fast.play(move);
    steps++;
  }
  expect(c.game.toMove(state), 'the public round is over too').toBe(null);
  const publicCaptured = c
    .captured(state)
    .map((cards) => cards.map((card) => canonCard(cardId(card))).sort());
  expect(publicCaptured.map((_, seat) => setCards(fast.captured, seat))).toEqual(publicCaptured);
  expect(Array.from(fast.scores)).toEqual([...c.scores(state)]);
  return steps;
}
