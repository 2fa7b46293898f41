/** Koi-Koi's deal, checks, scoring and options as pure functions (docs/rules.md 4.1, 4.4). */
import { describe, expect, it } from 'vitest';
import { STANDARD_DECK, card, koikoi, koiKoiDealerRank, randomInt, seedRng } from '../../src/index.js';
import { fieldStacks, fieldVoid, handCheck } from '../../src/games/koikoi/checks.js';
import { validateKoiKoiOptions } from '../../src/games/koikoi/options.js';
import { addScores, nintendoDeal } from '../../src/games/koikoi/round.js';
import { multiplied, nextDealer, scoreHandsEmpty, scoreShobu } from '../../src/games/koikoi/scoring.js';

const cards = (ids: string[]) => ids.map(card);
const on = {
  sevenDouble: true,
  koiKoiDouble: true,
  koiKoiBonus: 'none',
  oyaKen: true,
  handsOut: 'higher-total',
} as const;

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
  it('four of a month on the field is void', () =>
    expect(
      fieldVoid(cards([...pine4, 'plum-warbler', 'cherry-curtain', 'iris-bridge', 'maple-deer']), false),
    ).toEqual({
      reason: 'four-of-a-month',
      months: [1],
    }));
  const pairs = cards([
    'pine-crane',
    'pine-poetry',
    'plum-warbler',
    'plum-poetry',
    'cherry-curtain',
    'cherry-poetry',
    'iris-bridge',
    'iris-ribbon',
  ]);
  it('four pairs on the field are void under fourPairsRedeal only', () => {
    expect(fieldVoid(pairs, true)).toEqual({ reason: 'four-pairs' });
    expect(fieldVoid(pairs, false)).toBeNull();
  });
  it('three pairs and two singles stand', () =>
    expect(
      fieldVoid(
        cards([
          'pine-crane',
          'pine-poetry',
          'plum-warbler',
          'plum-poetry',
          'cherry-curtain',
          'cherry-poetry',
          'iris-bridge',
          'maple-deer',
        ]),
        true,
      ),
    ).toBeNull());
  it('three of a month lie as one stack', () =>
    expect(fieldStacks(cards(['pine-crane', 'pine-poetry', 'pine-chaff-1', 'maple-deer']))).toEqual([1]));
  it('teshi, kuttsuki, neither', () => {
    expect(handCheck(cards([...pine4, 'plum-warbler', 'cherry-curtain', 'iris-bridge', 'maple-deer']))).toBe(
      'teshi',
    );
    expect(handCheck(pairs)).toBe('kuttsuki');
    expect(handCheck(cards([...pine4, 'plum-warbler', 'plum-poetry', 'iris-bridge', 'iris-ribbon']))).toBe(
      'teshi',
    );
    expect(
      handCheck(
        cards([
          'pine-crane',
          'pine-poetry',
          'plum-warbler',
          'plum-poetry',
          'cherry-curtain',
          'cherry-poetry',
          'iris-bridge',
          'maple-deer',
        ]),
      ),
    ).toBeNull();
    expect(handCheck(cards(['pine-crane', 'pine-poetry']))).toBeNull();
  });
});

describe('scoring (4.4)', () => {
  it('multipliers are cumulative and each optional', () => {
    expect(multiplied(7, true, on)).toBe(28);
    expect(multiplied(6, true, on)).toBe(12);
    expect(multiplied(7, false, on)).toBe(14);
    expect(multiplied(7, true, { sevenDouble: false, koiKoiDouble: true, koiKoiBonus: 'none' })).toBe(14);
    expect(multiplied(7, true, { sevenDouble: true, koiKoiDouble: false, koiKoiBonus: 'none' })).toBe(14);
    expect(multiplied(9, true, { sevenDouble: false, koiKoiDouble: false, koiKoiBonus: 'none' })).toBe(9);
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
    expect(scoreHandsEmpty([0, 0], [0, 0], 1, { ...on, oyaKen: false })).toEqual({
      winner: null,
      scores: [0, 0],
      oyaken: false,
    });
  });
  it('the winner deals next; with no winner the dealer stays; a no-game passes the deal', () => {
    expect(nextDealer({ winner: 1 }, 0)).toBe(1);
    expect(nextDealer({ winner: null }, 1)).toBe(1);
    expect(nextDealer({ winner: null, passDeal: true }, 1)).toBe(0);
  });
  it("koiKoiBonus own-calls: +1, +2, +3 for 1-3 of the winner's calls, then x2 to x5, capped", () => {
    const own = { sevenDouble: false, koiKoiDouble: false, koiKoiBonus: 'own-calls' } as const;
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((calls) => multiplied(6, false, own, calls))).toEqual([
      6, 7, 8, 9, 12, 18, 24, 30, 30,
    ]);
    expect(multiplied(6, true, { ...own, koiKoiBonus: 'none' }, 3)).toBe(6);
  });
  it('handsOut: dealer-one gives the dealer 1 whatever the yaku; no-game scores nothing and passes the deal', () => {
    const rules = { ...on, koiKoiBonus: 'none' } as const;
    expect(scoreHandsEmpty([0, 9], [0, 1], 0, { ...rules, handsOut: 'dealer-one' })).toEqual({
      winner: 0,
      scores: [1, 0],
      oyaken: false,
    });
    expect(scoreHandsEmpty([0, 0], [0, 0], 1, { ...rules, handsOut: 'dealer-one' })).toEqual({
      winner: 1,
      scores: [0, 1],
      oyaken: false,
    });
    expect(scoreHandsEmpty([5, 0], [0, 0], 1, { ...rules, handsOut: 'no-game' })).toEqual({
      winner: null,
      scores: [0, 0],
      oyaken: false,
      passDeal: true,
    });
  });
  it('a bankroll makes each round zero-sum, never paying more than the loser has', () => {
    expect(addScores([0, 0], [5, 0], 0)).toEqual([5, 0]);
    expect(addScores([30, 30], [5, 0], 30)).toEqual([35, 25]);
    expect(addScores([52, 8], [0, 12], 30)).toEqual([40, 20]);
    expect(addScores([57, 3], [6, 0], 30)).toEqual([60, 0]);
  });
});

describe('options', () => {
  const defaults = {
    preset: 'sources',
    sakeCup: 'either',
    viewing: 'on',
    viewingBoth: false,
    viewingSpoiled: false,
    tsukiFuda: false,
    gaji: false,
    gajiDrawnIsWild: true,
    fourPairsRedeal: true,
    sankoPoints: 6,
    setExtras: true,
    akatanAotan: 'replaces',
    viewingPoints: 'five',
    koiKoiCalls: 'unlimited',
    lastTurnKoiKoi: true,
    teshi: 'scores',
    kuttsuki: true,
    sevenDouble: true,
    koiKoiDouble: true,
    koiKoiBonus: 'none',
    handsOut: 'higher-total',
    oyaKen: true,
    rounds: 12,
    bankroll: 0,
  };
  it('defaults as docs/rules.md §4', () => {
    const o = validateKoiKoiOptions({});
    expect(o.ok && o.value).toEqual(defaults);
  });
  it('a preset sets its values (docs/rules.md 4.5); an option given beside it overrides it', () => {
    const japan = validateKoiKoiOptions({ preset: 'koikoi-japan' });
    expect(japan.ok && japan.value).toEqual({
      ...defaults,
      preset: 'koikoi-japan',
      sankoPoints: 5,
      setExtras: false,
      akatanAotan: 'adds',
      viewingPoints: 'one-or-three',
      lastTurnKoiKoi: false,
      teshi: 'redeal',
      kuttsuki: false,
      fourPairsRedeal: false,
      sevenDouble: false,
      koiKoiDouble: false,
      koiKoiBonus: 'own-calls',
      handsOut: 'dealer-one',
      sakeCup: 'both',
      rounds: 8,
      bankroll: 30,
    });
    const nintendo = validateKoiKoiOptions({ preset: 'nintendo', rounds: 6, sakeCup: 'animal' });
    expect(nintendo.ok && nintendo.value).toEqual({
      ...defaults,
      preset: 'nintendo',
      koiKoiCalls: 'once',
      handsOut: 'no-game',
      sakeCup: 'animal',
      rounds: 6,
    });
    const bad = validateKoiKoiOptions({ preset: 'hawaii' });
    expect(!bad.ok && bad.error.message).toBe(
      'option "preset" must be "sources" | "koikoi-japan" | "nintendo", not "hawaii"',
    );
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

describe('game rules of the koikoi-japan preset (4.4)', () => {
  it('8 rounds, 30 points each, and every round zero-sum', () => {
    const g = koikoi.newGame({ players: 2, options: { preset: 'koikoi-japan' }, seed: 'japan' });
    if (!g.ok) throw new Error(g.error.message);
    let state = g.value.state;
    expect([state.lastRound, state.totals]).toEqual([8, [30, 30]]);
    const rng = seedRng('japan-policy');
    while (state.phase !== 'over') {
      const legal = koikoi.legalActions(state);
      const next = koikoi.apply(state, legal[randomInt(rng, legal.length)]);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value.state;
      expect(state.totals[0] + state.totals[1]).toBe(60);
    }
    expect(state.results.length === 8 || state.totals.includes(0)).toBe(true);
  });
  it('the game ends early when a player has 0, after paying what they had', () => {
    const g = koikoi.newGame({ players: 2, options: { preset: 'koikoi-japan' }, seed: 'broke' });
    if (!g.ok) throw new Error(g.error.message);
    // Seat 1 has 2 points left; play until some round is won by seat 0 for more than 2.
    const start = { ...g.value.state, totals: [58, 2] };
    for (let i = 0; i < 50; i++) {
      const rng = seedRng(`broke-${i}`);
      let state = start;
      while (state.results.length === 0) {
        const legal = koikoi.legalActions(state);
        const next = koikoi.apply(state, legal[randomInt(rng, legal.length)]);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value.state;
      }
      const [round] = state.results;
      if (round.scores[0] <= 2) continue;
      expect(state.totals).toEqual([60, 0]);
      expect(state.phase).toBe('over');
      expect(state.results).toHaveLength(1);
      return;
    }
    throw new Error('no policy won a round for more than 2 points');
  });
});
