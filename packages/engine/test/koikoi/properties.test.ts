/**
 * Property tests over random Koi-Koi games (random legal actions from a seeded RNG): the
 * cards are always each in one place, views hide the other hand and the pile, records
 * replay exactly, and a game ends after its rounds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type GameSetup,
  type KoiKoiState,
  type SplitEvent,
  STANDARD_DECK,
  cardById,
  koikoi,
  makeRecord,
  randomInt,
  replayRecord,
  seedRng,
} from '../../src/index.js';

interface Played {
  setup: GameSetup;
  actions: Action[];
  events: SplitEvent[];
  states: KoiKoiState[];
}

function playRandom(setup: GameSetup, policySeed: number, check?: (s: KoiKoiState) => void): Played {
  const start = koikoi.newGame(setup);
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  const played: Played = { setup, actions: [], events: [...start.value.events], states: [state] };
  const policy = seedRng(policySeed);
  check?.(state);
  for (let steps = 0; koikoi.toMove(state) !== null; steps++) {
    if (steps > 10_000) throw new Error('the game does not end');
    const legal = koikoi.legalActions(state);
    expect(legal.length).toBeGreaterThan(0);
    const action = legal[randomInt(policy, legal.length)];
    const before = JSON.stringify(state);
    const next = koikoi.apply(state, action);
    if (!next.ok) throw new Error(`legal action refused: ${JSON.stringify(action)}: ${next.error.message}`);
    expect(JSON.stringify(state)).toBe(before); // apply never mutates its input
    state = next.value.state;
    played.actions.push(action);
    played.events.push(...next.value.events);
    played.states.push(state);
    check?.(state);
  }
  return played;
}

function cardsOnce(s: KoiKoiState): void {
  const all = [
    ...s.hands.flat(),
    ...s.field,
    ...s.pile,
    ...s.captured.flat(),
    ...(s.pending === null ? [] : [s.pending]),
  ];
  expect(all.slice().sort((a, b) => a - b)).toEqual([...STANDARD_DECK]);
}

/** Every card id anywhere in a JSON value. */
function cardIdsIn(value: unknown): Set<number> {
  const found = new Set<number>();
  JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'string') {
      const c = cardById(v);
      if (c !== undefined) found.add(c);
    }
    return v;
  });
  return found;
}

function viewsHide(s: KoiKoiState): void {
  for (const seat of [0, 1, null]) {
    const seen = cardIdsIn(koikoi.view(s, seat));
    const hidden = [...(seat === null ? s.hands.flat() : s.hands[1 - seat]), ...s.pile];
    for (const c of hidden) expect(seen.has(c)).toBe(false);
    if (seat !== null) for (const c of s.hands[seat]) expect(seen.has(c)).toBe(true);
  }
  const view = koikoi.view(s, s.toMove);
  if (koikoi.toMove(s) !== null) expect(view.actions).toEqual(koikoi.legalActions(s));
}

const arbSetup = fc.record({
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  policy: fc.integer({ min: 0, max: 1_000_000 }),
  rounds: fc.integer({ min: 1, max: 4 }),
  options: fc.record({
    gaji: fc.boolean(),
    gajiDrawnIsWild: fc.boolean(),
    sakeCup: fc.constantFrom('either', 'animal', 'both'),
    viewing: fc.constantFrom('on', 'off', 'with-other-yaku'),
    viewingBoth: fc.boolean(),
    viewingSpoiled: fc.boolean(),
    tsukiFuda: fc.boolean(),
    fourPairsRedeal: fc.boolean(),
    oyaKen: fc.boolean(),
  }),
});

const setupOf = (a: { seed: number; rounds: number; options: object }): GameSetup => ({
  players: 2,
  seed: a.seed,
  options: { ...a.options, rounds: a.rounds },
});

describe('random Koi-Koi games', () => {
  it('every card is in exactly one place at all times', () => {
    fc.assert(
      fc.property(arbSetup, (a) => void playRandom(setupOf(a), a.policy, cardsOnce)),
      { numRuns: 40 },
    );
  });

  it("a view never shows another seat's hand or the pile", () => {
    fc.assert(
      fc.property(arbSetup, (a) => void playRandom(setupOf(a), a.policy, viewsHide)),
      { numRuns: 25 },
    );
  });

  it('replaying the record reproduces the same events', () => {
    fc.assert(
      fc.property(arbSetup, (a) => {
        const played = playRandom(setupOf(a), a.policy);
        const replay = replayRecord(
          koikoi,
          JSON.parse(JSON.stringify(makeRecord('koikoi', played.setup, played.actions))),
        );
        if (!replay.ok) throw new Error(replay.error.message);
        expect(replay.value.flatMap((step) => step.events)).toEqual(played.events);
        expect(replay.value[replay.value.length - 1].state).toEqual(played.states[played.states.length - 1]);
      }),
      { numRuns: 25 },
    );
  });

  it('a whole game ends after its rounds, with the totals the sum of the round scores', () => {
    fc.assert(
      fc.property(arbSetup, (a) => {
        const played = playRandom(setupOf(a), a.policy);
        const last = played.states[played.states.length - 1];
        const roundEnds = played.events.filter((e) => e.public.type === 'round-end');
        expect(roundEnds).toHaveLength(a.rounds);
        expect(last.results.map((r) => r.round)).toEqual(Array.from({ length: a.rounds }, (_, i) => i + 1));
        expect(played.events.filter((e) => e.public.type === 'game-end')).toHaveLength(1);
        const sums = [0, 1].map((seat) => last.results.reduce((n, r) => n + r.scores[seat], 0));
        expect(last.totals).toEqual(sums);
        for (const r of last.results) {
          expect(r.scores.filter((x) => x > 0).length).toBeLessThanOrEqual(1);
          if (r.winner !== null) expect(r.nextDealer).toBe(r.winner);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('the default game has 12 rounds', () => {
    const played = playRandom({ players: 2, seed: 'twelve' }, 12);
    expect(played.states[played.states.length - 1].results).toHaveLength(12);
  });

  it('a decision is asked exactly when the total exceeds the reference', () => {
    fc.assert(
      fc.property(arbSetup, (a) => {
        const played = playRandom(setupOf(a), a.policy);
        for (const s of played.states) {
          if (s.phase !== 'decide') continue;
          const view = koikoi.view(s, s.toMove);
          expect(view.yaku[s.toMove].total).toBeGreaterThan(view.reference[s.toMove]);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('an illegal action is an error value and never throws', () => {
    const start = koikoi.newGame({ players: 2, seed: 3 });
    if (!start.ok) throw new Error(start.error.message);
    const s = start.value.state;
    const other = 1 - s.toMove;
    for (const action of [
      { seat: other, play: 'pine-crane' },
      { seat: s.toMove, koikoi: true },
      { seat: s.toMove, shobu: true },
      { seat: s.toMove, take: 'pine-crane' },
      { seat: s.toMove, play: 'willow-lightning', take: 'pine-crane' },
      { seat: s.toMove, hiki: 3 },
    ] as Action[]) {
      const r = koikoi.apply(s, action);
      if (r.ok) expect(koikoi.legalActions(s)).toContainEqual(action);
      else expect(r.error.message).toMatch(/\S/);
    }
  });
});
