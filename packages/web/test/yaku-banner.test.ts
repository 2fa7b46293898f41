// @vitest-environment happy-dom
/** A completed yaku is announced: who made it, which, and in Sakura what it costs the others. */
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import type { BoardModel } from '../src/games/board.js';
import { newlyCompleted } from '../src/games/yaku-events.js';
import { stringsFor } from '../src/i18n/i18n.js';
import { YakuBanner } from '../src/ui/yaku-banner.js';

const t = stringsFor('en');

/** 4-player Sakura in teams {0,2}, {1,3}: the given captures per seat. */
function board(captured: string[][], round = 1): BoardModel {
  return {
    game: 'sakura', round, lastRound: 3, dealer: 0, toMove: 0, viewer: 0, phase: 'hand', sides: [[0, 2], [1, 3]], totals: [0, 0], totalsKind: 'points',
    seats: captured.map((cards, seat) => ({ seat, side: seat % 2, handSize: 3, captured: cards, playing: true, badges: [] })),
    field: [], pileSize: 10, hand: [], pending: null, actions: [], claim: null, resultsCount: 0,
  };
}
// Chi (RULES.md 3.5): boar, deer, geese; the team's partners hold two, then the third comes in.
const before = board([[], ['clover-boar'], [], ['maple-deer']]);
const after = board([[], ['clover-boar', 'susuki-geese'], [], ['maple-deer']]);

describe('the yaku banner', () => {
  it('finds the yaku a side completes, counting both partners\' cards, and nothing across rounds', () => {
    expect(newlyCompleted(before, after)).toEqual([{ side: 1, id: 'Chi' }]);
    expect(newlyCompleted(after, after)).toEqual([]);
    expect(newlyCompleted(before, board(after.seats.map((s) => [...s.captured]), 2))).toEqual([]);
  });

  it('announces it with the Sakura penalty', () => {
    const root = document.createElement('div');
    const name = (s: number) => ['You', 'Hana', 'Kaze', 'Tsuki'][s];
    act(() => render(h(YakuBanner, { board: before, t, name, penalty: true }), root));
    expect(root.querySelector('.yaku-banner')).toBeNull();
    act(() => render(h(YakuBanner, { board: after, t, name, penalty: true }), root));
    expect(root.querySelector('.yaku-banner')?.textContent).toBe('Hana & Tsuki complete Chi (Inoshikagan, Boar-Deer-Geese) — the others −50 each');
  });
});
