/** Sakura's Chu, Basa and Shira Basa (docs/rules.md 3.10) are named in the log, the replay and the round's breakdown. */
import {
  type GameEvent,
  type GameView,
  randomInt,
  sakura,
  seedRng,
  type SakuraState,
} from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { describeEvent } from '../src/describe-event.js';
import { PLAIN } from '../src/play/ansi.js';
import { roundBreakdown } from '../src/play/summary.js';

const seats = { you: 0, name: (s: number) => (s === 0 ? 'You' : `Bot ${s}`) };
const NAMES = { chu: 'Chu', basa: 'Basa', 'shira-basa': 'Shira Basa' } as const;

/** The first round-end of random 2-player games under victories with Chu and Basa that carries `label`, and the state after it. */
function roundWith(label: string): { event: GameEvent; state: SakuraState } {
  for (let seed = 0; seed < 400; seed++) {
    const start = sakura.newGame({
      players: 2,
      seed,
      options: { scoring: 'victories', chu: 'double', basa: 'triple' },
    });
    if (!start.ok) throw new Error(start.error.message);
    let state = start.value.state;
    const rng = seedRng(seed);
    while (sakura.toMove(state) !== null) {
      const legal = sakura.legalActions(state);
      const next = sakura.apply(state, legal[randomInt(rng, legal.length)]);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value.state;
      const end = next.value.events.find((e) => e.public.type === 'round-end' && e.public.label === label);
      if (end) return { event: end.public, state };
    }
  }
  throw new Error(`no ${label} in 400 games`);
}

describe('Chu and Basa by name', () => {
  it.each(Object.entries(NAMES))('%s: the log line and the breakdown name it "%s"', (label, name) => {
    const { event, state } = roundWith(label);
    const line = describeEvent(event);
    expect(line).toContain(`${name} (the win counts ${label === 'chu' ? 2 : 3})`);
    if (label === 'basa') expect(line).not.toContain('Shira');
    const view = sakura.view(state, 0) as unknown as GameView;
    const text = roundBreakdown(PLAIN, { ...view, results: state.results } as GameView, seats).join('\n');
    expect(text).toMatch(new RegExp(`the round \\(${name}\\): ${label === 'chu' ? 2 : 3} victories`));
  });
});
