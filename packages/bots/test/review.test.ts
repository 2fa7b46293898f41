/** The game review: deterministic figures from the seat's view, its progress, and clear refusals. */
import { type GameRecord, gameById, makeRecord, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { ReviewError, greedyBot, oneRound, playGame, reviewGame } from '../src/index.js';
import { thrownBright } from './thrown-bright.js';

/** A one-round Koi-Koi game between two greedy bots. */
function koikoiGame(seed: string): GameRecord {
  const game = gameById('koikoi')!;
  const setup = { players: 2, options: oneRound(game), seed };
  return makeRecord(
    'koikoi',
    setup,
    playGame(game, setup, [greedyBot, greedyBot], [seedRng(`${seed}:0`), seedRng(`${seed}:1`)]).actions,
  );
}

describe('reviewGame', () => {
  it('marks a bright thrown where the opponent takes it at once as the worst decision', () => {
    const { record, throwAt, bright } = thrownBright();
    const review = reviewGame(record, { seat: 0, budget: 1000 });
    const thrown = review.decisions.find((d) => d.index === throwAt)!;
    expect(thrown.actions[thrown.played]).toEqual({ seat: 0, play: bright });
    expect(thrown.worst).toBe(true);
    expect(thrown.loss).toBe(Math.max(...review.decisions.map((d) => d.loss)));
    expect(thrown.best).not.toBe(thrown.played);
  });

  it('gives the same figures for the same record and budget, and rates only that seat', () => {
    const record = koikoiGame('review-determinism');
    const a = reviewGame(record, { seat: 1, budget: 300 });
    const b = reviewGame(record, { seat: 1, budget: 300 });
    expect(a.decisions.length).toBeGreaterThan(3);
    expect(b).toEqual(a);
    for (const d of a.decisions) {
      expect(record.actions[d.index].seat).toBe(1);
      expect(d.values).toHaveLength(d.actions.length);
      expect(d.loss).toBeCloseTo(d.values[d.best] - d.values[d.played], 9);
      expect(Math.max(...d.values)).toBe(d.values[d.best]);
    }
    expect(a.decisions.filter((d) => d.worst).length).toBeLessThanOrEqual(3);
  });

  it('reports its progress once per decision, ending at the total', () => {
    const record = koikoiGame('review-progress');
    const calls: [number, number][] = [];
    const review = reviewGame(record, {
      seat: 0,
      budget: 100,
      onProgress: (done, total) => calls.push([done, total]),
    });
    expect(calls).toEqual(review.decisions.map((_, i) => [i + 1, review.decisions.length]));
  });

  it('refuses a seat the game does not have, a bad budget and an action the rules refuse', () => {
    const record = koikoiGame('review-errors');
    expect(() => reviewGame(record, { seat: 2 })).toThrow(
      new ReviewError('no seat 2 in a 2-player game (seats 0 to 1)'),
    );
    expect(() => reviewGame(record, { seat: 0, budget: 0 })).toThrow(ReviewError);
    const broken = { ...record, actions: [record.actions[1], ...record.actions] };
    expect(() => reviewGame(broken, { seat: 0 })).toThrow(/action 0 .* is refused/);
  });
});
