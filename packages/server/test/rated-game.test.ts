/**
 * Who loses a rated game for rating, and each side's place (fair-play/rated-game.ts): the clock
 * run out `AWAY_LIMIT` times forfeits, fewer does not; a team with a forfeiter is last; equal
 * totals share a place; a seat that never moved leaves the game unrated.
 */
import { describe, expect, it } from 'vitest';
import { AWAY_LIMIT, type GameEnd, RatedGame, places } from '../src/fair-play/rated-game.js';

const koikoi = (totals: number[]): GameEnd => ({
  game: 'g1',
  accounts: ['ana', 'ben'],
  end: { type: 'game-end', totals, winners: [] } as never,
  endedAt: 1,
});

describe('a rated game’s result', () => {
  it(`forfeits a player whose clock ran out ${AWAY_LIMIT} times, not ${AWAY_LIMIT - 1}`, () => {
    const game = new RatedGame('koikoi-6', [0, 1]);
    for (let i = 0; i < AWAY_LIMIT - 1; i++) game.timedOut(0);
    expect(game.result(koikoi([30, 10]))).toMatchObject({ ranks: [1, 2], forfeited: [] });
    game.timedOut(0);
    expect(game.result(koikoi([30, 10]))).toMatchObject({ ranks: [2, 1], forfeited: ['ana'] });
  });

  it('places a team with a forfeiter last and shares a place between equal totals', () => {
    const end: GameEnd = {
      game: 'g2',
      accounts: ['a', 'b', 'c', 'd'],
      teams: [
        [0, 2],
        [1, 3],
      ],
      end: { type: 'game-end', totals: [100, 50], winners: [0] } as never,
      endedAt: 2,
    };
    const game = new RatedGame('sakura-2x2', [0, 1, 2, 3]);
    game.over((seat) => seat === 2, 4);
    expect(game.result(end)).toEqual({
      format: 'sakura-2x2',
      game: 'g2',
      teams: [
        ['a', 'c'],
        ['b', 'd'],
      ],
      ranks: [2, 1],
      forfeited: ['c'],
      endedAt: 2,
    });
    expect(places([40, 70, 40, 10], [false, false, false, false])).toEqual([2, 1, 2, 4]);
    expect(places([40, 70, 40, 10], [false, true, false, true])).toEqual([1, 3, 1, 3]);
  });

  it('is no result when a seat never moved', () => {
    expect(new RatedGame('koikoi-6', [0]).result(koikoi([10, 0]))).toBeNull();
    const game = new RatedGame('koikoi-6', [0]);
    game.movedIn(1);
    game.over((seat) => seat === 1, 2);
    expect(game.result(koikoi([10, 0]))).toMatchObject({ ranks: [1, 2], forfeited: ['ben'] });
  });
});
