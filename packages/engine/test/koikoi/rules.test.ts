/** Koi-Koi's deal, checks, scoring and options as pure functions (RULES.md 4.1, 4.4). */
import { describe, expect, it } from 'vitest';
import { STANDARD_DECK, card, koikoi, koiKoiDealerRank } from '../../src/index.js';
import { fieldStacks, fieldVoid, handCheck } from '../../src/games/koikoi/checks.js';
import { validateKoiKoiOptions } from '../../src/games/koikoi/options.js';
import { nintendoDeal } from '../../src/games/koikoi/round.js';
import { multiplied, nextDealer, scoreHandsEmpty, scoreShobu } from '../../src/games/koikoi/scoring.js';

const cards = (ids: string[]) => ids.map(card);
const on = { sevenDouble: true, koiKoiDouble: true, oyaKen: true };

describe('first dealer (4.1)', () => {
  it('earlier month deals; same month, higher class; two chaff tie', () => {
    const r = (id: string) => koiKoiDealerRank(card(id));
    expect(r('pine-chaff-1')).toBeLessThan(r('plum-warbler'));
    expect(r('pine-crane')).toBeLessThan(r('pine-poetry'));
    expect(r('willow-rainman')).toBeLessThan(r('willow-swallow'));
    expect(r('willow-swallow')).toBeLessThan(r('willow-ribbon'));
    expect(r('willow-ribbon')).toBeLessThan(r('willow-lightning'));
    expect(r('pine-chaff-1')).toBe(r('pine-chaff-2'));
    expect(r('paulownia-yellow')).toBe(r('paulownia-chaff-1'));
  });
  it('a new game names its first dealer from the draw', () => {
    const g = koikoi.newGame({ players: 2, seed: 'dealer' });
    if (!g.ok) throw new Error(g.error.message);
    const first = g.value.events[0].public as { type: string; dealer: number; passes: { cards: string[] }[] };
    expect(first.type).toBe('first-dealer');
    const last = first.passes[first.passes.length - 1].cards.map((id) => koiKoiDealerRank(card(id)));
    expect(last[first.dealer]).toBeLessThan(last[1 - first.dealer]);
    expect(g.value.state.dealer).toBe(first.dealer);
  });
});

describe('the Nintendo deal (4.1)', () => {
  it('2 to the non-dealer, 2 to the field, 2 to the dealer, four times', () => {
    const deck = STANDARD_DECK.slice();
    for (const dealer of [0, 1]) {
      const d = nintendoDeal(deck, dealer);
      expect(d.hands[1 - dealer]).toEqual([0, 1, 6, 7, 12, 13, 18, 19]);
      expect(d.field).toEqual([2, 3, 8, 9, 14, 15, 20, 21]);
      expect(d.hands[dealer]).toEqual([4, 5, 10, 11, 16, 17, 22, 23]);
      expect(d.pile).toEqual(deck.slice(24));
    }
  });
});

describe('deal checks (4.1)', () => {
  const pine4 = ['pine-crane', 'pine-poetry', 'pine-chaff-1', 'pine-chaff-2'];
  it('four of a month on the field is void', () => expect(fieldVoid(cards([...pine4, 'plum-warbler', 'cherry-curtain', 'iris-bridge', 'maple-deer']), false)).toEqual({ reason: 'four-of-a-month', months: [1] }));
  const pairs = cards(['pine-crane', 'pine-poetry', 'plum-warbler', 'plum-poetry', 'cherry-curtain', 'cherry-poetry', 'iris-bridge', 'iris-ribbon']);
  it('four pairs on the field are void under fourPairsRedeal only', () => {
    expect(fieldVoid(pairs, true)).toEqual({ reason: 'four-pairs' });
    expect(fieldVoid(pairs, false)).toBeNull();
  });
  it('three pairs and two singles stand', () => expect(fieldVoid(cards(['pine-crane', 'pine-poetry', 'plum-warbler', 'plum-poetry', 'cherry-curtain', 'cherry-poetry', 'iris-bridge', 'maple-deer']), true)).toBeNull());
  it('three of a month lie as one stack', () => expect(fieldStacks(cards(['pine-crane', 'pine-poetry', 'pine-chaff-1', 'maple-deer']))).toEqual([1]));
  it('teshi, kuttsuki, neither', () => {
    expect(handCheck(cards([...pine4, 'plum-warbler', 'cherry-curtain', 'iris-bridge', 'maple-deer']))).toBe('teshi');
    expect(handCheck(pairs)).toBe('kuttsuki');
    expect(handCheck(cards([...pine4, 'plum-warbler', 'plum-poetry', 'iris-bridge', 'iris-ribbon']))).toBe('teshi');
    expect(handCheck(cards(['pine-crane', 'pine-poetry', 'plum-warbler', 'plum-poetry', 'cherry-curtain', 'cherry-poetry', 'iris-bridge', 'maple-deer']))).toBeNull();
    expect(handCheck(cards(['pine-crane', 'pine-poetry']))).toBeNull();
  });
});

describe('scoring (4.4)', () => {
  it('multipliers are cumulative and each optional', () => {
    expect(multiplied(7, true, on)).toBe(28);
    expect(multiplied(6, true, on)).toBe(12);
    expect(multiplied(7, false, on)).toBe(14);
    expect(multiplied(7, true, { sevenDouble: false, koiKoiDouble: true })).toBe(14);
    expect(multiplied(7, true, { sevenDouble: true, koiKoiDouble: false })).toBe(14);
    expect(multiplied(9, true, { sevenDouble: false, koiKoiDouble: false })).toBe(9);
  });
  it('Shobu: the caller scores, doubled if the opponent called', () => {
    expect(scoreShobu(1, [3, 6], [2, 0], on)).toEqual({ winner: 1, scores: [0, 12], oyaken: false });
    expect(scoreShobu(0, [8, 6], [1, 0], on)).toEqual({ winner: 0, scores: [16, 0], oyaken: false });
  });
  it('empty hands: the higher total, a tie to the dealer, oya-ken', () => {
    expect(scoreHandsEmpty([1, 6], [0, 0], 0, on).scores).toEqual([0, 6]);
    expect(scoreHandsEmpty([5, 5], [0, 1], 0, on).scores).toEqual([10, 0]);
    expect(scoreHandsEmpty([5, 5], [0, 0], 1, on).scores).toEqual([0, 5]);
    expect(scoreHandsEmpty([0, 0], [0, 0], 1, on)).toEqual({ winner: 1, scores: [0, 6], oyaken: true });
    expect(scoreHandsEmpty([0, 0], [0, 0], 1, { ...on, oyaKen: false })).toEqual({ winner: null, scores: [0, 0], oyaken: false });
  });
  it('the winner deals next; with no winner the dealer stays', () => {
    expect(nextDealer(1, 0)).toBe(1);
    expect(nextDealer(null, 1)).toBe(1);
  });
});

describe('options', () => {
  it('defaults as RULES.md §4', () => {
    const o = validateKoiKoiOptions({});
    expect(o.ok && o.value).toEqual({
      sakeCup: 'either', viewing: 'on', viewingBoth: false, viewingSpoiled: false, tsukiFuda: false, gaji: false, gajiDrawnIsWild: true,
      fourPairsRedeal: true, sevenDouble: true, koiKoiDouble: true, oyaKen: true, rounds: 12,
    });
  });
  it('"on"/"off" are accepted for switches', () => {
    const o = validateKoiKoiOptions({ tsukiFuda: 'on', oyaKen: 'off' });
    expect(o.ok && [o.value.tsukiFuda, o.value.oyaKen]).toEqual([true, false]);
  });
  it('bad options are one-line errors', () => {
    const cases: [unknown, RegExp][] = [
      // Each names the option, what it allows and what it was given.
      [{ sakeCup: 'never' }, /"sakeCup" must be .*"either".*"animal".*"both".*"never"/],
      [{ rounds: 0 }, /"rounds" must be a whole number ≥ 1, not 0/],
      [{ gaji: 'maybe' }, /"gaji" must be true or false, not "maybe"/],
      [{ nope: true }, /unknown option "nope" \(known: .*sakeCup.*rounds/],
      ['x', /options must be a JSON object/],
    ];
    for (const [raw, message] of cases) {
      const o = validateKoiKoiOptions(raw);
      if (o.ok) throw new Error(`${JSON.stringify(raw)} was accepted`);
      expect(o.error.message, JSON.stringify(raw)).toMatch(message);
      // One line that names what is allowed or what is wrong, for a person to read.
      expect(o.error.message).not.toContain('\n');
      expect(o.error.message.length).toBeGreaterThan(10);
    }
  });
  it('a game is for exactly two players, without teams', () => {
    expect(koikoi.newGame({ players: 3, seed: 1 }).ok).toBe(false);
    expect(koikoi.newGame({ players: 2, teams: [[0], [1]], seed: 1 }).ok).toBe(false);
  });
});
