/** Hints that say why: on positions built for it, the reason names the capture, its points, the yaku it advances or blocks, the card it keeps and the expected points. */
import { type GameModule, STANDARD_DECK, cardId, koikoi, parseScenario, sakura, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { type BotView, hintFor, hintReason } from '../src/index.js';

/** A 2-player position, seat 0 to play: the rest of the deck is the pile (in deck order). */
function position(game: GameModule, deal: { hands: string[][]; field: string[]; captured: string[][] }, options: Record<string, unknown> = {}): BotView {
  const used = new Set([...deal.hands.flat(), ...deal.field, ...deal.captured.flat()]);
  const pile = STANDARD_DECK.map(cardId).filter((id) => !used.has(id));
  const scenario = parseScenario(
    JSON.stringify({ name: 'hint', game: game.id, players: 2, options, dealer: 0, deal: { ...deal, pile }, actions: [], expect: {} }),
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
      field: ['cherry-curtain', 'maple-chaff-1', 'willow-swallow', 'paulownia-chaff-1', 'susuki-chaff-1', 'chrysanthemum-chaff-1'],
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
      field: ['cherry-curtain', 'maple-chaff-1', 'willow-swallow', 'paulownia-chaff-1', 'susuki-chaff-1', 'plum-chaff-1'],
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
    expect(hintReason(view, { seat: 0, play: 'iris-chaff-1' })).toEqual({ captures: [], points: 0, advances: [], blocks: [] });
    expect(hintReason(view, { seat: 0, koikoi: true })).toEqual({ captures: [], points: 0, advances: [], blocks: [] });
  });

  it('is the same for the same view and stream', () => {
    const view = position(koikoi, {
      hands: [
        ['cherry-chaff-1', 'iris-chaff-1', 'clover-chaff-1'],
        ['pine-chaff-1', 'wisteria-chaff-1', 'peony-chaff-1'],
      ],
      field: ['cherry-curtain', 'maple-chaff-1', 'iris-bridge', 'paulownia-chaff-1', 'susuki-chaff-1', 'plum-chaff-1'],
      captured: [[], []],
    });
    expect(hintFor(view, seedRng('same'))).toEqual(hintFor(view, seedRng('same')));
  });
});
