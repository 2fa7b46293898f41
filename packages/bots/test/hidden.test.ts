/**
 * A bot cannot read hidden state. Two states that differ only in cards the seat cannot see
 * (another hand and the pile, swapped) must give the seat the same view and every bot the
 * same decision for the same RNG. A bot that read the state, or a view that leaked a hand,
 * would tell them apart: the control below shows the swap changes what the opponent holds.
 */
import { type Card, type GameModule, cardId, randomInt, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { botByName, oneRound } from '../src/index.js';
import { game } from './support.js';

interface Hidden {
  hands: Card[][];
  pile?: Card[];
  draws?: Card[][];
  toMove: number;
}

/** Plays random actions from a new game until `steps` decisions have passed and the seat to move has a hand play. */
function position(g: GameModule, players: number, seed: number, steps: number, teams?: number[][]) {
  const state = g.newGame({ players, teams, options: oneRound(g), seed: `hidden:${seed}` });
  if (!state.ok) throw new Error(state.error.message);
  let s = state.value.state;
  const rng = seedRng(seed);
  for (let i = 0; g.toMove(s) !== null; i++) {
    const legal = g.legalActions(s);
    if (i >= steps && 'play' in legal[0]) return s;
    s = (g.apply(s, legal[randomInt(rng, legal.length)]) as { ok: true; value: { state: unknown } }).value
      .state;
  }
  return undefined;
}

/** The same position with one card of another seat's hand swapped for a card it cannot see either (the pile, or another draw pile). */
function swapHidden(state: unknown): { twin: unknown; changed: number } | undefined {
  const s = structuredClone(state) as Hidden;
  const me = s.toMove;
  const other = s.hands.findIndex((h, seat) => seat !== me && h.length > 0);
  if (other < 0) return undefined;
  const elsewhere = s.pile ?? s.draws!.find((d) => d.length > 0);
  if (!elsewhere || elsewhere.length === 0) return undefined;
  const a = s.hands[other][0];
  s.hands[other][0] = elsewhere[0];
  elsewhere[0] = a;
  return { twin: s, changed: other };
}

/** Every string value in a plain-data object (card ids among them). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

const CASES = [
  { id: 'sakura', players: 2 },
  {
    id: 'sakura',
    players: 4,
    teams: [
      [0, 2],
      [1, 3],
    ],
  },
  { id: 'koikoi', players: 2 },
  { id: 'nara', players: 4 },
];

describe('bots see only their view', () => {
  for (const c of CASES) {
    it(`${c.id} ${c.players}p: hidden cards change neither the view nor any decision`, () => {
      const g = game(c.id);
      let tested = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const s = position(g, c.players, seed, 2 + (seed % 5), c.teams);
        const swapped = s === undefined ? undefined : swapHidden(s);
        if (!s || !swapped) continue;
        const seat = g.toMove(s)!;
        const view = g.view(s, seat);
        const twinView = g.view(swapped.twin, seat);
        expect(twinView).toEqual(view);
        // The view names no card of another hand or of a pile.
        const shown = new Set(strings(view));
        const secret = (s as Hidden).hands
          .flatMap((h, i) => (i === seat ? [] : h))
          .concat((s as Hidden).pile ?? (s as Hidden).draws!.flat());
        for (const card of secret) expect(shown.has(cardId(card))).toBe(false);
        // Control: the swap is real, the other seat's hand differs.
        expect((swapped.twin as Hidden).hands[swapped.changed]).not.toEqual(
          (s as Hidden).hands[swapped.changed],
        );
        for (const name of ['random', 'greedy', 'easy', 'search:40']) {
          const bot = botByName(name)!;
          const a = bot.choose(g, view as never, seedRng(`${name}:${seed}`));
          const b = bot.choose(g, twinView as never, seedRng(`${name}:${seed}`));
          expect(b).toEqual(a);
        }
        tested++;
      }
      expect(tested).toBeGreaterThan(5);
    });
  }
});
