/** Sakura's rule functions on card masks (docs/rules.md 3.7–3.9), which the public module and the search's simulator both call. */
import { describe, expect, it } from 'vitest';
import { GAJI, card, cardId } from '../../src/index.js';
import { cardsIn, maskOf, monthsHi, monthsLo } from '../../src/fast/bits.js';
import {
  claimedLeftovers,
  gajiTargetsHi,
  gajiTargetsLo,
  isWildGaji,
  mayReturnGaji,
  transferredCard,
} from '../../src/games/sakura/gaji.js';
import { heldHikis, othersHikis } from '../../src/games/sakura/hiki.js';
import { roundEnds } from '../../src/games/sakura/round.js';

const ids = (...names: string[]) => names.map(card);
const bit = (month: number) => 1 << (month - 1);
const PINE = ids('pine-crane', 'pine-poetry', 'pine-chaff-1', 'pine-chaff-2');
const MAPLE = ids('maple-deer', 'maple-blue', 'maple-chaff-1', 'maple-chaff-2');
const WILLOW = ids('willow-rainman', 'willow-swallow', 'willow-ribbon', 'willow-lightning');

describe('Sakura rule masks', () => {
  it('holds a hiki when hand and field have all four of a month, one at least in the hand (3.7)', () => {
    const held = (hand: number[], field: number[]) => heldHikis(...maskOf(hand), ...maskOf(field));
    expect(held(PINE.slice(0, 1), PINE.slice(1))).toBe(bit(1));
    expect(held(PINE, [])).toBe(bit(1));
    expect(held([], PINE)).toBe(0);
    expect(held(PINE.slice(0, 2), PINE.slice(2, 3))).toBe(0);
    expect(held([...PINE.slice(0, 1), ...MAPLE.slice(0, 2)], [...PINE.slice(1), ...MAPLE.slice(2)])).toBe(
      bit(1) | bit(10),
    );
  });

  it('names the hikis of other seats among the months given', () => {
    const owner = new Int8Array(13).fill(-1);
    owner[1] = 0;
    owner[10] = 2;
    expect(othersHikis(bit(1) | bit(10), owner, 0)).toBe(bit(10));
    expect(othersHikis(bit(1) | bit(10), owner, 1)).toBe(bit(1) | bit(10));
    expect(othersHikis(0, owner, 1)).toBe(0);
  });

  it('lets a wild Gaji aim at every field card but those of a blocked month (3.8)', () => {
    const field = [...PINE.slice(0, 2), ...MAPLE.slice(0, 1), card('paulownia-phoenix')];
    const [lo, hi] = maskOf(field);
    const targets = (blocked: number) =>
      cardsIn(field, gajiTargetsLo(lo, blocked), gajiTargetsHi(hi, blocked));
    expect(targets(0)).toEqual(field);
    expect(targets(bit(1))).toEqual([MAPLE[0], card('paulownia-phoenix')]);
    expect(targets(bit(10) | bit(12))).toEqual(PINE.slice(0, 2));
  });

  it('makes the Gaji wild from the hand always, from the pile under gajiDrawnIsWild', () => {
    expect(isWildGaji(GAJI, true, false)).toBe(true);
    expect(isWildGaji(GAJI, false, false)).toBe(false);
    expect(isWildGaji(GAJI, false, true)).toBe(true);
    expect(isWildGaji(PINE[0], true, true)).toBe(false);
  });

  it('returns a blocked Gaji only when the option allows, it came from the hand and a card is left', () => {
    expect(mayReturnGaji(true, true, 1)).toBe(true);
    expect(mayReturnGaji(false, true, 1)).toBe(false);
    expect(mayReturnGaji(true, false, 1)).toBe(false);
    expect(mayReturnGaji(true, true, 0)).toBe(false);
  });

  it('passes the best point card of the claimed month under transfer, none when only chaff (3.4, 3.8)', () => {
    // The maple ribbon counts 10, the deer 5, the chaff nothing.
    const withMaple = MAPLE[3];
    expect(cardId(transferredCard(...maskOf(MAPLE), withMaple))).toBe('maple-blue');
    expect(cardId(transferredCard(...maskOf([MAPLE[0], ...MAPLE.slice(2)]), withMaple))).toBe('maple-deer');
    expect(transferredCard(...maskOf(MAPLE.slice(2)), withMaple)).toBe(-1);
    expect(transferredCard(...maskOf(PINE), withMaple)).toBe(-1);
  });

  it('claims the leftovers of the Gaji’s month, with the willow, all, or none by gajiClaim', () => {
    const field = [PINE[0], MAPLE[1], MAPLE[2], WILLOW[0], card('paulownia-phoenix')];
    const [lo, hi] = maskOf(field);
    const claimed = (rule: Parameters<typeof claimedLeftovers>[0]) => {
      const out = new Int32Array(2);
      claimedLeftovers(rule, MAPLE[0], lo, hi, out);
      return cardsIn(field, out[0], out[1]).map(cardId);
    };
    expect(claimed('paired-month')).toEqual(['maple-blue', 'maple-chaff-1']);
    expect(claimed('paired-month-and-willow')).toEqual(['maple-blue', 'maple-chaff-1', 'willow-rainman']);
    expect(claimed('all-remaining')).toEqual(field.map(cardId));
    expect(claimed('transfer')).toEqual([]);
  });

  it('ends the round when hands and pile are empty, or either under pile-or-hands (3.9)', () => {
    expect(roundEnds(false, true, false)).toBe(false);
    expect(roundEnds(false, true, true)).toBe(true);
    expect(roundEnds(true, false, true)).toBe(true);
    expect(roundEnds(true, false, false)).toBe(false);
  });

  it('spreads a month set to its cards in each word', () => {
    expect(monthsLo(bit(1) | bit(8)) >>> 0).toBe(0xf000000f);
    expect(monthsLo(bit(9))).toBe(0);
    expect(monthsHi(bit(9) | bit(12))).toBe(0xf00f);
    expect(monthsHi(bit(8))).toBe(0);
  });
});
