/** Nara tables and setup rules (docs/rules.md 5.1, 5.4): values, yaku, the deal sequence, the table checks. */
import { describe, expect, it } from 'vitest';
import {
  BLANK,
  NARA_DECK,
  card,
  cardId,
  nara,
  NARA_BANKROLL,
  NARA_DECK_POINTS,
  NARA_VALUES,
  NARA_YAKU,
  naraBankroll,
  naraYakuPayments,
} from '../../src/index.js';
import { dealPackets } from '../../src/games/nara/deal.js';
import { drawRank } from '../../src/games/nara/setup.js';
import { scoreRound, specialHandOf, yakuOf } from '../../src/games/nara/scoring.js';

const ids = (...names: string[]) => names.map(card);

describe('Nara card values', () => {
  it('total 640: the blank 40, twelve 30s, twelve 20s, 24 chaff', () => {
    expect(NARA_DECK.reduce((sum, c) => sum + NARA_VALUES[c], 0)).toBe(640);
    expect(NARA_DECK_POINTS).toBe(640);
    expect(NARA_VALUES[BLANK]).toBe(40);
    const count = (v: number) => NARA_DECK.filter((c) => NARA_VALUES[c] === v).length;
    expect([count(30), count(20), count(0)]).toEqual([12, 12, 24]);
    // One 30 and one 20 in every month; willow's swallow and lightning are its chaff.
    for (let m = 0; m < 12; m++)
      expect([0, 1, 2, 3].map((k) => NARA_VALUES[m * 4 + k]).sort()).toEqual([0, 0, 20, 30]);
    expect(NARA_VALUES[card('willow-swallow')]).toBe(0);
    expect(NARA_VALUES[card('susuki-geese')]).toBe(20);
    expect(NARA_VALUES[card('paulownia-yellow')]).toBe(20);
  });

  it('has the seven yaku with their values', () => {
    expect(NARA_YAKU.map((y) => [y.id, y.value, y.cards.length])).toEqual([
      ['upper-dango', 100, 3],
      ['lower-dango', 50, 3],
      ['inoshikacho', 30, 3],
      ['aotan', 30, 3],
      ['tsukimi', 30, 2],
      ['fujishima', 30, 4],
      ['kirishima', 30, 4],
    ]);
  });

  it('voids Tsukimi with any willow card and keeps every other yaku', () => {
    expect(yakuOf(ids('susuki-moon', 'chrysanthemum-sake'))).toEqual(['tsukimi']);
    expect(yakuOf(ids('susuki-moon', 'chrysanthemum-sake', 'willow-lightning'))).toEqual([]);
    expect(
      yakuOf(
        ids(
          'pine-crane',
          'plum-warbler',
          'cherry-curtain',
          'pine-poetry',
          'plum-poetry',
          'cherry-poetry',
          'willow-rainman',
        ),
      ),
    ).toEqual(['upper-dango', 'lower-dango']);
  });

  it('knows the special hands under both allChaff options', () => {
    const only = { length: { rounds: 6 }, allChaff: 'only-chaff' } as const;
    const every = { length: { rounds: 6 }, allChaff: 'every-chaff' } as const;
    expect(specialHandOf(ids('pine-chaff-1', 'willow-swallow'), only)).toBe('all-chaff');
    expect(specialHandOf(ids('pine-chaff-1', 'willow-swallow'), every)).toBe(null);
    expect(
      specialHandOf(NARA_DECK.filter((c) => NARA_VALUES[c] === 0).concat(card('pine-crane')), every),
    ).toBe('all-chaff');
    expect(specialHandOf([], only)).toBe(null);
    expect(specialHandOf(ids('blank', 'pine-chaff-1'), only)).toBe(null);
    expect(specialHandOf(ids('susuki-geese', 'pine-chaff-1'), only)).toBe('one-twenty');
    expect(specialHandOf(ids('susuki-geese'), every)).toBe('one-twenty');
    expect(specialHandOf(ids('susuki-geese', 'pine-poetry'), only)).toBe(null);
    expect(specialHandOf(ids('susuki-moon', 'pine-chaff-1'), only)).toBe(null);
  });

  it('pays zero-sum rounds: card scores over 640, yaku and special hands', () => {
    const options = { length: { rounds: 6 }, allChaff: 'only-chaff' } as const;
    // Three months each, the blank with the last (values and yaku by hand from RULES.md 5.4):
    // seat 0 pine, plum, cherry: 3×30 + 3×20 = 150, upper dango 100 + lower dango 50;
    // seat 1 wisteria, iris, peony: 150, fujishima 30; seat 2 clover, susuki, chrysanthemum:
    // 150, tsukimi 30 (no willow); seat 3 maple, willow, paulownia and the blank: 190, kirishima 30.
    const deck = NARA_DECK.slice();
    const round = scoreRound(
      [deck.slice(0, 12), deck.slice(12, 24), deck.slice(24, 36), deck.slice(36)],
      options,
    );
    expect(round.points).toEqual([150, 150, 150, 190]);
    expect(round.yaku).toEqual([['upper-dango', 'lower-dango'], ['fujishima'], ['tsukimi'], ['kirishima']]);
    // Card score = points − 160; each yaku is paid by each of the three others:
    // seat 0 gets 3×150 and pays 3×30, the others get 3×30 and pay 150 + 2×30.
    expect(round.scores).toEqual([-10 + 450 - 90, -10 + 90 - 210, -10 + 90 - 210, 30 + 90 - 210]);
    // The same payments, gross, as the round's breakdown shows them.
    expect(naraYakuPayments(round.yaku)).toEqual({ received: [450, 90, 90, 90], paid: [90, 210, 210, 210] });
    expect(round.special).toBe(false);
    expect(round.scores.reduce((a, b) => a + b, 0)).toBe(0);

    // One twenty (a 20-point card and chaff): 50 from each other player, card scores and yaku void.
    const one = ids('pine-poetry', 'pine-chaff-1');
    const rest = deck.filter((c) => !one.includes(c));
    const special = scoreRound([one, rest.slice(0, 16), rest.slice(16, 32), rest.slice(32)], options);
    expect(special.special).toBe(true);
    expect(special.yaku[0]).toEqual(['one-twenty']);
    expect(special.scores).toEqual([150, -50, -50, -50]);
  });
});

describe('Nara setup', () => {
  it("deals 3 to the field, 3 to each pile from the dealer's right, 3, 2 to each pile, 3", () => {
    const { piles, field } = dealPackets(NARA_DECK, [0, 1, 2, 3], 0);
    expect(field).toEqual([0, 1, 2, 27, 28, 29, 46, 47, 48]);
    expect(piles[1]).toEqual([
      [30, 31, 3, 4, 5],
      [32, 33, 6, 7, 8],
    ]);
    expect(piles[2]).toEqual([
      [34, 35, 9, 10, 11],
      [36, 37, 12, 13, 14],
    ]);
    expect(piles[3]).toEqual([
      [38, 39, 15, 16, 17],
      [40, 41, 18, 19, 20],
    ]);
    expect(piles[0]).toEqual([
      [42, 43, 21, 22, 23],
      [44, 45, 24, 25, 26],
    ]);
    expect(dealPackets(NARA_DECK, [0, 1, 2, 3], 2).piles[3][0]).toEqual([30, 31, 3, 4, 5]);
  });

  it('ranks the first-dealer draw: earliest month, then the higher value, the blank after December', () => {
    const order = [
      'pine-crane',
      'pine-poetry',
      'pine-chaff-1',
      'plum-warbler',
      'paulownia-chaff-2',
      'blank',
    ].map((id) => drawRank(card(id)));
    expect(order).toEqual(order.slice().sort((a, b) => a - b));
    expect(drawRank(card('pine-chaff-1'))).toBe(drawRank(card('pine-chaff-2')));
  });

  it('is for exactly 4 players, with no teams, and validates its options', () => {
    const three = nara.newGame({ players: 3, seed: 1 });
    expect(!three.ok && three.error.message).toMatch(/exactly 4 players.*gives no setup for 3/);
    expect(nara.newGame({ players: 5, seed: 1 }).ok).toBe(false);
    expect(
      nara.newGame({
        players: 4,
        teams: [
          [0, 2],
          [1, 3],
        ],
        seed: 1,
      }).ok,
    ).toBe(false);
    const bad = nara.newGame({ players: 4, seed: 1, options: { allChaff: 'some' } });
    expect(!bad.ok && bad.error.message).toMatch(/allChaff/);
    expect(nara.newGame({ players: 4, seed: 1, options: { length: 'forever' } }).ok).toBe(false);
    const good = nara.newGame({
      players: 4,
      seed: 1,
      options: { length: 'target:1500', allChaff: 'every-chaff' },
    });
    expect(good.ok && good.value.state.options).toEqual({
      length: { target: 1500 },
      allChaff: 'every-chaff',
    });
    const defaults = nara.newGame({ players: 4, seed: 1 });
    expect(defaults.ok && defaults.value.state.options).toEqual({
      length: { rounds: 6 },
      allChaff: 'only-chaff',
    });
  });

  it('starts every bankroll at 1000: 20 beans and 8 sticks', () => {
    const start = nara.newGame({ players: 4, seed: 'bank' });
    if (!start.ok) throw new Error(start.error.message);
    const view = nara.view(start.value.state, 0);
    expect(view.totals).toEqual([1000, 1000, 1000, 1000]);
    expect(view.bankrolls[0]).toEqual({ total: 1000, sticks: 8, beans: 20, debt: 0 });
    expect(
      NARA_BANKROLL.startBeans * NARA_BANKROLL.bean + NARA_BANKROLL.startSticks * NARA_BANKROLL.stick,
    ).toBe(1000);
    expect(naraBankroll(-40)).toEqual({ total: -40, sticks: 0, beans: 0, debt: 40 });
  });

  it('shows a later total as sticks and beans: our display convention, not a rule', () => {
    // RULES.md 5.1 gives only the start (20 beans, 8 sticks). We keep the starting 200 in
    // beans as change, as the start does, and the rest in sticks, the remainder in beans.
    const { bean, stick, startBeans } = NARA_BANKROLL;
    for (let total = 0; total <= 3000; total += bean) {
      const b = naraBankroll(total);
      expect(b.sticks * stick + b.beans * bean, `${total}`).toBe(total);
      expect(b.debt).toBe(0);
      if (total < startBeans * bean) expect(b).toMatchObject({ sticks: 0, beans: total / bean });
      else {
        expect(b.beans, `${total}`).toBeGreaterThanOrEqual(startBeans);
        expect(b.beans * bean, `${total}: fewer than a stick's worth above the change`).toBeLessThan(
          startBeans * bean + stick,
        );
      }
    }
    expect(cardId(BLANK)).toBe('blank');
  });
});
