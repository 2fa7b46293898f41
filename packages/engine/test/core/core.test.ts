/** Table-driven tests of the shared core: cards, RNG, options, matching, actions. */
import { describe, expect, it } from 'vitest';
import {
  CARDS,
  GAJI,
  SAKURA_OPTIONS,
  card,
  cardById,
  cardId,
  classOf,
  drawForDealer,
  interchangeable,
  meetByMonth,
  meetWild,
  monthOf,
  parseAction,
  randomInt,
  resolveTake,
  sameAction,
  seedRng,
  shuffled,
  STANDARD_DECK,
  validateOptions,
} from '../../src/index.js';

describe('cards', () => {
  it('has 48 standard cards and the blank, ids unique, in docs/rules.md §1 order', () => {
    expect(CARDS.length).toBe(49);
    expect(new Set(CARDS.map((c) => c.id)).size).toBe(49);
    expect(CARDS.slice(0, 4).map((c) => c.id)).toEqual([
      'pine-crane',
      'pine-poetry',
      'pine-chaff-1',
      'pine-chaff-2',
    ]);
    expect(CARDS.slice(40, 44).map((c) => c.id)).toEqual([
      'willow-rainman',
      'willow-swallow',
      'willow-ribbon',
      'willow-lightning',
    ]);
    expect(cardId(48)).toBe('blank');
    expect(GAJI).toBe(card('willow-lightning'));
  });

  it('counts the standard classes of docs/rules.md §1: 5 brights, 9 animals, 10 ribbons, 24 chaff', () => {
    const count = (cls: string) => STANDARD_DECK.filter((c) => classOf(c) === cls).length;
    expect([count('bright'), count('animal'), count('ribbon'), count('chaff')]).toEqual([5, 9, 10, 24]);
  });

  it.each([
    ['pine-crane', 1],
    ['paulownia-chaff-2', 12],
    ['willow-lightning', 11],
    ['blank', 0],
  ])('%s is of month %i', (id, month) => expect(monthOf(cardById(id)!)).toBe(month));

  it('has English and Japanese names for every card', () => {
    for (const c of CARDS) expect(c.en.length * c.ja.length).toBeGreaterThan(0);
    expect(CARDS[card('cherry-curtain')].ja).toBe('桜に幕');
  });

  it('makes only two plain chaff of one month interchangeable', () => {
    expect(interchangeable(card('pine-chaff-1'), card('pine-chaff-2'))).toBe(true);
    expect(interchangeable(card('pine-chaff-1'), card('plum-chaff-2'))).toBe(false);
    expect(interchangeable(card('paulownia-yellow'), card('paulownia-chaff-1'))).toBe(false);
    expect(interchangeable(card('willow-lightning'), card('willow-swallow'))).toBe(false);
  });
});

describe('rng', () => {
  it('is deterministic per seed and differs between seeds', () => {
    expect(shuffled(seedRng('a'), STANDARD_DECK)).toEqual(shuffled(seedRng('a'), STANDARD_DECK));
    expect(shuffled(seedRng('a'), STANDARD_DECK)).not.toEqual(shuffled(seedRng('b'), STANDARD_DECK));
  });

  it('draws integers in range, roughly uniformly', () => {
    const rng = seedRng(1);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[randomInt(rng, 3)]++;
    for (const n of counts) expect(n).toBeGreaterThan(9_500);
  });

  it('draws a first dealer by the lowest rank, redrawing ties', () => {
    const draw = drawForDealer(seedRng(3), 4, STANDARD_DECK, monthOf);
    const last = draw.passes[draw.passes.length - 1];
    expect(last.seats).toContain(draw.dealer);
    const winner = last.cards[last.seats.indexOf(draw.dealer)];
    for (const c of last.cards) expect(monthOf(winner)).toBeLessThanOrEqual(monthOf(c));
  });
});

describe('options', () => {
  it('fills in every default', () => {
    const r = validateOptions(SAKURA_OPTIONS, {});
    expect(r.ok && r.value).toMatchObject({
      gajiClaim: 'paired-month',
      rounds: 6,
      gajiDrawnIsWild: true,
      hikiTiming: 'deal',
    });
  });

  it.each([
    [{ nope: 1 }, /unknown option "nope"/],
    [{ rounds: 0 }, /"rounds" must be a whole number ≥ 1/],
    [{ rounds: 2.5 }, /"rounds" must be a whole number/],
    [{ gajiDrawnIsWild: 'yes' }, /must be true or false/],
    [{ roundEnd: 'never' }, /"roundEnd" must be "hands-and-pile" \| "pile-or-hands"/],
    [[1], /must be a JSON object/],
  ])('refuses %j', (raw, message) => {
    const r = validateOptions(SAKURA_OPTIONS, raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(message);
  });
});

describe('matching (docs/rules.md §2)', () => {
  const ids = (...xs: string[]) => xs.map(card);

  it.each([
    ['no match: stays', 'pine-crane', ['plum-chaff-1'], { kind: 'stays' }],
    [
      'one match: captures it',
      'pine-crane',
      ['pine-chaff-1', 'plum-chaff-1'],
      { kind: 'captures', cards: ids('pine-chaff-1') },
    ],
    [
      'two matches: a choice',
      'pine-crane',
      ['pine-poetry', 'pine-chaff-1'],
      { kind: 'choice', options: ids('pine-poetry', 'pine-chaff-1') },
    ],
    [
      'two interchangeable chaff: no choice',
      'pine-crane',
      ['pine-chaff-2', 'pine-chaff-1'],
      { kind: 'captures', cards: ids('pine-chaff-2'), alike: ids('pine-chaff-2', 'pine-chaff-1') },
    ],
    [
      'three matches: captures all',
      'pine-crane',
      ['pine-poetry', 'pine-chaff-1', 'pine-chaff-2'],
      { kind: 'captures', cards: ids('pine-poetry', 'pine-chaff-1', 'pine-chaff-2') },
    ],
    [
      'the Gaji on the field is a willow',
      'willow-swallow',
      ['willow-lightning'],
      { kind: 'captures', cards: ids('willow-lightning') },
    ],
  ])('%s', (_name, played, field, meeting) =>
    expect(meetByMonth(card(played), ids(...field))).toEqual(meeting),
  );

  it('a wild card takes exactly one card, even from a stack of three', () => {
    const m = meetWild(ids('pine-crane', 'pine-poetry', 'pine-chaff-1'));
    expect(m.kind).toBe('choice');
    const r = resolveTake(m, card('pine-poetry'), GAJI);
    expect(r.ok && r.value).toEqual([card('pine-poetry')]);
    expect(meetWild([])).toEqual({ kind: 'stays' });
  });

  it('refuses a take that is not a match, and a missing take where there is a choice', () => {
    const choice = meetByMonth(card('pine-crane'), ids('pine-poetry', 'pine-chaff-1'));
    const missing = resolveTake(choice, undefined, card('pine-crane'));
    expect(!missing.ok && missing.error.message).toMatch(/can take pine-poetry or pine-chaff-1: say which/);
    const wrong = resolveTake(choice, card('plum-chaff-1'), card('pine-crane'));
    expect(!wrong.ok && wrong.error.code).toBe('bad-take');
    const twin = resolveTake(
      meetByMonth(card('pine-crane'), ids('pine-chaff-1')),
      card('pine-chaff-2'),
      card('pine-crane'),
    );
    expect(twin.ok).toBe(false);
  });
});

describe('actions', () => {
  it.each([
    [{ seat: 0, play: 'pine-crane', take: 'pine-chaff-1' }, true],
    [{ seat: 1, take: 'pine-chaff-1' }, true],
    [{ seat: 1, hiki: 3 }, true],
    [{ seat: 1, bid: 40 }, true],
    [{ seat: 0, dealerTake: ['blank', 'pine-crane'] }, true],
    [{ seat: -1, play: 'pine-crane' }, false],
    [{ seat: 0, play: 'pine-dragon' }, false],
    [{ seat: 0, hiki: 13 }, false],
    [{ seat: 0, koikoi: 'yes' }, false],
    [{ seat: 0, play: 'pine-crane', leave: true }, false],
    [{ seat: 0, dance: true }, false],
    ['play', false],
  ])('%j is well-formed: %s', (raw, good) => expect(parseAction(raw).ok).toBe(good));

  it('are the same decision whatever order their fields come in, and not when any field differs', () => {
    expect(
      sameAction(
        { seat: 0, play: 'pine-crane', take: 'pine-chaff-1' },
        { take: 'pine-chaff-1', play: 'pine-crane', seat: 0 },
      ),
    ).toBe(true);
    expect(
      sameAction(
        { seat: 0, play: 'pine-crane', take: 'pine-chaff-1' },
        { seat: 0, play: 'pine-crane', take: 'pine-chaff-2' },
      ),
    ).toBe(false);
    expect(
      sameAction({ seat: 0, play: 'pine-crane' }, { seat: 0, play: 'pine-crane', take: 'pine-chaff-1' }),
    ).toBe(false);
    expect(sameAction({ seat: 0, koikoi: true }, { seat: 1, koikoi: true })).toBe(false);
  });
});

describe('round seeds (provable fairness)', () => {
  it('derives each round from its own published seed: the round seed alone reproduces that deal', async () => {
    const { roundSeed, sha256Hex, sakura } = await import('../../src/index.js');
    const start = sakura.newGame({ players: 2, seed: 'secret-master', options: { rounds: 2 } });
    if (!start.ok) throw new Error(start.error.message);
    const s = start.value.state;
    const revealed = roundSeed('secret-master', 1);
    const deck = shuffled(seedRng(revealed), STANDARD_DECK);
    expect(s.hands[0]).toEqual(deck.slice(0, 8));
    expect(s.field).toEqual(deck.slice(16, 24));
    expect(roundSeed('secret-master', 2)).not.toBe(revealed);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(JSON.stringify(sakura.view(s, 0))).not.toContain('secret-master');
  });
});
