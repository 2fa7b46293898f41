import { type GameModule, koikoi, sakura, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { BOT_NAMES, type BotView, LEVELS, botByName, botForLevel, randomBot } from '../src/index.js';

describe('the bot interface', () => {
  it('names every level and the random bot', () => {
    for (const level of LEVELS) expect(botForLevel(level).choose).toBeTypeOf('function');
    expect(botByName('random')).toBe(randomBot);
    expect(botByName('nobody')).toBeUndefined();
    expect(BOT_NAMES).toContain('random');
  });

  it('the random bot picks a legal action, the same for the same RNG state', () => {
    for (const game of [sakura, koikoi] as GameModule[]) {
      const start = game.newGame({ players: 2, seed: 7 });
      if (!start.ok) throw new Error(start.error.message);
      const seat = game.toMove(start.value.state)!;
      const view = game.view(start.value.state, seat) as BotView;
      const a = randomBot.choose(game, view, seedRng('r'));
      const b = randomBot.choose(game, view, seedRng('r'));
      expect(a).toEqual(b);
      expect(view.actions).toContainEqual(a);
    }
  });
});
