/**
 * The lobby's pairing, pure: seeks and blocks in, groups out, each expectation worked by hand
 * from the rules (oldest first, never a blocked pair, nobody twice, bots after `botsAfter`);
 * and every pool's setup is one a room accepts.
 */
import { describe, expect, it } from 'vitest';
import { parseRoomSetup } from '@hanafuda/protocol';
import { POOLS } from '../src/lobby/pools.js';
import { Blocks, type Group, pairSeeks, type WaitingSeek } from '../src/lobby/pairing.js';
import { checkGame } from '../src/rooms/room.js';

/** A seek of `account` in `key` (players 2 unless said), opened at second `since`. */
const seek = (account: string, since: number, more: Partial<WaitingSeek> = {}): WaitingSeek => ({
  id: `s-${account}`,
  account,
  key: 'koikoi-6',
  players: 2,
  since: since * 1000,
  ...more,
});
/** The groups as lists of accounts (seat order), and their bots. */
const shape = (groups: Group[]) =>
  groups.map((g) => ({ key: g.key, accounts: g.seeks.map((s) => s.account), bots: g.bots }));

describe('pairSeeks', () => {
  it('pairs the oldest two, and leaves the third waiting', () => {
    const groups = pairSeeks([seek('c', 3), seek('a', 1), seek('b', 2)], new Blocks(), 10_000);
    expect(shape(groups)).toEqual([{ key: 'koikoi-6', accounts: ['a', 'b'], bots: 0 }]);
  });

  it('never pairs a blocked pair, whichever of the two blocked', () => {
    // a blocked b, c blocked a: b starts a group of its own, c joins b's (formed first), and a waits for d.
    const seeks = [seek('a', 1), seek('b', 2), seek('c', 3), seek('d', 4)];
    const groups = pairSeeks(
      seeks,
      new Blocks([
        ['a', 'b'],
        ['c', 'a'],
      ]),
      10_000,
    );
    expect(shape(groups)).toEqual([
      { key: 'koikoi-6', accounts: ['b', 'c'], bots: 0 },
      { key: 'koikoi-6', accounts: ['a', 'd'], bots: 0 },
    ]);
  });

  it('leaves two who blocked each other waiting rather than pair them', () => {
    expect(pairSeeks([seek('a', 1), seek('b', 2)], new Blocks([['b', 'a']]), 10_000)).toEqual([]);
  });

  it('seats four of sakura-2x2 in the order they came, in two teams across the table', () => {
    const four = ['w', 'x', 'y', 'z'].map((a, i) => seek(a, 10 - i, { key: 'sakura-2x2', players: 4 }));
    // z came first (second 7), then y, x, w.
    expect(shape(pairSeeks(four, new Blocks(), 20_000))).toEqual([
      { key: 'sakura-2x2', accounts: ['z', 'y', 'x', 'w'], bots: 0 },
    ]);
  });

  it('keeps pools apart', () => {
    const seeks = [seek('a', 1), seek('b', 2, { key: 'sakura-2' }), seek('c', 3, { key: 'sakura-2' })];
    expect(shape(pairSeeks(seeks, new Blocks(), 10_000))).toEqual([
      { key: 'sakura-2', accounts: ['b', 'c'], bots: 0 },
    ]);
  });

  it('fills with bots once the oldest seek of a group has waited its botsAfter, not before', () => {
    const seeks = [
      seek('a', 0, { key: 'nara-4', players: 4, botsAfter: 30 }),
      seek('b', 5, { key: 'nara-4', players: 4 }),
    ];
    expect(pairSeeks(seeks, new Blocks(), 29_999)).toEqual([]);
    expect(shape(pairSeeks(seeks, new Blocks(), 30_000))).toEqual([
      { key: 'nara-4', accounts: ['a', 'b'], bots: 2 },
    ]);
  });

  it("follows the oldest seek's botsAfter only: a newer one's does not form the group", () => {
    const seeks = [
      seek('a', 0, { key: 'oibana', players: 3 }),
      seek('b', 5, { key: 'oibana', players: 3, botsAfter: 0 }),
    ];
    expect(pairSeeks(seeks, new Blocks(), 60_000)).toEqual([]);
  });

  it('forms a custom seek with its seeker first, and those who accepted in their order', () => {
    const custom = { key: 'seek-1', players: 3 };
    const seeks = [
      seek('b', 2, { ...custom, owner: false }),
      seek('a', 5, { ...custom, owner: true }),
      seek('c', 3, { ...custom, owner: false }),
    ];
    expect(shape(pairSeeks(seeks, new Blocks(), 10_000))).toEqual([
      { key: 'seek-1', accounts: ['a', 'b', 'c'], bots: 0 },
    ]);
  });

  it('never forms a custom seek without its seeker, nor with someone its seeker blocked', () => {
    const custom = { key: 'seek-1', players: 2 };
    expect(
      pairSeeks(
        [seek('b', 2, { ...custom, owner: false }), seek('c', 3, { ...custom, owner: false })],
        new Blocks(),
        10_000,
      ),
    ).toEqual([]);
    const withOwner = [
      seek('a', 1, { ...custom, owner: true }),
      seek('b', 2, { ...custom, owner: false }),
      seek('c', 3, { ...custom, owner: false }),
    ];
    expect(shape(pairSeeks(withOwner, new Blocks([['a', 'b']]), 10_000))).toEqual([
      { key: 'seek-1', accounts: ['a', 'c'], bots: 0 },
    ]);
  });

  it('puts no account in two groups', () => {
    // One account with two seeks (a stale one, say): it sits in the first group only.
    const seeks = [seek('a', 1), { ...seek('a', 2), id: 's-a2' }, seek('b', 3), seek('c', 4)];
    expect(shape(pairSeeks(seeks, new Blocks(), 10_000))).toEqual([
      { key: 'koikoi-6', accounts: ['a', 'b'], bots: 0 },
    ]);
  });
});

describe('POOLS', () => {
  it.each(Object.entries(POOLS))('%s is a setup the room checks and the game accept', (_, setup) => {
    const parsed = parseRoomSetup(setup);
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    expect(checkGame(setup)).toEqual({ ok: true, value: null });
    expect(setup.seats.every((s) => s.kind === 'open')).toBe(true);
    expect(setup.turnSeconds).toBe(60);
  });
});
