/** The profile's chart geometry and the leaderboard's paging (state/ratings.ts). */
import { describe, expect, it } from 'vitest';
import {
  chartOf,
  currentCursor,
  firstPage,
  nextPage,
  niceStep,
  pageNumber,
  previousPage,
  type RatedGame,
} from '../src/state/ratings.js';
import { signed } from '../src/ui/profile-page.js';

const game = (before: number, after: number, i: number): RatedGame => ({
  game: `g${i}`,
  at: i,
  before,
  after,
  place: after > before ? 1 : 2,
  forfeited: false,
});
/** A history through these shown ratings: the first is the rating before the first game. */
const through = (ratings: number[]) => ratings.slice(1).map((after, i) => game(ratings[i]!, after, i));

describe('the rating chart', () => {
  it('has a point for the rating before the first game and one after each, left to right, inside the plot', () => {
    const chart = chartOf(through([1000, 1040, 1010, 1100, 1230]));
    expect(chart.points.map((p) => p.rating)).toEqual([1000, 1040, 1010, 1100, 1230]);
    const xs = chart.points.map((p) => p.x);
    expect(xs[0]).toBe(chart.plot.left);
    expect(xs[xs.length - 1]).toBe(chart.plot.right);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    for (const p of chart.points) {
      expect(p.y).toBeGreaterThanOrEqual(chart.plot.top);
      expect(p.y).toBeLessThanOrEqual(chart.plot.bottom);
    }
  });

  it('draws a higher rating higher, on grid lines of round ratings that span every point', () => {
    const chart = chartOf(through([1000, 1040, 1010, 1100, 1230]));
    const [start, , low, , end] = chart.points;
    expect(end!.y).toBeLessThan(start!.y);
    expect(low!.y).toBeLessThan(start!.y);
    const ticks = chart.ticks.map((t) => t.rating);
    expect(ticks).toEqual([1000, 1100, 1200, 1300]);
    expect(chart.ticks[0]!.y).toBe(chart.plot.bottom);
    expect(chart.ticks[ticks.length - 1]!.y).toBe(chart.plot.top);
  });

  it('draws one game, a flat line and no games without dividing by zero', () => {
    const one = chartOf(through([1000, 1000]));
    for (const p of one.points) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
    expect(one.ticks.length).toBeGreaterThanOrEqual(2);
    expect(chartOf([]).points).toEqual([]);
  });

  it('steps its grid by round numbers', () => {
    expect([niceStep(0), niceStep(9), niceStep(40), niceStep(230), niceStep(850), niceStep(3000)]).toEqual([
      1, 5, 10, 100, 250, 1000,
    ]);
  });
});

describe('the leaderboard paging', () => {
  it('reads forward from each page’s cursor and back from the page before’s own', () => {
    let p = firstPage('koikoi-12');
    expect([pageNumber(p), currentCursor(p)]).toEqual([1, null]);
    p = nextPage(p, 'c1');
    p = nextPage(p, 'c2');
    expect([pageNumber(p), currentCursor(p)]).toEqual([3, 'c2']);
    p = previousPage(p);
    expect([pageNumber(p), currentCursor(p)]).toEqual([2, 'c1']);
    p = previousPage(previousPage(p));
    expect([pageNumber(p), currentCursor(p)]).toEqual([1, null]);
  });
});

it('writes a rating change with its sign', () => {
  expect([signed(12), signed(-8), signed(0)]).toEqual(['+12', '−8', '±0']);
});
