/** The bots' names at a local table: counted in seat order around the person, wherever the person sits. */
import { describe, expect, it } from 'vitest';
import { BOT_NAMES, BOT_SEAT_NAMES, botNameIn, botSeatName } from '../src/index.js';

describe('botSeatName', () => {
  it('names the bots after the person in seat 0 Hana, Tsuki, Kaze…', () => {
    expect([1, 2, 3].map((s) => botSeatName(s))).toEqual(['Hana', 'Tsuki', 'Kaze']);
  });

  it('skips the person’s seat: with the person in seat 2, seats 0, 1 and 3 are Hana, Tsuki and Kaze', () => {
    expect([0, 1, 3].map((s) => botSeatName(s, 2))).toEqual(['Hana', 'Tsuki', 'Kaze']);
  });

  it('has a distinct name for each bot of the largest table (7 players)', () => {
    const names = [1, 2, 3, 4, 5, 6].map((s) => botSeatName(s));
    expect(new Set(names).size).toBe(6);
    expect(names).toEqual([...BOT_SEAT_NAMES]);
  });

  it('writes a bot’s name in katakana on a Japanese page, and any other name as it is', () => {
    expect(BOT_SEAT_NAMES.map((n) => botNameIn(n, 'ja'))).toEqual([
      'ハナ',
      'ツキ',
      'カゼ',
      'ユキ',
      'ソラ',
      'モリ',
    ]);
    expect(BOT_SEAT_NAMES.map((n) => botNameIn(n, 'en'))).toEqual([...BOT_SEAT_NAMES]);
    expect(botNameIn('Ana', 'ja')).toBe('Ana');
    // Each Japanese form is katakana only: no Latin letter is left on a Japanese page.
    for (const n of BOT_NAMES) expect(n.ja).toMatch(/^[\u30A0-\u30FF]+$/);
  });
});
