/**
 * No light given away: with another card to play, neither the greedy bot, nor the search,
 * nor the rollouts play a bright or the sake cup to the field where a card of its month
 * they cannot see could take it (the example: the rain man thrown to an opponent
 * holding crane, curtain and phoenix).
 */
import {
  type Action,
  type GameModule,
  type KoiKoiState,
  type KoiKoiView,
  STANDARD_DECK,
  cardIds,
  koikoi,
  parseScenario,
  seedRng,
} from '@hanafuda/engine';
import { KoiKoiFast } from '@hanafuda/engine/fast';
import { describe, expect, it } from 'vitest';
import { greedyChoice, searchDecision } from '../src/index.js';
import { givesLight } from '../src/search/rollout.js';

/** A Koi-Koi position, seat 0 to move, the pile the cards the deal leaves out. */
function position(deal: {
  hands: string[][];
  field: string[];
  captured: string[][];
  koikoi?: number[];
}): KoiKoiState {
  const placed = new Set([...deal.hands.flat(), ...deal.field, ...deal.captured.flat()]);
  const pile = cardIds(STANDARD_DECK).filter((id) => !placed.has(id));
  const scenario = parseScenario(
    JSON.stringify({
      name: 'gift',
      game: 'koikoi',
      players: 2,
      dealer: 1,
      deal: { ...deal, pile, toMove: 0 },
      actions: [],
    }),
  );
  if (!scenario.ok) throw new Error(scenario.error.message);
  const start = (koikoi as GameModule).fromScenario(scenario.value.setup);
  if (!start.ok) throw new Error(start.error.message);
  return start.value.state as KoiKoiState;
}

// The other two cards are no safer in points (each gives a yaku's last card), but a light is never given.
const hand = ['willow-rainman', 'peony-blue', 'maple-deer'];
const field = ['plum-chaff-1', 'clover-chaff-1', 'pine-chaff-1'];
const theirs = [
  'pine-crane',
  'cherry-curtain',
  'paulownia-phoenix',
  'chrysanthemum-blue',
  'maple-blue',
  'clover-boar',
  'peony-butterflies',
];
const threat = position({
  hands: [hand, ['maple-chaff-1', 'peony-chaff-1', 'chrysanthemum-chaff-1']],
  field,
  captured: [[], theirs],
  koikoi: [0, 1],
});
const played = (a: Action) => (a as { play?: string }).play;

describe('lights are not given away', () => {
  const view = koikoi.view(threat, 0) as KoiKoiView;

  it('greedy keeps the rain man', () => {
    expect(played(greedyChoice(view))).not.toBe('willow-rainman');
  });

  it('the search keeps it at every level', () => {
    for (const iterations of [250, 3000])
      expect(played(searchDecision(view, seedRng('g'), { iterations }))).not.toBe('willow-rainman');
  });

  it('the rollouts see the gift, and only where a card the mover cannot see could take it', () => {
    const moves = new Int32Array(64);
    const sim = KoiKoiFast.fromState(threat);
    const n = sim.legalMoves(moves);
    const gifts = Array.from(moves.subarray(0, n))
      .filter((m) => givesLight(sim, m))
      .map((m) => played(sim.toAction(m)));
    expect(gifts).toEqual(['willow-rainman']);
    // Every other willow card captured: nobody can take it.
    const safe = KoiKoiFast.fromState(
      position({
        hands: [hand, ['maple-chaff-1']],
        field,
        captured: [['willow-swallow', 'willow-ribbon'], ['willow-lightning']],
      }),
    );
    const m = safe.legalMoves(moves);
    expect(Array.from(moves.subarray(0, m)).some((mv) => givesLight(safe, mv))).toBe(false);
  });

  it('a light is still played when every play gives one', () => {
    const twoLights = koikoi.view(
      position({
        hands: [
          ['willow-rainman', 'paulownia-phoenix'],
          ['maple-chaff-1', 'peony-chaff-1'],
        ],
        field,
        captured: [[], []],
      }),
      0,
    ) as KoiKoiView;
    expect(['willow-rainman', 'paulownia-phoenix']).toContain(played(greedyChoice(twoLights)));
    expect(['willow-rainman', 'paulownia-phoenix']).toContain(
      played(searchDecision(twoLights, seedRng('g'), { iterations: 250 })),
    );
  });
});
