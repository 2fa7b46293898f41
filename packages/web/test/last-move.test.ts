/** The last move's cards, read from the log. */
import { describe, expect, it } from 'vitest';
import { lastMove } from '../src/state/last-move.js';

describe('the last move', () => {
  it('is the latest turn: the hand play and its capture, the draw and its capture', () => {
    const log = [
      { type: 'round-start', round: 1, dealer: 0 },
      { type: 'play', seat: 0, card: 'pine-chaff-1' },
      { type: 'draw', seat: 0, card: 'plum-chaff-1' },
      { type: 'play', seat: 1, card: 'pine-crane' },
      { type: 'capture', seat: 1, cards: ['pine-crane', 'pine-chaff-1'] },
      { type: 'draw', seat: 1, card: 'cherry-curtain' },
      { type: 'to-field', seat: 1, card: 'cherry-curtain' },
    ];
    expect(lastMove(log)).toEqual({
      seat: 1,
      cards: new Set(['pine-crane', 'pine-chaff-1', 'cherry-curtain']),
    });
  });

  it('is a draw alone when the hand is empty, without the turn before it', () => {
    const log = [
      { type: 'play', seat: 0, card: 'pine-chaff-1' },
      { type: 'draw', seat: 0, card: 'plum-chaff-1' },
      { type: 'draw', seat: 1, card: 'plum-warbler' },
      { type: 'capture', seat: 1, cards: ['plum-warbler', 'plum-chaff-1'] },
    ];
    expect(lastMove(log)).toEqual({ seat: 1, cards: new Set(['plum-warbler', 'plum-chaff-1']) });
  });

  it('is nothing at the start of a round', () => {
    expect(
      lastMove([
        { type: 'play', seat: 0, card: 'pine-chaff-1' },
        { type: 'round-start', round: 2, dealer: 1 },
      ]),
    ).toEqual({ seat: null, cards: new Set() });
  });
});
