/** Every bot answers a legal action in every game (playGame throws on an illegal one), and the same seed replays the same game. */
import { seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { botByName, oneRound, playGame } from '../src/index.js';
import { TABLES, game } from './support.js';

const BOTS = ['random', 'greedy', 'easy', 'search:24'];

describe('bots play legal actions', () => {
  for (const table of TABLES) {
    it(`${table.name}: every bot, two games`, () => {
      const g = game(table.game);
      for (const name of BOTS) {
        for (const seed of [1, 2]) {
          const bots = Array.from({ length: table.players }, (_, seat) =>
            botByName(seat % 2 === 0 ? name : 'greedy')!,
          );
          const rngs = bots.map((_, seat) => seedRng(`${name}:${seed}:${seat}`));
          const played = playGame(
            g,
            {
              players: table.players,
              teams: table.teams,
              options: oneRound(g, table.options),
              seed: `${table.name}:${seed}`,
            },
            bots,
            rngs,
          );
          expect(played.rounds).toHaveLength(1);
          expect(played.actions.length).toBeGreaterThan(0);
        }
      }
    });
  }
});

describe('determinism', () => {
  for (const table of TABLES.filter((t) =>
    ['sakura 4p teams', 'koikoi', 'nara', 'oibana 3p'].includes(t.name),
  )) {
    it(`${table.name}: the same seeds give the same decisions`, () => {
      const g = game(table.game);
      const once = () => {
        const bots = Array.from({ length: table.players }, (_, seat) =>
          botByName(['search:24', 'easy', 'greedy', 'random'][seat % 4])!,
        );
        const rngs = bots.map((_, seat) => seedRng(`det:${seat}`));
        return playGame(
          g,
          { players: table.players, teams: table.teams, options: oneRound(g, table.options), seed: 'det' },
          bots,
          rngs,
        );
      };
      const a = once();
      const b = once();
      expect(b.actions).toEqual(a.actions);
      expect(b.rounds).toEqual(a.rounds);
    });
  }
});
