/** A Koi-Koi view lists the round's hand plays: the card, the field it was played to, and what its turn took. */
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type GameModule,
  type KoiKoiState,
  STANDARD_DECK,
  cardIds,
  koikoi,
  parseScenario,
} from '../../src/index.js';

const hands = [
  [
    'plum-chaff-2',
    'wisteria-chaff-2',
    'iris-chaff-2',
    'peony-chaff-2',
    'clover-chaff-2',
    'susuki-chaff-2',
    'maple-chaff-2',
    'pine-crane',
  ],
  [
    'pine-chaff-2',
    'plum-chaff-1',
    'wisteria-chaff-1',
    'iris-chaff-1',
    'peony-chaff-1',
    'clover-chaff-1',
    'susuki-chaff-1',
    'maple-chaff-1',
  ],
];
const field = [
  'cherry-curtain',
  'pine-chaff-1',
  'chrysanthemum-chaff-1',
  'chrysanthemum-blue',
  'willow-swallow',
  'willow-ribbon',
  'paulownia-chaff-1',
  'paulownia-chaff-2',
];
/** Seat 1 deals and plays first; the pile turns up the maple deer, then a cherry chaff. */
function dealt(): KoiKoiState {
  const placed = new Set([...hands.flat(), ...field, 'maple-deer', 'cherry-chaff-1']);
  const pile = ['maple-deer', 'cherry-chaff-1', ...cardIds(STANDARD_DECK).filter((id) => !placed.has(id))];
  const scenario = parseScenario(
    JSON.stringify({
      name: 'plays',
      game: 'koikoi',
      players: 2,
      dealer: 1,
      deal: { hands, field, pile, toMove: 1 },
      actions: [],
    }),
  );
  if (!scenario.ok) throw new Error(scenario.error.message);
  const start = (koikoi as GameModule).fromScenario(scenario.value.setup);
  if (!start.ok) throw new Error(start.error.message);
  return start.value.state as KoiKoiState;
}

function apply(state: KoiKoiState, action: Action): KoiKoiState {
  const next = koikoi.apply(state, action);
  if (!next.ok) throw new Error(next.error.message);
  return next.value.state;
}

describe("the round's plays in a Koi-Koi view", () => {
  it('each play keeps the field it was played to and what its turn took, for every viewer alike', () => {
    const start = dealt();
    expect(koikoi.view(start, 0).plays).toEqual([]);
    // Seat 1 takes the pine chaff and turns up the maple deer, which stays on the field.
    const first = apply(start, { seat: 1, play: 'pine-chaff-2' } as Action);
    const one = { seat: 1, card: 'pine-chaff-2', field, took: ['pine-chaff-1', 'pine-chaff-2'] };
    expect(koikoi.view(first, 0).plays).toEqual([one]);
    // Seat 0 takes the deer and turns up a cherry chaff, which takes the curtain: both in its turn's take.
    const second = apply(first, { seat: 0, play: 'maple-chaff-2' } as Action);
    const fieldThen = [...field.filter((c) => c !== 'pine-chaff-1'), 'maple-deer'];
    const two = {
      seat: 0,
      card: 'maple-chaff-2',
      field: fieldThen,
      took: ['cherry-curtain', 'cherry-chaff-1', 'maple-deer', 'maple-chaff-2'],
    };
    for (const viewer of [0, 1, null]) expect(koikoi.view(second, viewer).plays).toEqual([one, two]);
    // The state the first view was taken from is untouched by the later play.
    expect(koikoi.view(first, 0).plays).toEqual([one]);
  });

  it('a state saved before plays were kept shows none', () => {
    const { plays, ...older } = apply(dealt(), { seat: 1, play: 'pine-chaff-2' } as Action);
    expect(plays).toHaveLength(1);
    expect(koikoi.view(older as KoiKoiState, 0).plays).toEqual([]);
  });

  it('a new round starts with no plays', () => {
    const g = koikoi.newGame({ players: 2, seed: 'plays' });
    if (!g.ok) throw new Error(g.error.message);
    let state = g.value.state as KoiKoiState;
    while (state.round === 1) state = apply(state, koikoi.view(state, state.toMove).actions[0]);
    expect(koikoi.view(state, 0).plays).toEqual([]);
    state = apply(
      state,
      koikoi.view(state, state.toMove).actions.find((a) => 'play' in a)!,
    );
    expect(koikoi.view(state, 0).plays).toHaveLength(1);
  });
});
