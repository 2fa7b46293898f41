/**
 * The board model both front ends format: a view of each game → its key facts, in table
 * seats. Expected values are worked out from docs/rules.md (card values §3.4/§5.4, yaku
 * §3.5/§4.3/§5.4, Oi-bana's auction §3.11) and from the view each test builds.
 */
import {
  type GameView,
  gameById,
  type KoiKoiView,
  type NaraView,
  type OibanaView,
  type SakuraView,
} from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { boardOf, liveScore, yakuStanding } from '../src/index.js';

function start<V extends GameView>(
  id: string,
  setup: { players: number; teams?: number[][]; options?: unknown },
): V {
  const game = gameById(id)!;
  const made = game.newGame({ seed: `board-model:${id}`, ...setup });
  if (!made.ok) throw new Error(made.error.message);
  return game.view(made.value.state, 0) as V;
}

const heldIds = (view: GameView, side: number) => yakuStanding(boardOf(view), side).held.map((y) => y.id);

describe('Sakura', () => {
  const view = start<SakuraView>('sakura', {
    players: 4,
    teams: [
      [0, 2],
      [1, 3],
    ],
    options: { scoring: 'victories' },
  });
  const mid: SakuraView = {
    ...view,
    // Seat 0 and its partner seat 2 hold the three poetry ribbons between them; seat 1 two blue ribbons.
    captured: [['pine-poetry', 'plum-poetry'], ['peony-blue', 'chrysanthemum-blue'], ['cherry-poetry'], []],
    hikis: [
      { seat: 1, month: null },
      { seat: 0, month: 3 },
    ],
    gaji: { seat: 2, with: 'maple-deer' },
    discarded: ['plum-chaff-1'],
  };
  const board = boardOf(mid);

  it('seats partners on one side, and a side scores its members together', () => {
    expect(board.sides).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(board.seats.map((s) => s.side)).toEqual([0, 1, 0, 1]);
    expect(board.totalsKind).toBe('victories');
    // Three ribbons at 10 each; two blue ribbons at 10 each.
    expect(liveScore(board, 0)).toEqual({ kind: 'points', value: 30 });
    expect(liveScore(board, 1)).toEqual({ kind: 'points', value: 20 });
    // Ha (the poetry ribbons) made by the team; seat 1's Ni lacks maple-blue.
    expect(heldIds(mid, 0)).toEqual(['Ha']);
    expect(heldIds(mid, 1)).toEqual([]);
  });

  it('carries hikis, the Gaji’s claim and the discards as data', () => {
    expect(board.seats[0].badges).toEqual(['hiki:3']);
    expect(board.seats[1].badges).toEqual(['hiki']);
    expect(board.hikis).toEqual(mid.hikis);
    expect(board.claim).toEqual({ seat: 2, card: 'willow-lightning', with: 'maple-deer' });
    expect(board.discarded).toEqual(['plum-chaff-1']);
    expect(board.lastRound).toBe(6);
    expect(board.target).toBeNull();
    expect(board.duelists).toBeNull();
  });

  it('a yaku whose missing card is out of play is no longer within reach', () => {
    const near = (discarded: string[]) =>
      yakuStanding(boardOf({ ...mid, discarded }), 1).near.map((y) => y.id);
    expect(near([])).toEqual(['Ni']);
    expect(near(['maple-blue'])).toEqual([]);
  });
});

describe('Koi-Koi', () => {
  const view = start<KoiKoiView>('koikoi', { players: 2 });
  const mid: KoiKoiView = {
    ...view,
    captured: [['pine-crane', 'cherry-curtain', 'susuki-moon'], []],
    yaku: [
      { ids: ['sanko'], total: 6 },
      { ids: [], total: 0 },
    ],
    koikoi: [2, 0],
    reference: [6, 0],
  };
  const board = boardOf(mid);

  it('gives each seat its calls and the total a new yaku must beat', () => {
    expect(board.seats[0].koikoi).toEqual({ calls: 2, needs: 6 });
    expect(board.seats[0].badges).toEqual(['koikoi:2']);
    expect(board.seats[1].koikoi).toBeUndefined();
    expect(board.seats[0].yakuTotal).toBe(6);
    expect(liveScore(board, 0)).toEqual({ kind: 'yaku', value: 6 });
  });

  it("scores Sanko (three brights without the rainman) at the default's 6", () => {
    const sanko = board.yaku[0].find((y) => y.id === 'sanko');
    expect(sanko?.points).toBe(6);
    expect(board.sides).toEqual([[0], [1]]);
    expect(board.claim).toBeNull();
  });
});

describe('Nara', () => {
  const view = start<NaraView>('nara', { players: 4, options: { length: 'target:400' } });

  it('names the target instead of a last round, and each seat’s debt and draw pile', () => {
    const board = boardOf({
      ...view,
      bankrolls: view.bankrolls.map((b, s) => (s === 2 ? { ...b, debt: 120 } : b)),
    });
    expect(board.lastRound).toBeNull();
    expect(board.target).toBe(400);
    expect(board.seats.map((s) => s.debt)).toEqual([0, 0, 120, 0]);
    expect(board.seats.map((s) => s.drawSize)).toEqual(view.drawSizes);
    expect(board.totalsKind).toBe('bankroll');
  });

  it('scores captures against the base of 160, and Lower Dango at 50', () => {
    // pine-crane 30 + three poetry ribbons at 20 = 90, less 160.
    const board = boardOf({
      ...view,
      captured: [['pine-crane', 'pine-poetry', 'plum-poetry', 'cherry-poetry'], [], [], []],
    });
    expect(liveScore(board, 0)).toEqual({ kind: 'nara', points: 90, value: -70 });
    expect(board.yaku[0].find((y) => y.id === 'lower-dango')?.points).toBe(50);
  });

  it('before a seat chooses its hand: its piles, and no draw pile shown to it', () => {
    const board = boardOf({
      ...view,
      viewer: 0,
      pileSizes: [[4, 4], [], [], []],
      blank: { seat: 1, with: null },
    });
    expect(board.seats[0].piles).toEqual([4, 4]);
    expect(board.seats[0].badges).toEqual(['piles:4+4']);
    expect(board.seats[1].piles).toBeUndefined();
    expect(board.pileSize).toBe(0);
    expect(board.claim).toEqual({ seat: 1, card: 'blank', with: null });
  });
});

describe('Oi-bana', () => {
  const game = gameById('oibana')!;
  // Bids by seat; the two highest (seats 1 and 3) play, the higher first (docs/rules.md 3.11).
  const wanted = [100, 300, 0, 200];
  const made = game.newGame({ players: 4, seed: 'board-model:oibana' });
  if (!made.ok) throw new Error(made.error.message);
  let state = made.value.state;
  const views: OibanaView[] = [];
  for (let guard = 0; (game.view(state, 0) as OibanaView).phase === 'bid' && guard < 10; guard++) {
    views.push(game.view(state, 0) as OibanaView);
    const seat = game.toMove(state)!;
    // Any whole number up to the bankroll is a bid, not only the steps the engine offers.
    const next = game.apply(state, { seat, bid: wanted[seat] });
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  const auction = boardOf(views.at(-1)!);
  const round = boardOf(game.view(state, 3) as GameView);

  it('during the auction: every seat plays, with 8 cards, its bid as it is made', () => {
    expect(auction.duelists).toBeNull();
    expect(auction.seats.every((s) => s.playing && s.handSize === 8)).toBe(true);
    expect(auction.seats.filter((s) => s.bid !== null).length).toBe(3);
    expect(auction.field).toEqual([]);
  });

  it('after it: the two highest bidders play a Sakura round, the others watch', () => {
    expect(round.duelists).toEqual([1, 3]);
    expect(round.seats.map((s) => s.bid)).toEqual(wanted);
    expect(round.seats.map((s) => s.playing)).toEqual([false, true, false, true]);
    expect(round.seats.map((s) => s.handSize)).toEqual([0, 8, 0, 8]);
    // The higher bidder deals the round; 8 cards face up, the pile the rest of 48 less 16 held.
    expect(round.dealer).toBe(1);
    expect(round.field).toHaveLength(8);
    expect(round.pileSize).toBe(48 - 16 - 8);
    expect(round.hand).toHaveLength(8);
    expect(round.totals).toEqual([1000, 1000, 1000, 1000]);
  });
});
