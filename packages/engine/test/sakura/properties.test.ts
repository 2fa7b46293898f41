/** Property tests over random Sakura games, for every player count and team layout. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GAJI,
  STANDARD_DECK,
  SAKURA_VALUES,
  TEAM_LAYOUTS,
  cardById,
  cardId,
  eventsFor,
  replayRecord,
  sakura,
  type SakuraState,
} from '../../src/index.js';
import { playRandom } from '../support/random-play.js';

const tables: { players: number; teams?: readonly (readonly number[])[] }[] = [
  ...[2, 3, 4, 5, 6, 7].map((players) => ({ players })),
  ...Object.entries(TEAM_LAYOUTS).flatMap(([players, layouts]) =>
    Object.values(layouts).map((teams) => ({ players: Number(players), teams })),
  ),
];

const optionSets = fc.record({
  gajiDealtToField: fc.constantFrom('stays', 'discarded'),
  roundEnd: fc.constantFrom('hands-and-pile', 'pile-or-hands'),
  hikiTiming: fc.constantFrom('deal', 'anytime'),
  gajiDrawnIsWild: fc.boolean(),
  hikiOnBlock: fc.constantFrom('owner-captures', 'stays'),
  blockedGajiReturns: fc.boolean(),
  gajiClaim: fc.constantFrom('paired-month', 'paired-month-and-willow', 'all-remaining', 'transfer'),
  teamDealer: fc.constantFrom('earliest', 'rotate'),
  scoring: fc.constantFrom('cumulative', 'victories'),
  rounds: fc.integer({ min: 1, max: 3 }),
});

/** Every card where it is: hands, field, pile, captures, discards and the card in flight. */
function locations(s: SakuraState): number[] {
  return [
    ...s.hands.flat(),
    ...s.field,
    ...s.pile,
    ...s.captured.flat(),
    ...s.discarded,
    ...(s.pending ? [s.pending.card] : []),
  ];
}

type OptionSet = typeof optionSets extends fc.Arbitrary<infer T> ? T : never;

/** Counterexamples fast-check once found, replayed on every run (keyed by table). */
const found: Record<string, [number, number, OptionSet][]> = {
  // A blocked Gaji went back to seat 0's hand: later views name it in the public plays, as they may.
  '5': [
    [
      1509361882,
      1122419447,
      {
        gajiDealtToField: 'stays',
        roundEnd: 'hands-and-pile',
        hikiTiming: 'anytime',
        gajiDrawnIsWild: true,
        hikiOnBlock: 'owner-captures',
        blockedGajiReturns: true,
        gajiClaim: 'paired-month',
        teamDealer: 'earliest',
        scoring: 'cumulative',
        rounds: 2,
      },
    ],
  ],
};

describe.each(tables)('Sakura, $players players, teams $teams', (table) => {
  it('keeps every card in exactly one place, conserves the 240 points, hides what it must, and replays exactly', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), optionSets, (seed, policy, options) => {
        const setup = { ...table, options, seed };
        const game = playRandom(sakura, setup, policy);
        // A blocked Gaji sent back to its hand was seen by all: it stays known until it leaves that hand.
        let gajiShownIn: number | null = null;
        for (const step of game.steps) {
          const s = step.state;
          const returned = step.events.find((e) => e.public.type === 'gaji-returned');
          if (returned) gajiShownIn = returned.public.seat as number;
          else if (gajiShownIn !== null && !s.hands[gajiShownIn].includes(GAJI)) gajiShownIn = null;
          expect(locations(s).sort((a, b) => a - b)).toEqual(STANDARD_DECK);
          for (const { public: e } of step.events) {
            if (e.type !== 'round-end') continue;
            const dead = (e.dead as string[]).reduce((sum, id) => sum + SAKURA_VALUES[cardById(id)!], 0);
            expect((e.points as number[]).reduce((a, b) => a + b, 0) + dead).toBe(240);
          }
          for (let viewer = 0; viewer < s.players; viewer++) {
            const { results: _past, ...view } = sakura.view(s, viewer);
            // Only this round's events: earlier ones (and the first-dealer draw) name cards of other shuffles.
            const seenEvents = eventsFor(step.events, viewer);
            const current = seenEvents.slice(
              Math.max(
                0,
                seenEvents.findLastIndex((e) => e.type === 'round-start'),
              ),
            );
            const seen = JSON.stringify(view) + JSON.stringify(current);
            const hidden = [
              ...s.pile,
              ...s.hands.flatMap((h, seat) =>
                seat === viewer ? [] : h.filter((c) => !(c === GAJI && seat === gajiShownIn)),
              ),
            ];
            // Once the game is over, the cards left unplayed (roundEnd: pile-or-hands) are shown.
            if (s.phase !== 'over') for (const c of hidden) expect(seen).not.toContain(`"${cardId(c)}"`);
            for (const h of s.hikis)
              if (h.seat !== viewer && !h.revealed)
                expect(view.hikis.find((v) => v.seat === h.seat && v.month === h.month)).toBeUndefined();
            for (const e of eventsFor(step.events, viewer))
              if (e.type === 'hiki' && e.seat !== viewer) expect(e.month).toBeUndefined();
          }
          expect(JSON.stringify(sakura.view(s, null))).not.toContain('rng');
        }
        const last = game.steps[game.steps.length - 1].state;
        expect(last.phase).toBe('over');
        expect(last.results.length).toBe(options.rounds);
        const replayed = replayRecord(sakura, JSON.parse(JSON.stringify(game.record)));
        if (!replayed.ok) throw new Error(replayed.error.message);
        expect(replayed.value.map((r) => r.events)).toEqual(game.steps.map((r) => r.events));
      }),
      { numRuns: 12, examples: table.teams ? [] : (found[table.players] ?? []) },
    );
  });
});
