/** The first-dealer event pairs each seat with the card it drew (the published log of a fair shuffle). */
import { describe, expect, it } from 'vitest';
import { koikoi, oibana, sakura, type GameModule } from '../../src/index.js';

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
const month = (id: string): number => MONTHS.indexOf(id.split('-')[0]);

interface FirstDealer {
  dealer: number;
  passes: { seats: number[]; cards: string[] }[];
}

const firstDealer = (game: GameModule, players: number, seed: string): FirstDealer => {
  const start = game.newGame({ players, seed });
  if (!start.ok) throw new Error(start.error.message);
  return start.value.events.find((e) => e.public.type === 'first-dealer')!.public as unknown as FirstDealer;
};

describe('the first-dealer event', () => {
  it.each([
    { name: 'sakura', game: sakura, players: 2 },
    { name: 'sakura', game: sakura, players: 5 },
    { name: 'oibana', game: oibana, players: 4 },
    { name: 'koikoi', game: koikoi, players: 2 },
  ])(
    '$name with $players players: the dealer drew the earliest month of the last pass',
    ({ game, players }) => {
      for (let seed = 0; seed < 60; seed++) {
        const e = firstDealer(game as GameModule, players, `s${seed}`);
        const last = e.passes[e.passes.length - 1];
        const months = last.cards.map(month);
        expect(last.seats.length).toBe(last.cards.length);
        expect(months[last.seats.indexOf(e.dealer)], `seed s${seed}: ${JSON.stringify(e)}`).toBe(
          Math.min(...months),
        );
      }
    },
  );

  it('simulate --game sakura --players 2 --seed 1: seat 1 deals because seat 1 drew the earlier month', () => {
    const e = firstDealer(sakura as GameModule, 2, '1:0');
    expect(e.dealer).toBe(1);
    const [pass] = e.passes;
    expect(month(pass.cards[pass.seats.indexOf(1)])).toBeLessThan(month(pass.cards[pass.seats.indexOf(0)]));
  });
});
