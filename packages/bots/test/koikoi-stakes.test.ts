/**
 * Koi-Koi's last round is played for the game: a Shobu that locks in a lost game is never
 * called while cards remain, one that wins or ties it always is; earlier rounds keep the
 * round's own call.
 */
import {
  type Action,
  type GameModule,
  type KoiKoiView,
  STANDARD_DECK,
  actionKind,
  cardIds,
  koikoi,
  parseScenario,
  seedRng,
} from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { greedyChoice, searchDecision } from '../src/index.js';

/** Seat 0 holds crane and curtain, takes the moon (Sanko, 6) with a card left in hand, and must call. */
function deciding(): KoiKoiView {
  const hands = [
    ['susuki-chaff-1', 'iris-chaff-1'],
    ['wisteria-chaff-1', 'clover-chaff-1'],
  ];
  const deal = { hands, field: ['susuki-moon'], captured: [['pine-crane', 'cherry-curtain'], []] };
  const placed = new Set([...hands.flat(), ...deal.field, ...deal.captured.flat(), 'plum-chaff-1']);
  const pile = ['plum-chaff-1', ...cardIds(STANDARD_DECK).filter((id) => !placed.has(id))];
  const scenario = parseScenario(
    JSON.stringify({
      name: 'stakes',
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
  const played = koikoi.apply(start.value.state as never, { seat: 0, play: 'susuki-chaff-1' } as Action);
  if (!played.ok) throw new Error(played.error.message);
  const view = koikoi.view(played.value.state, 0);
  expect(view.phase).toBe('decide');
  expect(view.yaku[0].total).toBe(6);
  return view;
}

/** The view as a round of a 12-round game with these totals. */
const inGame = (view: KoiKoiView, round: number, totals: number[]): KoiKoiView => ({
  ...view,
  round,
  lastRound: 12,
  totals,
});

const call = (a: Action) => actionKind(a);
const deciders = [
  ['greedy', (v: KoiKoiView) => greedyChoice(v)],
  ['hard', (v: KoiKoiView) => searchDecision(v, seedRng('s'), { iterations: 250 })],
  ['expert', (v: KoiKoiView) => searchDecision(v, seedRng('s'), { iterations: 3000 })],
] as const;

describe('Koi-Koi calls against the game score', () => {
  const view = deciding();
  for (const [name, decide] of deciders) {
    it(`${name}: in the last round, behind by more than the stop scores, goes on`, () => {
      expect(call(decide(inGame(view, 12, [24, 42])))).toBe('koikoi');
      expect(call(decide(inGame(view, 12, [35, 42])))).toBe('koikoi');
    });

    it(`${name}: in the last round, stops when the stop wins or ties the game`, () => {
      expect(call(decide(inGame(view, 12, [37, 42])))).toBe('shobu');
      expect(call(decide(inGame(view, 12, [36, 42])))).toBe('shobu');
      expect(call(decide(inGame(view, 12, [50, 42])))).toBe('shobu');
    });
  }

  it("greedy: an earlier round keeps the round's call (a card left: stop)", () => {
    expect(call(greedyChoice(inGame(view, 11, [24, 42])))).toBe('shobu');
  });

  it("with a bankroll the totals are not a race to the last round: the round's call", () => {
    const bankroll = { ...inGame(view, 12, [24, 42]), options: { ...view.options, bankroll: 30 } };
    expect(call(greedyChoice(bankroll))).toBe('shobu');
  });
});
