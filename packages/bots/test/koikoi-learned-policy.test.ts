/**
 * Koi-Koi's learned rollout policy (src/search/koikoi-features.ts): its weights load, its
 * features read a hand-built position as worked out by hand, with the hand-written policy's
 * weights it plays exactly as that policy, and it plays the same move for the same state.
 */
import { type KoiKoiState, card, koikoi, seedRng } from '@hanafuda/engine';
import { FastMove, KoiKoiFast } from '@hanafuda/engine/fast';
import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  HAND_WRITTEN_WEIGHTS,
  checkedWeights,
  learnedPolicy,
  moveFeatures,
} from '../src/search/koikoi-features.js';
import { koikoiCountsPolicy } from '../src/search/koikoi-policy.js';
import { KOIKOI_POLICY_WEIGHTS } from '../src/search/koikoi-weights.js';
import { KOIKOI_POLICY } from '../src/search/policies.js';
import { policyMove, rollout } from '../src/search/rollout.js';
import { oneRound, searchOutcome } from '../src/index.js';
import { searchedDecisions } from './support.js';

const SHIPPED = learnedPolicy(KOIKOI_POLICY_WEIGHTS, -1);

function deal(seed: string): KoiKoiState {
  const start = koikoi.newGame({ players: 2, seed });
  if (!start.ok) throw new Error(start.error.message);
  return start.value.state as KoiKoiState;
}

/** Seat 0 to play its hand: the cards named, the rest of the deck in the pile, nothing captured. */
function position(mine: string[], theirs: string[], field: string[]): KoiKoiFast {
  const state = deal('hand-built');
  const named = [...mine, ...theirs, ...field].map(card);
  const pile = state.hands
    .flat()
    .concat(state.field, state.pile)
    .filter((c) => !named.includes(c));
  return KoiKoiFast.fromState({
    ...state,
    hands: [mine.map(card), theirs.map(card)],
    field: field.map(card),
    pile,
    captured: [[], []],
    toMove: 0,
    phase: 'hand',
  });
}

describe('Koi-Koi learned rollout policy', () => {
  it('its shipped weights load, one finite number per feature; weights for other features are refused', () => {
    expect(checkedWeights(KOIKOI_POLICY_WEIGHTS)).toHaveLength(FEATURES.length);
    expect(() => checkedWeights({ features: ['bright'], weights: [1] })).toThrow(/features/);
    expect(() => checkedWeights({ features: FEATURES, weights: FEATURES.map(() => NaN) })).toThrow(/finite/);
  });

  // Seat 0 holds the cherry chaff, a plum chaff and a maple chaff; the field shows the cherry curtain, a plum and a wisteria chaff.
  const table = () =>
    position(
      ['cherry-chaff-1', 'plum-chaff-2', 'maple-chaff-1'],
      ['pine-chaff-1', 'pine-chaff-2', 'susuki-chaff-1'],
      ['cherry-curtain', 'plum-chaff-1', 'wisteria-chaff-1'],
    );
  const curtain = FastMove.playMove(card('cherry-chaff-1'));

  it('reads the capture of a bright as worked out by hand', () => {
    // The curtain and the cherry chaff: one bright, one chaff; Hanami (curtain + sake cup) one card short, no one else holding any (6);
    // no count yaku near; after it the plum and wisteria chaff lie on the field in months with unseen cards (risk 1 + 1), and the
    // plum chaff is of a month still in the hand (mine 1); no yaku yet; with 3 of 8 cards in hand, 5/8 of the risk is late (1.25).
    const f = Object.fromEntries(FEATURES.map((name, i) => [name, moveFeatures(table(), curtain, false)[i]]));
    expect(f).toEqual({
      bright: 1,
      animal: 0,
      ribbon: 0,
      chaff: 1,
      'set-yaku': 6,
      'count-yaku': 0,
      capture: 1,
      discard: 0,
      risk: 2,
      'light-risk': 0,
      mine: 1,
      yaku: 0,
      'late-risk': 1.25,
    });
    // The maple chaff to the field: a chaff discarded, now at risk with the others, and the curtain, a bright, still there.
    const maple = Object.fromEntries(
      FEATURES.map((name, i) => [
        name,
        moveFeatures(table(), FastMove.playMove(card('maple-chaff-1')), false)[i],
      ]),
    );
    expect(maple).toMatchObject({
      capture: 0,
      discard: 1,
      risk: 8 + 1 + 1 + 1,
      'light-risk': 1,
      mine: 8 + 1,
    });
  });

  it('takes the bright rather than a chaff or playing to the field', () => {
    expect(FastMove.playedCard(policyMove(table(), SHIPPED))).toBe(card('cherry-chaff-1'));
  });

  it("with the hand-written policy's weights, plays every rollout as the hand-written policy", () => {
    const handWritten = koikoiCountsPolicy(KOIKOI_POLICY);
    const asLearned = learnedPolicy(HAND_WRITTEN_WEIGHTS, -1);
    for (let i = 0; i < 100; i++) {
      const a = KoiKoiFast.fromState(deal(`same-${i}`));
      const b = KoiKoiFast.fromState(deal(`same-${i}`));
      expect(rollout(b, asLearned)).toBe(rollout(a, handWritten));
      expect([...b.captured, ...b.scores]).toEqual([...a.captured, ...a.scores]);
    }
  });

  it('plays the same moves for the same state', () => {
    for (let i = 0; i < 50; i++) {
      const a = KoiKoiFast.fromState(deal(`again-${i}`));
      const b = KoiKoiFast.fromState(deal(`again-${i}`));
      expect(policyMove(b, SHIPPED)).toBe(policyMove(a, SHIPPED));
      expect(rollout(b, SHIPPED)).toBe(rollout(a, SHIPPED));
      expect([...b.captured, ...b.scores]).toEqual([...a.captured, ...a.scores]);
    }
  });

  it('a search with learned rollouts simulates by them, and gives the same decision for the same request', () => {
    const views = searchedDecisions(koikoi, {
      players: 2,
      options: oneRound(koikoi),
      seed: 'learned-search',
    }).slice(0, 6);
    let differ = 0;
    for (const [i, view] of views.entries()) {
      const learned = searchOutcome(view, seedRng(`learned-${i}`), { iterations: 300, learned: true });
      expect(searchOutcome(view, seedRng(`learned-${i}`), { iterations: 300, learned: true })).toEqual(
        learned,
      );
      const handWritten = searchOutcome(view, seedRng(`learned-${i}`), { iterations: 300 });
      if (JSON.stringify(learned.values) !== JSON.stringify(handWritten.values)) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });
});
