// @vitest-environment happy-dom
/** A completed yaku is announced: who made it, which, and in Sakura what it costs the others. */
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import type { GameView } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import type { BoardModel } from '@hanafuda/table';
import { newlyCompleted } from '../src/games/yaku-events.js';
import { stringsFor } from '../src/i18n/i18n.js';
import { YakuBanner } from '../src/ui/yaku-banner.js';
import { YakuList } from '../src/ui/yaku-list.js';

const t = stringsFor('en');

/** 4-player Sakura in teams {0,2}, {1,3}: the given captures per seat, as the table's model and the engine's view. */
function moment(captured: string[][], round = 1): { board: BoardModel; view: GameView } {
  const view = {
    game: 'sakura',
    sides: [
      [0, 2],
      [1, 3],
    ],
    captured,
    options: { yaku: 'on' },
  } as unknown as GameView;
  return { view, board: board(captured, round) };
}
function board(captured: string[][], round: number): BoardModel {
  return {
    game: 'sakura',
    round,
    lastRound: 3,
    target: null,
    duelists: null,
    dealer: 0,
    toMove: 0,
    viewer: 0,
    phase: 'hand',
    sides: [
      [0, 2],
      [1, 3],
    ],
    totals: [0, 0],
    totalsKind: 'points',
    seats: captured.map((cards, seat) => ({
      seat,
      side: seat % 2,
      handSize: 3,
      captured: cards,
      playing: true,
      badges: [],
    })),
    field: [],
    pileSize: 10,
    hand: [],
    pending: null,
    actions: [],
    claim: null,
    hikis: [],
    discarded: [],
    resultsCount: 0,
    yaku: [[], []],
  };
}
// Chi (RULES.md 3.5): boar, deer, geese; the team's partners hold two, then the third comes in.
const before = moment([[], ['clover-boar'], [], ['maple-deer']]);
const after = moment([[], ['clover-boar', 'susuki-geese'], [], ['maple-deer']]);

describe('the yaku banner', () => {
  it("finds the yaku a side completes, counting both partners' cards, and nothing across rounds", () => {
    const [chi] = newlyCompleted(before, after);
    expect(chi).toMatchObject({ side: 1, id: 'Chi', points: 50 });
    expect([...chi!.cards].sort()).toEqual(['clover-boar', 'maple-deer', 'susuki-geese']);
    expect(newlyCompleted(after, after)).toEqual([]);
    expect(
      newlyCompleted(
        before,
        moment(
          after.board.seats.map((s) => [...s.captured]),
          2,
        ),
      ),
    ).toEqual([]);
  });

  it('announces it with its cards and the Sakura penalty', () => {
    const root = document.createElement('div');
    const name = (s: number) => ['You', 'Hana', 'Kaze', 'Tsuki'][s]!;
    void act(() => render(h(YakuBanner, { ...before, t, name, penalty: true }), root));
    expect(root.querySelector('.yaku-banner')).toBeNull();
    void act(() => render(h(YakuBanner, { ...after, t, name, penalty: true }), root));
    expect(root.querySelector('.yaku-line')?.textContent).toBe(
      'Hana and Tsuki complete Chi (Inoshikagan, Boar-Deer-Geese)',
    );
    // The moment says what the yaku is on every screen: its gloss is not the element a phone leaves out (styles.css: .yaku-gloss).
    expect(root.querySelector('.yaku-line .yaku-gloss')).toBeNull();
    expect(root.querySelector('.yaku-stake')?.textContent).toBe('the others −50 each');
    const shown = [...root.querySelectorAll<HTMLElement>('[data-yaku-card]')]
      .map((e) => e.dataset.yakuCard)
      .sort();
    expect(shown).toEqual(['clover-boar', 'maple-deer', 'susuki-geese']);
    // The showcase's cards are not the table's: the card flights must not take them for moved cards.
    expect(root.querySelector('.yaku-moment [data-card]')).toBeNull();
  });

  it('brackets each yaku in Japanese, and glosses it unless asked to leave the gloss to the screen', () => {
    const ja = stringsFor('ja');
    const root = document.createElement('div');
    const list = (glossed: boolean) =>
      render(
        h(YakuList, {
          game: 'sakura',
          ids: ['To', 'Chi'],
          lang: 'ja',
          separator: ja.yakuSeparator,
          quote: ja.quoteYaku,
          glossed,
        }),
        root,
      );
    list(true);
    expect(root.textContent).toBe('「と（藤・菖蒲・萩のタネ）」・「ち（猪鹿雁）」');
    expect(root.querySelector('.yaku-gloss')).toBeNull();
    list(false);
    // The same words; a phone's style may hide the glosses, each its own element.
    expect(root.textContent).toBe('「と（藤・菖蒲・萩のタネ）」・「ち（猪鹿雁）」');
    expect([...root.querySelectorAll('.yaku-gloss')].map((g) => g.textContent)).toEqual([
      '（藤・菖蒲・萩のタネ）',
      '（猪鹿雁）',
    ]);
  });
});
