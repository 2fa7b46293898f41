import { describe, expect, it } from 'vitest';
import { CARDS, interchangeable, monthOf } from '../../src/core/cards.js';
import { CAPTURES, CHOICE, STAYS, monthMeeting } from '../../src/core/matching.js';

// The matching rule as docs/rules.md §2 states it, on the cards themselves: none of the month on
// the field, the card stays; one or three, it captures them; two, the player chooses, unless the
// two are interchangeable chaff. Checked for every month and every set of its cards on the field.
describe('monthMeeting', () => {
  for (let month = 1; month <= 12; month++) {
    const cards = CARDS.map((_, c) => c).filter((c) => monthOf(c) === month && c < 48);
    it(`follows the rule for every field of month ${month}`, () => {
      expect(cards).toHaveLength(4);
      for (let nibble = 0; nibble < 16; nibble++) {
        const field = cards.filter((_, rank) => (nibble & (1 << rank)) !== 0);
        const expected =
          field.length === 0
            ? STAYS
            : field.length !== 2
              ? CAPTURES
              : interchangeable(field[0], field[1])
                ? CAPTURES
                : CHOICE;
        expect(monthMeeting(nibble, month), `month ${month}, field ${nibble.toString(2)}`).toBe(expected);
      }
    });
  }
});
