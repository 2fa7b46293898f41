/** Sakura and Nara views list the round's hand plays: public to every viewer, the right ones, and nothing hidden among them. */
import { describe, expect, it } from 'vitest';
import {
  type Card,
  type GameModule,
  type GameSetup,
  type NaraState,
  type PlayView,
  type SakuraState,
  cardId,
  nara,
  sakura,
} from '../src/index.js';
import { playRandom } from './support/random-play.js';

/** What a game's state hides from `seat`: the other hands and every face-down card. */
type Hidden<S> = (s: S, seat: number) => Card[];

const sakuraHidden: Hidden<SakuraState> = (s, seat) => [
  ...s.hands.filter((_, i) => i !== seat).flat(),
  ...s.pile,
];
const naraHidden: Hidden<NaraState> = (s, seat) => [
  ...s.hands.filter((_, i) => i !== seat).flat(),
  ...s.draws.flat(),
  ...s.piles.flat(2),
];

interface Plays {
  readonly players: number;
  readonly field: Card[];
  readonly plays?: unknown;
}

function checkGame<S extends Plays>(game: GameModule<S>, setup: GameSetup, seed: number, hidden: Hidden<S>) {
  const played = playRandom(game, setup, seed);
  let hands = 0;
  for (const step of played.steps) {
    const s = step.state;
    const spectator = (game.view(s, null) as { plays: PlayView[] }).plays;
    for (let seat = 0; seat < s.players; seat++) {
      const view = game.view(s, seat) as { plays: PlayView[]; results: unknown[] };
      // The plays are public: every seat and a spectator see the same list.
      expect(view.plays).toEqual(spectator);
      // Nothing the seat cannot see is in its view (past rounds' results name cards of the same deck: left out).
      const shown = JSON.stringify({ ...view, results: [] });
      for (const c of hidden(s, seat)) expect(shown).not.toMatch(new RegExp(`"${cardId(c)}"(?!:)`));
    }
    if (!step.before) {
      expect(spectator).toEqual([]);
      continue;
    }
    // The step's own plays (from its last round start on) extend the list, or start it afresh.
    const events = step.events.map((e) => e.public);
    const start = events.map((e) => e.type).lastIndexOf('round-start');
    const plays = events.slice(start + 1).filter((e) => e.type === 'play');
    const before = start >= 0 ? [] : (game.view(step.before, null) as { plays: PlayView[] }).plays;
    expect(spectator.length).toBe(before.length + plays.length);
    expect(spectator.slice(0, before.length).map(({ seat, card, field }) => ({ seat, card, field }))).toEqual(
      before.map(({ seat, card, field }) => ({ seat, card, field })),
    );
    plays.forEach((e, i) => {
      const p = spectator[before.length + i];
      expect({ seat: p.seat, card: p.card }).toEqual({ seat: e.seat, card: e.card });
    });
    if (start < 0 && plays.length > 0) {
      // The action's play was made to the field the state showed before it.
      const fieldBefore = (game.view(step.before, null) as { field: string[] }).field;
      expect(spectator[before.length].field.slice().sort()).toEqual(fieldBefore.slice().sort());
      hands++;
    }
    // What each turn took is the seat's, taken once.
    const view = game.view(s, null) as { captured: string[][] };
    const took = spectator.flatMap((p) => p.took.map((c) => ({ seat: p.seat, c })));
    for (const { seat, c } of took) expect(view.captured[seat]).toContain(c);
    expect(new Set(took.map((t) => t.c)).size).toBe(took.length);
  }
  expect(hands).toBeGreaterThan(10);
}

describe("the round's plays in Sakura and Nara views", () => {
  it('Sakura, 2, 3 and 4 players and 2 × 2 teams: public, right, hiding nothing', () => {
    const setups: GameSetup[] = [
      { players: 2, options: { rounds: 2 }, seed: 'plays-2' },
      { players: 3, options: { rounds: 2 }, seed: 'plays-3' },
      { players: 4, options: { rounds: 2, gajiClaim: 'transfer' }, seed: 'plays-4' },
      {
        players: 4,
        teams: [
          [0, 2],
          [1, 3],
        ],
        options: { rounds: 2 },
        seed: 'plays-2x2',
      },
    ];
    setups.forEach((setup, i) => checkGame(sakura as GameModule<SakuraState>, setup, i, sakuraHidden));
  });

  it('Nara, two games: public, right, hiding nothing', () => {
    const setups: GameSetup[] = [
      { players: 4, options: { length: 'rounds:2' }, seed: 'plays-n1' },
      { players: 4, options: { length: 'rounds:2', allChaff: 'every-chaff' }, seed: 'plays-n2' },
    ];
    setups.forEach((setup, i) => checkGame(nara as GameModule<NaraState>, setup, i, naraHidden));
  });
});
