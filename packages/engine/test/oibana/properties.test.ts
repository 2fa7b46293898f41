/** Property tests over random Oi-bana games: money and cards are conserved, secrets kept. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STANDARD_DECK, cardId, eventsFor, oibana, replayRecord, type OibanaState } from '../../src/index.js';
import { playRandom } from '../support/random-play.js';

function duelCards(s: OibanaState): number[] {
  const d = s.duel!;
  return [
    ...d.hands.flat(),
    ...d.field,
    ...d.pile,
    ...d.captured.flat(),
    ...d.discarded,
    ...(d.pending ? [d.pending.card] : []),
  ];
}

describe.each([2, 3, 4, 5, 6])('Oi-bana, %i players', (players) => {
  it('pays zero-sum, conserves cards, hides hands, and replays exactly', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer(),
        fc.constantFrom('winner-bid', 'loser-bid'),
        fc.constantFrom('off', 'double'),
        (seed, policy, oiPays, chu) => {
          const options = { rounds: 2, oiPays, chu, bankroll: 300 };
          const game = playRandom(oibana, { players, options, seed }, policy);
          for (const step of game.steps) {
            const s = step.state;
            expect(s.bankrolls.reduce((a, b) => a + b, 0)).toBe(300 * players);
            if (s.phase === 'bid') expect(s.hands.flat().length).toBe(8 * players);
            if (s.phase === 'play') expect(duelCards(s).sort((a, b) => a - b)).toEqual(STANDARD_DECK);
            for (const { public: e } of step.events)
              if (e.type === 'round-end') expect((e.scores as number[]).reduce((a, b) => a + b, 0)).toBe(0);
            if (s.phase === 'over') continue;
            for (let viewer = 0; viewer < players; viewer++) {
              const { results: _past, ...view } = oibana.view(s, viewer);
              const events = eventsFor(step.events, viewer);
              const current = events.slice(
                Math.max(
                  0,
                  events.findLastIndex((e) => e.type === 'auction-start' || e.type === 'round-start'),
                ),
              );
              const seen = JSON.stringify(view) + JSON.stringify(current);
              const others =
                s.phase === 'bid'
                  ? s.hands.filter((_, seat) => seat !== viewer)
                  : (s.duel?.hands ?? []).filter((_, i) => s.duelists![i] !== viewer);
              for (const c of [...others.flat(), ...(s.duel?.pile ?? [])])
                expect(seen).not.toContain(`"${cardId(c)}"`);
            }
          }
          const last = game.steps[game.steps.length - 1].state;
          expect(last.results.length).toBe(2);
          const replayed = replayRecord(oibana, JSON.parse(JSON.stringify(game.record)));
          if (!replayed.ok) throw new Error(replayed.error.message);
          expect(replayed.value.map((r) => r.events)).toEqual(game.steps.map((r) => r.events));
        },
      ),
      { numRuns: 10 },
    );
  });
});

describe('Oi-bana bids', () => {
  it('refuses a bid above the bankroll, out of turn, or a card play during the auction, leaving the state as it was', () => {
    const start = oibana.newGame({ players: 3, options: { bankroll: 100 }, seed: 'b' });
    if (!start.ok) throw new Error(start.error.message);
    const s = start.value.state;
    const before = JSON.stringify(s);
    const tooHigh = oibana.apply(s, { seat: s.toMove, bid: 101 });
    expect(!tooHigh.ok && tooHigh.error.message).toMatch(/cannot bid 101: the bankroll is 100/);
    const outOfTurn = oibana.apply(s, { seat: (s.toMove + 1) % 3, bid: 1 });
    expect(!outOfTurn.ok && outOfTurn.error.code).toBe('not-your-turn');
    const play = oibana.apply(s, { seat: s.toMove, play: cardId(s.hands[s.toMove][0]) });
    expect(!play.ok && play.error.message).toMatch(/must bid/);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('rejects 7 players and 1', () => {
    expect(oibana.newGame({ players: 7, seed: 1 }).ok).toBe(false);
    expect(oibana.newGame({ players: 1, seed: 1 }).ok).toBe(false);
  });
});
