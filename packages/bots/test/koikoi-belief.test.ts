/**
 * Koi-Koi's learned belief (search/koikoi-belief.ts): its inputs read the view alone, its prior
 * is the uniform belief, and a search's sampler weighs the opponent's hands by it.
 */
import {
  type Card,
  type KoiKoiState,
  type KoiKoiView,
  STANDARD_DECK,
  card,
  koikoi,
  seedRng,
} from '@hanafuda/engine';
import { KoiKoiFast } from '@hanafuda/engine/fast';
import { describe, expect, it } from 'vitest';
import type { BotView } from '../src/bot.js';
import { greedyBot } from '../src/index.js';
import { BELIEF_INPUTS, beliefOf, encodeBelief } from '../src/search/koikoi-belief.js';
import { determinizeKoiKoi, koikoiBelievingSampler, koikoiSampler } from '../src/search/koikoi.js';
import { type Mlp, mlpParameterCount } from '../src/search/mlp.js';
import { hasCard } from '../src/search/rollout.js';
import { searchOutcome } from '../src/search/search.js';

/** The hand decisions of greedy self-play's first round of game `seed`, with the state behind each view. */
function decisions(seed: string): { view: KoiKoiView; state: KoiKoiState }[] {
  const start = koikoi.newGame({ players: 2, seed });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state as KoiKoiState;
  const out: { view: KoiKoiView; state: KoiKoiState }[] = [];
  for (let seat = koikoi.toMove(state); seat !== null; seat = koikoi.toMove(state)) {
    const view = koikoi.view(state, seat) as KoiKoiView;
    if (view.round > 1) break;
    if (view.phase === 'hand') out.push({ view, state });
    const next = koikoi.apply(
      state,
      greedyBot.choose(koikoi, view as BotView, seedRng(`${seed}:${out.length}`)),
    );
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state as KoiKoiState;
  }
  return out;
}

const encoded = (sim: KoiKoiFast, view: KoiKoiView) => {
  const input = new Float64Array(BELIEF_INPUTS);
  const prior = new Float64Array(48);
  encodeBelief(sim, view.viewer!, view.plays, input, prior);
  return { input, prior };
};

/** A network of zero weights whose output biases are `bias` for `favoured` cards, 0 for the rest: the prior, reweighed. */
function favouring(favoured: readonly Card[], bias: number): Mlp {
  const sizes = [BELIEF_INPUTS, 4, 48];
  const weights = new Float64Array(mlpParameterCount(sizes));
  const biases = weights.length - 48;
  for (const c of favoured) weights[biases + c] = bias;
  return { sizes, output: 'sigmoid', weights };
}

const unseen = (view: KoiKoiView) => {
  const shown = new Set([...view.hand, ...view.field, ...view.captured.flat()].map(card));
  return STANDARD_DECK.filter((c) => !shown.has(c));
};

describe("Koi-Koi's learned belief", () => {
  const positions = ['belief-1', 'belief-3']
    .flatMap(decisions)
    .filter(({ view }) => view.plays.some((p) => p.seat !== view.viewer));

  it('reads the view alone: any deal of the hidden cards gives the inputs of the true one', () => {
    expect(positions.length).toBeGreaterThan(10);
    for (const [i, { view, state }] of positions.entries()) {
      const truth = encoded(KoiKoiFast.fromState(state), view);
      for (let k = 0; k < 3; k++) {
        const dealt = encoded(KoiKoiFast.fromState(determinizeKoiKoi(view, seedRng(`deal:${i}:${k}`))), view);
        expect(Array.from(dealt.input)).toEqual(Array.from(truth.input));
        expect(Array.from(dealt.prior)).toEqual(Array.from(truth.prior));
      }
    }
  });

  it('starts from the uniform belief: the cards the view shows never, the unseen ones sharing the hand', () => {
    for (const { view, state } of positions) {
      const { input, prior } = encoded(KoiKoiFast.fromState(state), view);
      const p = beliefOf(favouring([], 0), input, prior);
      const hidden = new Set(unseen(view));
      const size = view.handSizes[1 - view.viewer!];
      for (let c = 0; c < 48; c++) {
        if (hidden.has(c)) expect(p[c]).toBeCloseTo(size / hidden.size, 9);
        else expect(p[c]).toBeLessThan(1e-9);
      }
    }
  });

  it("marks the opponent's plays: what it played, and the months it left on the field", () => {
    const { view, state } = positions.at(-1)!;
    const { input } = encoded(KoiKoiFast.fromState(state), view);
    const theirs = view.plays.filter((p) => p.seat !== view.viewer);
    for (const p of theirs) expect(input[BELIEF_INPUTS - 3 * 48 + card(p.card)]).toBe(1);
    const passed = (c: Card) => input[BELIEF_INPUTS - 2 * 48 + c] + input[BELIEF_INPUTS - 48 + c];
    // A card of a month on the field at none of its plays was never passed over.
    const months = new Set(theirs.flatMap((p) => p.field.map((f) => card(f) >> 2)));
    for (let c = 0; c < 48; c++) if (!months.has(c >> 2)) expect(passed(c)).toBe(0);
  });
});

describe('Koi-Koi: the opponent hand sampled by a belief', () => {
  const { view } = decisions('belief-2').find(
    ({ view }) => view.plays.filter((p) => p.seat !== view.viewer).length >= 2,
  )!;
  const they = 1 - view.viewer!;
  const favoured = unseen(view).slice(0, 3);
  const share = (sampler: ReturnType<typeof koikoiSampler>, n = 1000) => {
    let held = 0;
    for (let k = 0; k < n; k++) {
      sampler.sample(seedRng(`belief-sample:${k}`));
      held += favoured.filter((c) => hasCard(sampler.world.hands, 2 * they, c)).length;
    }
    return held / (n * favoured.length);
  };

  it('puts the cards the belief rates high in the hand more often than uniform sampling', () => {
    const uniform = share(koikoiSampler(view));
    const believing = share(koikoiBelievingSampler(view, favouring(favoured, 3), null));
    const size = view.handSizes[they];
    expect(uniform).toBeCloseTo(size / unseen(view).length, 1);
    expect(believing).toBeGreaterThan(uniform + 0.2);
  });

  it('deals the same hands for the same seed, and only unseen cards, as many as the view says', () => {
    const a = koikoiBelievingSampler(view, favouring(favoured, 3), null);
    const b = koikoiBelievingSampler(view, favouring(favoured, 3), null);
    const hidden = new Set(unseen(view));
    for (let k = 0; k < 30; k++) {
      a.sample(seedRng(`same:${k}`));
      b.sample(seedRng(`same:${k}`));
      expect(Array.from(a.world.hands)).toEqual(Array.from(b.world.hands));
      const theirs = STANDARD_DECK.filter((c) => hasCard(a.world.hands, 2 * they, c));
      expect(theirs).toHaveLength(view.handSizes[they]);
      for (const c of theirs) expect(hidden.has(c)).toBe(true);
    }
  });

  it("weighs a search's samples when its budget has one", () => {
    const budget = { iterations: 200 };
    const plain = searchOutcome(view as BotView, seedRng('s'), budget);
    const believing = searchOutcome(view as BotView, seedRng('s'), {
      ...budget,
      belief: favouring(favoured, 3),
    });
    expect(believing.values).not.toEqual(plain.values);
    expect(
      searchOutcome(view as BotView, seedRng('s'), { ...budget, belief: favouring(favoured, 3) }),
    ).toEqual(believing);
  });
});
