/** Hints that say why: on positions built for it, the reason names the capture, its points, the yaku it advances or blocks, the card it keeps, the expected points and the chance of winning the game. */
import {
  type GameModule,
  STANDARD_DECK,
  cardId,
  koikoi,
  parseScenario,
  sakura,
  seedRng,
} from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { type BotView, HINT_ITERATIONS, actionFigures, hintFor, hintReason } from '../src/index.js';

/** A 2-player position, seat 0 to play: the rest of the deck is the pile (in deck order). */
function position(
  game: GameModule,
  deal: { hands: string[][]; field: string[]; captured: string[][] },
  options: Record<string, unknown> = {},
): BotView {
  const used = new Set([...deal.hands.flat(), ...deal.field, ...deal.captured.flat()]);
  const pile = STANDARD_DECK.map(cardId).filter((id) => !used.has(id));
  const scenario = parseScenario(
    JSON.stringify({
      name: 'hint',
      game: game.id,
      players: 2,
      options,
      dealer: 0,
      deal: { ...deal, pile },
      actions: [],
      expect: {},
    }),
  );
  if (!scenario.ok) throw new Error(scenario.error.message);
  const start = game.fromScenario(scenario.value.setup);
  if (!start.ok) throw new Error(start.error.message);
  return game.view(start.value.state, 0) as BotView;
}

describe('hint reasons', () => {
  it('Sakura: taking the curtain names its 20 points, the Ro it completes and the card kept from the opponent, and beats the next best by the search', () => {
    const view = position(sakura, {
      hands: [
        ['cherry-chaff-1', 'iris-chaff-1', 'clover-chaff-1'],
        ['pine-chaff-1', 'wisteria-chaff-1', 'peony-chaff-1'],
      ],
      field: [
        'cherry-curtain',
        'maple-chaff-1',
        'willow-swallow',
        'paulownia-chaff-1',
        'susuki-chaff-1',
        'chrysanthemum-chaff-1',
      ],
      captured: [['pine-crane', 'plum-warbler'], []],
    });
    const hint = hintFor(view, seedRng('hint-sakura'));
    expect(hint.action).toEqual({ seat: 0, play: 'cherry-chaff-1' });
    expect(hint.reason.captures).toEqual(['cherry-chaff-1', 'cherry-curtain']);
    expect(hint.reason.points).toBe(20);
    expect(hint.reason.advances).toContain('Ro');
    expect(hint.reason.blocks).toEqual([]);
    expect(hint.reason.keeps).toBe('cherry-curtain');
    expect(hint.reason.expected!.move).toBeGreaterThan(hint.reason.expected!.next);
  });

  it('Koi-Koi: taking the curtain blocks the Hanami-zake of an opponent who holds the sake cup; no card points in Koi-Koi', () => {
    const view = position(koikoi, {
      hands: [
        ['cherry-chaff-1', 'iris-chaff-1', 'clover-chaff-1'],
        ['pine-chaff-1', 'wisteria-chaff-1', 'peony-chaff-1'],
      ],
      field: [
        'cherry-curtain',
        'maple-chaff-1',
        'willow-swallow',
        'paulownia-chaff-1',
        'susuki-chaff-1',
        'plum-chaff-1',
      ],
      captured: [[], ['chrysanthemum-sake']],
    });
    const hint = hintFor(view, seedRng('hint-koikoi'));
    expect(hint.action).toEqual({ seat: 0, play: 'cherry-chaff-1' });
    expect(hint.reason.blocks).toEqual(['hanami']);
    expect(hint.reason.advances).toEqual([]);
    expect(hint.reason.points).toBeUndefined();
    expect(hint.reason.keeps).toBe('cherry-curtain');
  });

  it('a card left on the field captures nothing and keeps nothing; a call (Koi-Koi, a hiki) has no capture to tell of', () => {
    const view = position(sakura, {
      hands: [
        ['cherry-chaff-1', 'iris-chaff-1'],
        ['pine-chaff-1', 'wisteria-chaff-1'],
      ],
      field: ['maple-chaff-1', 'willow-swallow', 'paulownia-chaff-1', 'susuki-chaff-1'],
      captured: [[], []],
    });
    expect(hintReason(view, { seat: 0, play: 'iris-chaff-1' })).toEqual({
      captures: [],
      points: 0,
      advances: [],
      blocks: [],
    });
    expect(hintReason(view, { seat: 0, koikoi: true })).toEqual({
      captures: [],
      points: 0,
      advances: [],
      blocks: [],
    });
  });

  it("Koi-Koi: the expected points are the round's, the game's stake a chance beside them", () => {
    const dealt = position(koikoi, {
      hands: [
        ['cherry-chaff-1', 'iris-chaff-1', 'clover-chaff-1'],
        ['pine-chaff-1', 'wisteria-chaff-1', 'peony-chaff-1'],
      ],
      field: [
        'cherry-curtain',
        'maple-chaff-1',
        'iris-bridge',
        'paulownia-chaff-1',
        'susuki-chaff-1',
        'plum-chaff-1',
      ],
      captured: [['pine-crane', 'plum-warbler'], ['chrysanthemum-sake']],
    });
    const early = { ...dealt, round: 1, lastRound: 12, totals: [0, 0] } as BotView;
    const ahead = { ...early, round: 12, totals: [60, 0] } as BotView;
    const behind = { ...ahead, totals: [0, 60] } as BotView;
    const figures = (view: BotView) => actionFigures(view, seedRng('stake'), 200);
    // 60 points ahead in the last round, the game is won whatever the move; 60 behind, lost. The search's
    // value adds 100 for a won game (GAME_WIN) to the round's points, the points alone are a round's.
    for (const f of figures(ahead)) {
      expect([f.win, f.value - f.points]).toEqual([1, 100]);
      expect(Math.abs(f.points)).toBeLessThan(20);
    }
    for (const f of figures(behind)) expect([f.win, f.value - f.points]).toEqual([0, 0]);
    // In the first of 12 rounds, a chance near an even game's; under a bankroll the totals race to nothing, so none.
    for (const f of figures(early)) expect(Math.abs(f.win! - 0.5)).toBeLessThan(0.1);
    const bankroll = { ...early, options: { ...early.options, bankroll: 30 } } as BotView;
    expect(figures(bankroll).every((f) => f.win === undefined)).toBe(true);

    const hint = hintFor(ahead, seedRng('stake'));
    // The hint's own simulations: HINT_ITERATIONS shared by the actions.
    const best = actionFigures(ahead, seedRng('stake'), Math.floor(HINT_ITERATIONS / ahead.actions.length))[
      ahead.actions.findIndex((a) => JSON.stringify(a) === JSON.stringify(hint.action))
    ];
    expect(hint.reason.expected!.move).toBe(best.points);
    expect(hint.reason.win).toEqual({ move: 1, next: 1 });
    expect(hintFor(bankroll, seedRng('stake')).reason.win).toBeUndefined();
  });

  it('is the same for the same view and stream', () => {
    const view = position(koikoi, {
      hands: [
        ['cherry-chaff-1', 'iris-chaff-1', 'clover-chaff-1'],
        ['pine-chaff-1', 'wisteria-chaff-1', 'peony-chaff-1'],
      ],
      field: [
        'cherry-curtain',
        'maple-chaff-1',
        'iris-bridge',
        'paulownia-chaff-1',
        'susuki-chaff-1',
        'plum-chaff-1',
      ],
      captured: [[], []],
    });
    expect(hintFor(view, seedRng('same'))).toEqual(hintFor(view, seedRng('same')));
  });
});
