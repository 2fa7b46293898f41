/** The play command's input parser: numbers, card names by prefix, follow-ups, commands and clear messages. */
import { describe, expect, it } from 'vitest';
import { PLAIN } from '../src/play/ansi.js';
import { nameMatch, words } from '../src/play/cards.js';
import { buildMenu, parseInput } from '../src/play/menu.js';

const field = ['cherry-poetry', 'cherry-chaff-1', 'pine-chaff-1', 'maple-deer'];
const actions = [
  { seat: 0, play: 'cherry-curtain', take: 'cherry-poetry' },
  { seat: 0, play: 'cherry-curtain', take: 'cherry-chaff-1' },
  { seat: 0, play: 'pine-crane' },
  { seat: 0, play: 'iris-chaff-1' },
  { seat: 0, play: 'iris-chaff-2' },
  { seat: 0, play: 'chrysanthemum-sake' },
  { seat: 0, play: 'chrysanthemum-blue' },
  { seat: 0, hiki: 10 },
];
const menu = buildMenu(PLAIN, actions, field, null);
const parse = (text: string) => parseInput(text, menu, 0);

describe('card names', () => {
  it('match by the start of any part of the id, in order', () => {
    expect(nameMatch(words('cur'), 'cherry-curtain')).toBe('prefix');
    expect(nameMatch(words('Cherry Curtain'), 'cherry-curtain')).toBe('exact');
    expect(nameMatch(words('cherry-curtain'), 'cherry-curtain')).toBe('exact');
    expect(nameMatch(words('cher cur'), 'cherry-curtain')).toBe('prefix');
    expect(nameMatch(words('iris chaff'), 'iris-chaff-2')).toBe('exact');
    expect(nameMatch(words('curtain cherry'), 'cherry-curtain')).toBeNull();
    expect(nameMatch(words('moon'), 'cherry-curtain')).toBeNull();
  });
});

describe('the menu', () => {
  it('has one entry per hand card, sorted, one for interchangeable chaff, and the hiki', () => {
    expect(menu.question).toBe('Play a card from your hand:');
    expect(menu.choices.map((c) => c.names[0])).toEqual([
      'pine-crane',
      'cherry-curtain',
      'iris-chaff-1',
      'chrysanthemum-sake',
      'chrysanthemum-blue',
      'hiki',
    ]);
    expect(menu.choices[0].label).toBe('pine crane → takes pine chaff');
    expect(menu.choices[1].label).toBe('cherry curtain → takes one of 2');
    expect(menu.choices[2].label).toBe('iris chaff → to the field');
    expect(menu.choices[5].label).toBe('take your hiki of maple (all four)');
  });
});

describe('parseInput', () => {
  it('takes a number', () => {
    expect(parse('1')).toEqual({ kind: 'action', action: { seat: 0, play: 'pine-crane' } });
    expect(parse(' 6 ')).toEqual({ kind: 'action', action: { seat: 0, hiki: 10 } });
  });

  it('takes a card name by prefix: cur is cherry-curtain, and asks which card it takes', () => {
    const r = parse('cur');
    expect(r.kind).toBe('ask');
    if (r.kind === 'ask')
      expect(r.choice.then?.map((c) => c.names[0])).toEqual(['cherry-poetry', 'cherry-chaff-1']);
  });

  it('answers the follow-up in the same line, by name or number', () => {
    expect(parse('cur poetry')).toEqual({
      kind: 'action',
      action: { seat: 0, play: 'cherry-curtain', take: 'cherry-poetry' },
    });
    expect(parse('cherry curtain chaff')).toEqual({
      kind: 'action',
      action: { seat: 0, play: 'cherry-curtain', take: 'cherry-chaff-1' },
    });
    expect(parse('2 2')).toEqual({
      kind: 'action',
      action: { seat: 0, play: 'cherry-curtain', take: 'cherry-chaff-1' },
    });
  });

  it('treats the two chaff of a month as one choice', () => {
    expect(parse('iris')).toEqual({ kind: 'action', action: { seat: 0, play: 'iris-chaff-1' } });
  });

  it('knows the keywords', () => {
    expect(parse('hiki')).toEqual({ kind: 'action', action: { seat: 0, hiki: 10 } });
    expect(parse('?')).toEqual({ kind: 'command', command: 'rules' });
    expect(parse('hint')).toEqual({ kind: 'command', command: 'hint' });
    expect(parse('q')).toEqual({ kind: 'command', command: 'quit' });
    expect(parse('c')).toEqual({ kind: 'command', command: 'captures' });
  });

  it.each([
    ['', /type a number, a card name/],
    ['9', /there is no choice 9: choose 1–6/],
    ['0', /there is no choice 0/],
    ['chrys', /"chrys" could be chrysanthemum-sake, chrysanthemum-blue: type more of the name/],
    ['moon', /susuki-moon is not one of your choices now/],
    ['blorp', /"blorp" is not a choice: type a number/],
    ['crane poetry', /pine-crane needs no more: leave out "poetry"/],
    ['cur moon', /cherry-curtain: susuki-moon is not one of your choices now/],
  ])('explains %j clearly', (text, message) => {
    const r = parse(text);
    expect(r.kind).toBe('error');
    if (r.kind === 'error') expect(r.message).toMatch(message);
  });

  it('reads any bid when bidding', () => {
    const bids = buildMenu(
      PLAIN,
      [0, 10, 100].map((bid) => ({ seat: 2, bid })),
      [],
      null,
    );
    expect(parseInput('bid 37', bids, 2)).toEqual({ kind: 'action', action: { seat: 2, bid: 37 } });
    expect(parseInput('3', bids, 2)).toEqual({ kind: 'action', action: { seat: 2, bid: 100 } });
  });

  it('reads the other decisions by keyword', () => {
    const koi = buildMenu(
      PLAIN,
      [
        { seat: 1, koikoi: true },
        { seat: 1, shobu: true },
      ],
      [],
      null,
    );
    expect(koi.question).toBe('You have a new yaku: Koi-Koi or Shobu?');
    expect(parseInput('koi', koi, 1)).toEqual({ kind: 'action', action: { seat: 1, koikoi: true } });
    expect(parseInput('shobu', koi, 1)).toEqual({ kind: 'action', action: { seat: 1, shobu: true } });
    const drawn = buildMenu(
      PLAIN,
      [
        { seat: 0, take: 'maple-deer' },
        { seat: 0, take: 'maple-blue' },
      ],
      [],
      'maple-chaff-1',
    );
    expect(drawn.question).toBe('maple chaff is up: which card does it take?');
    expect(parseInput('deer', drawn, 0)).toEqual({ kind: 'action', action: { seat: 0, take: 'maple-deer' } });
    const gaji = buildMenu(
      PLAIN,
      [
        { seat: 0, take: 'pine-crane' },
        { seat: 0, leave: true },
        { seat: 0, return: true },
      ],
      [],
      'willow-lightning',
    );
    expect(parseInput('leave', gaji, 0)).toEqual({ kind: 'action', action: { seat: 0, leave: true } });
    expect(parseInput('back', gaji, 0)).toEqual({ kind: 'action', action: { seat: 0, return: true } });
  });
});
