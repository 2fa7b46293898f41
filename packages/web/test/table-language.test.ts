// @vitest-environment happy-dom
/** The table speaks each game's language: captures by value or class, live scores per side, team yaku progress. */
import { type Action, pileYakuProgress } from '@hanafuda/engine';
import {
  type BoardModel,
  type GameId,
  liveScore,
  pileRulesOf,
  type SeatModel,
  sideCards,
} from '@hanafuda/table';
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../src/i18n/i18n.js';
import { Prompt } from '../src/ui/prompt.js';
import { captureWords, liveScoreText } from '../src/ui/captures.js';
import { SeatPanel } from '../src/ui/seat-panel.js';
import { optionsView } from './support/options-view.js';

const t = stringsFor('en');

/** A table in mid-round with the given captures per seat; the rest as a fresh round would have it. */
function boardWith(
  game: GameId,
  captured: string[][],
  sides: number[][],
  extra: Partial<SeatModel>[] = [],
): BoardModel {
  const seats: SeatModel[] = captured.map((cards, seat) => ({
    seat,
    side: sides.findIndex((m) => m.includes(seat)),
    handSize: 3,
    captured: cards,
    playing: true,
    badges: [],
    ...extra[seat],
  }));
  return {
    game,
    round: 1,
    lastRound: 3,
    target: null,
    duelists: null,
    dealer: 0,
    toMove: 0,
    viewer: 0,
    phase: 'hand',
    seats,
    sides,
    totals: sides.map(() => 0),
    totalsKind: 'points',
    field: [],
    pileSize: 10,
    hand: [],
    pending: null,
    actions: [],
    claim: null,
    hikis: [],
    discarded: [],
    resultsCount: 0,
    // The engine's progress for each side's pile, as the adapters give it.
    yaku: sides.map((members) =>
      pileYakuProgress(
        pileRulesOf(optionsView(game), 1),
        members.flatMap((s) => captured[s]),
      ),
    ),
  };
}

function mountSeat(board: BoardModel, seat: number): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  render(
    h(SeatPanel, { board, seat: board.seats[seat], name: `Seat ${seat}`, detail: '', t, turnIndex: 0 }),
    root,
  );
  return root;
}

describe("the table in each game's terms", () => {
  // 4-player Sakura in teams {0,2} and {1,3}: seat 1 holds the boar, its partner seat 3 the deer (Chi: boar, deer, geese).
  const teams = boardWith(
    'sakura',
    [[], ['clover-boar', 'pine-crane'], [], ['maple-deer', 'paulownia-yellow']],
    [
      [0, 2],
      [1, 3],
    ],
  );

  it("adds a team's captures into one live score and one yaku progress, shown on both partners", () => {
    expect(sideCards(teams, 1).sort()).toEqual([
      'clover-boar',
      'maple-deer',
      'paulownia-yellow',
      'pine-crane',
    ]);
    // RULES.md 3.4: boar 5, crane 20, deer 5, yellow paulownia 10.
    expect(liveScore(teams, 1)).toEqual({ kind: 'points', value: 40 });
    for (const seat of [1, 3]) {
      const root = mountSeat(teams, seat);
      expect(root.querySelector('.badge.team')?.textContent).toBe('Team 2 · 40 pts');
      const chi = [...root.querySelectorAll('.chip')].find((c) => c.textContent?.startsWith('Chi'));
      // Chi is boar, deer and geese: its three months shown, the two the team holds lit.
      expect(
        [...chi!.querySelectorAll('.chip-mark')].map((m) => Number(m.textContent)).sort((a, b) => a - b),
      ).toEqual([7, 8, 10]);
      expect(chi!.querySelectorAll('.chip-mark.got')).toHaveLength(2);
    }
  });

  it('summarises captures by value in Sakura (the yellow paulownia with the 10s) and by class in Koi-Koi, with its yaku total', () => {
    // The compact count is in the ▾ detail; a team's seat says in words how many cards it holds.
    const team = mountSeat(teams, 3);
    expect(team.querySelector('.capture-popover .capture-compact')?.textContent).toContain('10×1');
    expect(team.querySelector('.seat-captures summary')?.textContent).toContain('2 cards captured');
    const koikoi = boardWith(
      'koikoi',
      [[], ['pine-crane', 'cherry-curtain', 'susuki-moon']],
      [[0], [1]],
      [{}, { yakuTotal: 5 }],
    );
    const seat = mountSeat(koikoi, 1);
    const summary = seat.querySelector('.seat-captures summary')?.textContent ?? '';
    expect(summary).toContain('Brights×3');
    expect(summary).toContain('yaku worth 5 points');
    expect(seat.querySelector('.capture-compact')?.textContent).toContain('Yaku 5');
  });

  it('says a seat’s card points in words, with what a tap shows, and keeps the compact count in the ▾ detail', () => {
    // RULES.md 3.4: crane 20, paulownia yellow 10, boar 5: 35.
    const sakura = boardWith('sakura', [[], ['pine-crane', 'paulownia-yellow', 'clover-boar']], [[0], [1]]);
    const seat = mountSeat(sakura, 1);
    expect(seat.querySelector('summary .sum-words')?.textContent).toBe('35 points from cards');
    expect(seat.querySelector('summary .tap-how')?.textContent).toBe('tap for how');
    expect(seat.querySelector('summary')?.textContent).not.toMatch(/×/);
    expect(seat.querySelector('.capture-compact')?.textContent).toBe('20×110×15×1= 35 pts');
    const ja = stringsFor('ja');
    expect(captureWords({ kind: 'points', value: 35 }, 3, false, ja)).toBe('取り札 35点');
    expect(captureWords({ kind: 'nara', points: 20, value: -140 }, 3, false, ja)).toBe('取り札 −140点');
    expect(liveScoreText({ kind: 'nara', points: 20, value: -140 }, ja)).toBe(
      '取り札 20点（基準の160点との差 −140）',
    );
    expect(liveScoreText({ kind: 'nara', points: 200, value: 40 }, t)).toBe(
      '200 card points, 160 needed to break even: +40',
    );
    expect(captureWords({ kind: 'yaku', value: 0 }, 3, false, t)).toBeNull();
  });

  it("gives Nara's card score as captured value less 160 (RULES.md 5.4)", () => {
    const nara = boardWith(
      'nara',
      [['pine-crane', 'blank', 'pine-poetry'], [], [], []],
      [[0], [1], [2], [3]],
    );
    expect(liveScore(nara, 0)).toEqual({ kind: 'nara', points: 90, value: -70 });
    const seat = mountSeat(nara, 0);
    expect(seat.querySelector('.sum-points')?.textContent).toBe('= −70 pts');
    // The seat says the card score; its ▾ detail how it is measured.
    expect(seat.querySelector('summary .sum-words')?.textContent).toBe('−70 points from cards');
    expect(seat.querySelector('.capture-popover .capture-how')?.textContent).toBe(
      '90 card points, 160 needed to break even: −70',
    );
  });

  it('says what an Oi-bana bid costs or wins under the oiPays house rule', () => {
    const board = {
      ...boardWith('oibana', [[], [], []], [[0], [1], [2]]),
      phase: 'bid',
      actions: [
        { seat: 0, bid: 0 },
        { seat: 0, bid: 100 },
      ] as unknown as Action[],
    };
    const text = (oiPays: 'winner-bid' | 'loser-bid') => {
      const root = document.createElement('div');
      render(
        h(Prompt, {
          board,
          t,
          selected: null,
          onCancel: () => undefined,
          act: () => undefined,
          name: (s: number) => `Seat ${s}`,
          bankroll: 1000,
          oiPays,
        }),
        root,
      );
      return root.querySelector('.bid-terms')?.textContent;
    };
    // RULES.md (oiPays): the loser pays the winner the winner's bid, or the loser's own bid.
    expect(text('winner-bid')).toMatch(/win, the loser pays you your bid.*lose, you pay the winner’s bid/);
    expect(text('loser-bid')).toMatch(/lose, you pay your own bid.*win, the loser pays you their bid/);
  });
});
