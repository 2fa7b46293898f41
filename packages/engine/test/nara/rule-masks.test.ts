/** Nara's rule functions on card masks (docs/rules.md 5.2, 5.3), which the public module and the search's simulator both call. */
import { describe, expect, it } from 'vitest';
import { BLANK, type Card, card, cardId, monthOf } from '../../src/index.js';
import { CAPTURES, CHOICE, STAYS } from '../../src/core/matching.js';
import { maskOf, monthNibble } from '../../src/fast/bits.js';
import { threeTakes } from '../../src/games/nara/before-play.js';
import { blankClaimMonth, dealtBlankMeeting } from '../../src/games/nara/blank.js';
import { misdealMonth } from '../../src/games/nara/deal.js';

const ids = (...names: string[]) => names.map(card);

/** The [chaff, scoring] pairs threeTakes offers for these field cards of one month. */
function pairs(...names: string[]): [string, string][] {
  const cards = ids(...names);
  const month = monthOf(cards[0]);
  const takes = threeTakes(monthNibble(...maskOf(cards), month), month);
  const of = (nibble: number): Card[] => cards.filter((c) => (nibble >> (c & 3)) & 1).sort((a, b) => a - b);
  return of(takes & 15).flatMap((c) => of(takes >> 4).map((s) => [cardId(c), cardId(s)] as [string, string]));
}

describe('Nara rule masks', () => {
  it('misdeals on a month with all four cards on the field, and only then', () => {
    const pine = ids('pine-crane', 'pine-poetry', 'pine-chaff-1', 'pine-chaff-2');
    const three = ids('maple-deer', 'maple-blue', 'maple-chaff-1');
    expect(misdealMonth(...maskOf([...three, ...pine, BLANK]))).toBe(1);
    expect(misdealMonth(...maskOf([...three, ...pine.slice(1), BLANK]))).toBe(0);
  });

  it('lets the dealer take one chaff and one scoring card from a three of a month', () => {
    // Two plain chaff are interchangeable: no choice, the -chaff-1 goes.
    expect(pairs('pine-chaff-2', 'pine-crane', 'pine-chaff-1')).toEqual([['pine-chaff-1', 'pine-crane']]);
    // Two scoring cards: one of them with the chaff, never both.
    expect(pairs('pine-poetry', 'pine-chaff-2', 'pine-crane')).toEqual([
      ['pine-chaff-2', 'pine-crane'],
      ['pine-chaff-2', 'pine-poetry'],
    ]);
    // Willow's swallow and lightning are different cards: the dealer chooses.
    expect(pairs('willow-lightning', 'willow-rainman', 'willow-swallow')).toEqual([
      ['willow-swallow', 'willow-rainman'],
      ['willow-lightning', 'willow-rainman'],
    ]);
    expect(pairs('pine-crane', 'pine-chaff-1')).toEqual([]);
  });

  it('has the dealer take the blank dealt to the field alone, with the one card, or by choice', () => {
    const meet = (...names: string[]) => dealtBlankMeeting(...maskOf([BLANK, ...ids(...names)]));
    expect(meet()).toBe(STAYS);
    expect(meet('susuki-moon')).toBe(CAPTURES);
    expect(meet('pine-chaff-1', 'pine-chaff-2')).toBe(CAPTURES);
    expect(meet('pine-chaff-1', 'susuki-moon')).toBe(CHOICE);
    // Wild: one card even of a three of a month, so three cards of one month are a choice.
    expect(meet('pine-crane', 'pine-poetry', 'pine-chaff-1')).toBe(CHOICE);
  });

  it("claims the month of the blank's capture, nothing when it was taken alone", () => {
    expect(blankClaimMonth(card('maple-deer'))).toBe(10);
    expect(blankClaimMonth(-1)).toBe(0);
  });
});
