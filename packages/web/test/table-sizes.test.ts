/** The cards' sizes at the table, from the screen (src/ui/table-sizes.ts). */
import { describe, expect, it } from 'vitest';
import { cardSizes, MIN_TAP } from '../src/ui/table-sizes.js';

describe('card sizes from the screen', () => {
  it('makes the hand the biggest thing on a phone: one row while cards stay a finger wide, else two', () => {
    // Sakura for two deals 10 cards: one row at 360 px would give 28 px cards.
    const ten = cardSizes({ width: 360, height: 680, hand: 10 });
    expect(ten.handColumns).toBe(5);
    expect(ten.hand).toBeGreaterThanOrEqual(56);
    expect(ten.hand).toBeGreaterThan(ten.field);
    const six = cardSizes({ width: 360, height: 680, hand: 6 });
    expect(six.handColumns).toBe(6);
    expect(six.hand).toBeGreaterThanOrEqual(48);
    for (const n of [1, 3, 7, 8, 10])
      for (const width of [320, 360, 390])
        expect(cardSizes({ width, height: 600, hand: n }).hand).toBeGreaterThanOrEqual(MIN_TAP);
    expect(ten.field).toBeGreaterThanOrEqual(MIN_TAP);
  });

  it('grows everything on a large screen, and gives the hand up to the field when it did not fit', () => {
    const laptop = cardSizes({ width: 1280, height: 640, hand: 8 });
    const big = cardSizes({ width: 1920, height: 1000, hand: 8 });
    expect(big.hand).toBeGreaterThan(laptop.hand);
    expect(big.field).toBeGreaterThan(laptop.field);
    expect(big.small).toBeGreaterThan(laptop.small);
    expect(cardSizes({ width: 1280, height: 640, hand: 8, squeeze: 30 }).hand).toBeLessThan(laptop.hand);
    // Squeezed as far as it goes, a phone's hand is still no smaller than the field's cards.
    const squeezed = cardSizes({ width: 360, height: 500, hand: 8, squeeze: 400 });
    expect(squeezed.hand).toBe(Math.max(MIN_TAP, squeezed.field));
  });

  it("keeps a replay's hand, only looked at, no bigger than the field's cards", () => {
    const replay = cardSizes({ width: 390, height: 700, hand: 8, compactHand: true });
    expect(replay.hand).toBeLessThanOrEqual(replay.field);
    expect(replay.handColumns).toBe(8);
  });
});
