/** Property tests over random Nara games: cards and points conserved, zero-sum rounds, secrets kept, exact replay, termination. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NARA_DECK,
  NARA_VALUES,
  cardId,
  eventsFor,
  nara,
  replayRecord,
  type NaraState,
} from '../../src/index.js';
import { playRandom } from '../support/random-play.js';

/** Every card's place: the face-down piles, hands, draw piles, field, captures, the drawn card awaiting a choice. */
const everyCard = (s: NaraState): number[] => [
  ...s.piles.flat(2),
  ...s.hands.flat(),
  ...s.draws.flat(),
  ...s.field,
  ...s.captured.flat(),
  ...(s.pending === null ? [] : [s.pending]),
];

describe('Nara Hana-awase over random games', () => {
  it('keeps every card in one place, conserves 640 points, pays zero-sum rounds, hides hands and piles, replays exactly', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer(),
        fc.constantFrom('only-chaff', 'every-chaff'),
        (seed, policy, allChaff) => {
          const game = playRandom(
            nara,
            { players: 4, options: { length: 'rounds:3', allChaff }, seed },
            policy,
          );
          for (const step of game.steps) {
            const s = step.state;
            const cards = everyCard(s);
            expect(cards.slice().sort((a, b) => a - b)).toEqual(NARA_DECK);
            expect(cards.reduce((sum, c) => sum + NARA_VALUES[c], 0)).toBe(640);
            expect(s.totals.reduce((a, b) => a + b, 0)).toBe(4000);
            for (const { public: e } of step.events) {
              if (e.type !== 'round-end') continue;
              expect((e.scores as number[]).reduce((a, b) => a + b, 0)).toBe(0);
              // In a real round every card ends captured: the blank's month is claimed, the others pair off.
              expect((e.points as number[]).reduce((a, b) => a + b, 0)).toBe(640);
              expect(e.dead).toEqual([]);
            }
            if (s.phase === 'over') continue;
            for (let viewer = 0; viewer < 4; viewer++) {
              const { results: _past, ...view } = nara.view(s, viewer);
              const events = eventsFor(step.events, viewer);
              const current = events.slice(
                Math.max(
                  0,
                  events.findLastIndex((e) => e.type === 'round-start'),
                ),
              );
              const seen = JSON.stringify(view) + JSON.stringify(current);
              const hidden = [
                ...s.hands.filter((_, seat) => seat !== viewer).flat(),
                ...s.draws.flat(),
                ...s.piles.flat(2),
              ];
              // A card id as a value (the view's "blank" key is no card).
              for (const c of hidden) expect(seen).not.toMatch(new RegExp(`"${cardId(c)}"(?!:)`));
            }
          }
          const last = game.steps[game.steps.length - 1].state;
          expect(last.phase).toBe('over');
          expect(last.results.length).toBe(3);
          const replayed = replayRecord(nara, JSON.parse(JSON.stringify(game.record)));
          if (!replayed.ok) throw new Error(replayed.error.message);
          expect(replayed.value.map((r) => r.events)).toEqual(game.steps.map((r) => r.events));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('ends a target game when a total reaches the target, and not before', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (seed, policy) => {
        const game = playRandom(nara, { players: 4, options: { length: 'target:1100' }, seed }, policy);
        const last = game.steps[game.steps.length - 1].state;
        expect(last.phase).toBe('over');
        let totals = [1000, 1000, 1000, 1000];
        last.results.forEach((r, i) => {
          expect(totals.some((t) => t >= 1100)).toBe(false);
          totals = totals.map((t, seat) => t + r.scores[seat]);
          if (i === last.results.length - 1) expect(totals.some((t) => t >= 1100)).toBe(true);
        });
        expect(totals).toEqual(last.totals);
      }),
      { numRuns: 10 },
    );
  });

  it("plays 6 rounds by default and 12 under rounds:12, each round dealt by the last round's next dealer", () => {
    for (const [length, rounds] of [
      [undefined, 6],
      ['rounds:12', 12],
    ] as const) {
      const game = playRandom(
        nara,
        { players: 4, options: length ? { length } : {}, seed: `len-${rounds}` },
        'p',
      );
      const last = game.steps[game.steps.length - 1].state;
      expect(last.results.map((r) => r.round)).toEqual(Array.from({ length: rounds }, (_, i) => i + 1));
      for (let i = 1; i < rounds; i++) expect(last.results[i].dealer).toBe(last.results[i - 1].nextDealer);
    }
  });
});

describe('Nara decisions', () => {
  it('never mutates the state, refuses out-of-turn and wrong actions with a message', () => {
    const start = nara.newGame({ players: 4, seed: 'refuse' });
    if (!start.ok) throw new Error(start.error.message);
    const s = start.value.state;
    const before = JSON.stringify(s);
    const other = (s.toMove + 1) % 4;
    const outOfTurn = nara.apply(s, { seat: other, pile: 0 });
    expect(!outOfTurn.ok && outOfTurn.error.code).toBe('not-your-turn');
    const play = nara.apply(s, { seat: s.toMove, play: 'pine-crane' });
    expect(!play.ok && play.error.message.length).toBeGreaterThan(10);
    for (const action of nara.legalActions(s)) expect(nara.apply(s, action).ok).toBe(true);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('shows no pile contents before the choice, keeps the choice secret, and hides a redeal offer from the others', () => {
    // Find a game whose first decision is a pile choice by an eligible-for-redeal dealer.
    for (let seed = 0; seed < 400; seed++) {
      const start = nara.newGame({ players: 4, seed });
      if (!start.ok) throw new Error(start.error.message);
      let s = start.value.state;
      if (s.phase !== 'pile') continue;
      const view = nara.view(s, s.toMove);
      expect(view.hand).toEqual([]);
      expect(view.pileSizes[s.toMove]).toEqual([5, 5]);
      const chosen = nara.apply(s, { seat: s.toMove, pile: 1 });
      if (!chosen.ok) throw new Error(chosen.error.message);
      const [event] = chosen.value.events;
      expect(event.public).toEqual({ type: 'pile-chosen', seat: s.dealer });
      expect(event.secret?.seats).toEqual([s.dealer]);
      s = chosen.value.state;
      while (s.phase === 'pile')
        s = (nara.apply(s, { seat: s.toMove, pile: 0 }) as { value: { state: NaraState } }).value.state;
      if (s.phase !== 'redeal') continue;
      expect(nara.view(s, s.toMove).phase).toBe('redeal');
      expect(nara.view(s, s.toMove).actions).toEqual([
        { seat: s.toMove, redeal: true },
        { seat: s.toMove, redeal: false },
      ]);
      expect(nara.view(s, (s.toMove + 1) % 4).phase).toBe('hand');
      expect(nara.view(s, (s.toMove + 1) % 4).actions).toEqual([]);
      const declined = nara.apply(s, { seat: s.toMove, redeal: false });
      expect(declined.ok && declined.value.events).toEqual([]);
      const asked = nara.apply(s, { seat: s.toMove, redeal: true });
      if (!asked.ok) throw new Error(asked.error.message);
      expect(asked.value.events[0].public.type).toBe('redeal-asked');
      expect(asked.value.state.round).toBe(1);
      expect(asked.value.state.dealer).toBe(s.dealer);
      return;
    }
    throw new Error('no seed gave a redeal offer to the dealer');
  });
});
