import { GAMES } from '@hanafuda/engine';
import { parseRoomSetup, parseTableConfig } from '@hanafuda/protocol';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, roomSetupOf, sanitize, tableConfigOf } from '../src/state/new-game-settings.js';
import { buttonActions, playableCards, takeTargets } from '../src/state/interaction.js';
import { Table } from '@hanafuda/table';

describe('new-game settings', () => {
  it('gives a valid table for every game, the player in seat 0', () => {
    for (const game of GAMES) {
      const config = tableConfigOf({ ...DEFAULT_SETTINGS, game: game.id }, 'You');
      expect(parseTableConfig(config).ok).toBe(true);
      expect(config.seats[0]).toEqual({ kind: 'human', name: 'You' });
      expect(Table.create(config, 'settings').ok).toBe(true);
    }
  });

  it('keeps teams and house rules, and drops stored values that are not valid', () => {
    const s = sanitize({
      game: 'sakura',
      players: { sakura: 4, koikoi: 9 },
      teams: { sakura: '2x2' },
      options: { sakura: { rounds: 3, gajiClaim: 'nonsense', unknown: 1 } },
      levels: ['hard', 'bogus'],
    });
    expect(s.players.sakura).toBe(4);
    expect(s.players.koikoi).toBe(2);
    expect(s.options.sakura).toEqual({ rounds: 3 });
    expect(s.levels.slice(0, 2)).toEqual(['hard', 'normal']);
    const config = tableConfigOf(s, 'You');
    expect(config.teams).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(Table.create(config, 'teams').ok).toBe(true);
    expect(sanitize('garbage')).toEqual(sanitize({}));
  });
});

describe('online room settings', () => {
  it("gives a room the server accepts: the host's seat open, the others open or bots, teams, rules and the turn timer", () => {
    const s = sanitize({
      game: 'sakura',
      players: { sakura: 4 },
      teams: { sakura: '2x2' },
      options: { sakura: { rounds: 2 } },
      online: { seats: ['hard', 'open', 'bogus'], turnSeconds: 60 },
    });
    const setup = roomSetupOf(s);
    expect(parseRoomSetup(setup).ok).toBe(true);
    expect(setup.seats).toEqual([
      { kind: 'open' },
      { kind: 'bot', level: 'hard', name: 'Hana' },
      { kind: 'open' },
      { kind: 'open' },
    ]);
    expect(setup).toMatchObject({
      game: 'sakura',
      players: 4,
      teams: [
        [0, 2],
        [1, 3],
      ],
      options: { rounds: 2 },
      turnSeconds: 60,
    });
    expect(sanitize({ online: { turnSeconds: 7 } }).online.turnSeconds).toBe(60);
    expect(sanitize({ online: { turnSeconds: 0 } }).online.turnSeconds).toBe(0);
    for (const game of GAMES)
      expect(parseRoomSetup(roomSetupOf({ ...DEFAULT_SETTINGS, game: game.id })).ok).toBe(true);
  });
});

describe('interaction', () => {
  const actions = [
    { seat: 0, play: 'pine-crane', take: 'pine-chaff-1' },
    { seat: 0, play: 'pine-crane', take: 'pine-chaff-2' },
    { seat: 0, play: 'maple-deer' },
    { seat: 0, hiki: 3 },
  ];
  it('reads playable cards, capture choices and buttons from the legal actions', () => {
    expect([...playableCards(actions)]).toEqual(['pine-crane', 'maple-deer']);
    expect([...takeTargets(actions, 'pine-crane').keys()]).toEqual(['pine-chaff-1', 'pine-chaff-2']);
    expect(takeTargets(actions, null).size).toBe(0);
    expect(
      takeTargets(
        [
          { seat: 0, take: 'iris-bridge' },
          { seat: 0, leave: true },
        ],
        null,
      ).size,
    ).toBe(1);
    expect(buttonActions(actions).map((b) => b.kind)).toEqual(['hiki']);
  });
});
