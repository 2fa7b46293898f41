/**
 * Nara seats its players by the first-dealer draw (docs/rules.md 5.1, source 004: "the second
 * earliest sits on the dealer's right, etc."): play, the deal and tie-breaks follow that order.
 */
import { describe, expect, it } from 'vitest';
import { NARA_VALUES, card, nara, type NaraState } from '../../src/index.js';
import { playRandom } from '../support/random-play.js';

const MONTHS = [
  'pine',
  'plum',
  'cherry',
  'wisteria',
  'iris',
  'peony',
  'clover',
  'susuki',
  'chrysanthemum',
  'maple',
  'willow',
  'paulownia',
];
/** The draw's order, written from the source: earlier month first (the blank after December), then the higher value. */
const rank = (id: string): number =>
  (id === 'blank' ? 13 : MONTHS.indexOf(id.split('-')[0]) + 1) * 1000 - NARA_VALUES[card(id)];

interface Pass {
  seats: number[];
  cards: string[];
}

/** The seating the passes give: each pass ranks its seats; seats tied there are ordered by a later pass of exactly them. */
function seatingOf(passes: Pass[]): number[] {
  const later = passes.slice(1);
  const order = (pass: Pass): number[] => {
    const ranks = [...new Set(pass.cards.map(rank))].sort((a, b) => a - b);
    return ranks.flatMap((r) => {
      const tied = pass.seats.filter((_, i) => rank(pass.cards[i]) === r);
      if (tied.length === 1) return tied;
      const again = later.find(
        (p) => p.seats.length === tied.length && p.seats.every((s) => tied.includes(s)),
      );
      if (again === undefined) throw new Error(`no redraw for tied seats ${tied.join(',')}`);
      return order(again);
    });
  };
  return order(passes[0]);
}

describe('Nara seating by the draw', () => {
  it('plays each round from its dealer in the order of the draw, not of seat numbers (the seed of simulate --seed 1010: the draw says 2, 1, 0, 3)', () => {
    const game = playRandom(nara, { players: 4, options: { length: 'rounds:6' }, seed: '1010:0' }, 1);
    const first = game.steps[0].events.find((e) => e.public.type === 'first-dealer')!.public as unknown as {
      dealer: number;
      passes: Pass[];
    };
    expect(seatingOf(first.passes)).toEqual([2, 1, 0, 3]);
    expect(first.dealer).toBe(2);
  });

  it('seats every game by its draw: the dealer first, hand plays and the deal in that order each round', () => {
    let orders = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const game = playRandom(nara, { players: 4, options: { length: 'rounds:2' }, seed }, seed);
      const events = game.steps.flatMap((s) => s.events.map((e) => e.public));
      const first = events.find((e) => e.type === 'first-dealer') as unknown as {
        dealer: number;
        passes: Pass[];
        seating: number[];
      };
      const seating = seatingOf(first.passes);
      orders.add(seating.join(''));
      expect(first.dealer).toBe(seating[0]);
      expect(first.seating).toEqual(seating);
      expect((game.steps[0].state as NaraState).seating).toEqual(seating);
      let plays: number[] = [];
      let dealer = -1;
      const check = (): void => {
        if (plays.length === 0) return;
        const from = seating.indexOf(dealer);
        expect(plays, `seed ${seed}`).toEqual(plays.map((_, i) => seating[(from + i) % 4]));
      };
      for (const e of events) {
        if (e.type === 'round-start') {
          check();
          plays = [];
          dealer = e.dealer as number;
        }
        if (e.type === 'play') plays.push(e.seat as number);
      }
      check();
    }
    // The draw really reorders seats: more than the 4 rotations of seat order come up.
    orders = new Set([...orders].filter((o) => !['0123', '1230', '2301', '3012'].includes(o)));
    expect(orders.size).toBeGreaterThan(3);
  });

  it("replays a deal of a game (startAt) in the seed's seating", () => {
    const replayed = nara.newGame({ players: 4, seed: '1010:0', startAt: { round: 3, dealer: 0 } });
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.value.state.seating).toEqual([2, 1, 0, 3]);
  });
});
