/** Where seats sit around the table, and how a capture pile is grouped in each game's own terms. */
import { describe, expect, it } from 'vitest';
import { pilePoints } from '@hanafuda/table';
import { captureGroups } from '../src/games/capture-groups.js';
import { tableSeats } from '../src/games/table-seats.js';

describe('seats around the table', () => {
  it('puts the next seat on the right and the 4-player partner (two seats on) opposite', () => {
    expect(tableSeats(4, 0)).toEqual({ order: [1, 2, 3], right: [1], top: [2], left: [3] });
    expect(tableSeats(4, 2)).toEqual({ order: [3, 0, 1], right: [3], top: [0], left: [1] });
  });

  it('seats 2 and 3 players facing or beside the viewer, 7 players two to a side', () => {
    expect(tableSeats(2, 1)).toEqual({ order: [0], right: [], top: [0], left: [] });
    expect(tableSeats(3, 0)).toEqual({ order: [1, 2], right: [1], top: [], left: [2] });
    // Counter-clockwise: up the right side (1 nearest), across the top from right to left, down the left.
    expect(tableSeats(7, 0)).toEqual({ order: [1, 2, 3, 4, 5, 6], right: [2, 1], top: [4, 3], left: [5, 6] });
  });

  it('shows a spectator every seat', () => {
    expect(tableSeats(4, null).order).toEqual([0, 1, 2, 3]);
  });
});

describe('capture groups', () => {
  const pile = ['paulownia-chaff-1', 'paulownia-yellow', 'pine-crane', 'plum-warbler', 'cherry-curtain'];

  it('groups Sakura and Oi-bana by card value: the 10-point paulownia with the 10s, not the chaff', () => {
    const groups = captureGroups('sakura', pile).map((g) => [g.key, g.cards]);
    expect(groups).toEqual([
      ['20', ['pine-crane', 'cherry-curtain']],
      ['10', ['paulownia-yellow']],
      ['5', ['plum-warbler']],
      ['0', ['paulownia-chaff-1']],
    ]);
    expect(pilePoints('oibana', pile)).toBe(20 + 10 + 5 + 20);
  });

  it('groups Nara by its values (RULES.md 5.4: the blank is worth 40, above the 30s)', () => {
    expect(
      captureGroups('nara', ['pine-chaff-1', 'pine-crane', 'blank', 'pine-poetry']).map((g) => [
        g.key,
        g.cards,
      ]),
    ).toEqual([
      ['40', ['blank']],
      ['30', ['pine-crane']],
      ['20', ['pine-poetry']],
      ['0', ['pine-chaff-1']],
    ]);
    expect(pilePoints('nara', ['blank', 'pine-crane'])).toBe(70);
  });

  it('groups Koi-Koi by class, with no card points', () => {
    expect(captureGroups('koikoi', pile).map((g) => g.key)).toEqual(['bright', 'animal', 'chaff']);
    expect(pilePoints('koikoi', pile)).toBeUndefined();
  });
});
