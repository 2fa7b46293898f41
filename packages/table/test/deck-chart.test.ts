/** The Rules page's deck chart: every card once, by month, with its values and yaku as docs/rules.md gives them. */
import { describe, expect, it } from 'vitest';
import { deckChart } from '../src/deck-chart.js';

const rows = deckChart();
const all = rows.flat();
const card = (id: string) => all.find((c) => c.id === id)!;

describe('the deck chart', () => {
  it('has twelve months of four, then the blank, every card once', () => {
    expect(rows.map((r) => r.length)).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1]);
    expect(new Set(all.map((c) => c.id)).size).toBe(49);
    expect(rows[0].map((c) => c.id)).toEqual(['pine-crane', 'pine-poetry', 'pine-chaff-1', 'pine-chaff-2']);
    expect(rows[12][0]).toMatchObject({ id: 'blank', cls: 'blank', sakura: null, nara: 40 });
  });

  it('adds up to each deck’s total (Sakura 240, Nara 640 with the blank)', () => {
    expect(all.reduce((n, c) => n + (c.sakura ?? 0), 0)).toBe(240);
    expect(all.reduce((n, c) => n + c.nara, 0)).toBe(640);
  });

  it('names the yaku of a card in each game', () => {
    expect(card('pine-crane')).toMatchObject({
      cls: 'bright',
      sakura: 20,
      nara: 30,
      yaku: { sakura: ['Ro'], koikoi: ['goko', 'shiko', 'ame-shiko', 'sanko'], nara: ['upper-dango'] },
    });
    // The rain man is a bright of Goko and Ame-Shiko only (docs/rules.md 4.3).
    expect(card('willow-rainman').yaku.koikoi).toEqual(['goko', 'ame-shiko']);
    expect(card('chrysanthemum-sake').yaku).toEqual({
      sakura: ['I', 'Ho'],
      koikoi: ['tane', 'kasu', 'tsukimi', 'hanami', 'tsukimi-hanami'],
      nara: ['tsukimi'],
    });
    expect(card('maple-blue').yaku).toEqual({
      sakura: ['Ni'],
      koikoi: ['akatan-aotan', 'aotan', 'tanzaku'],
      nara: ['aotan'],
    });
    expect(card('willow-lightning')).toMatchObject({
      cls: 'chaff',
      sakura: 0,
      yaku: { sakura: [], koikoi: ['kasu'], nara: [] },
    });
  });

  it('puts each Sakura yaku on exactly its three cards', () => {
    const counts = new Map<string, number>();
    for (const c of all) for (const y of c.yaku.sakura) counts.set(y, (counts.get(y) ?? 0) + 1);
    expect([...counts.values()]).toEqual(new Array(8).fill(3));
  });
});
