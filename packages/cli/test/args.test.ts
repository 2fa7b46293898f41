/** The flags every command reads: one clear line for a missing value, a repeated option, a number out of bounds. */
import { describe, expect, it } from 'vitest';
import { parseFlags, wholeNumber } from '../src/args.js';
import { runCli } from './support/run.js';

describe('flags', () => {
  it('says an option needs a value when the next word is another option', () => {
    expect(parseFlags(['--game', '--rounds', '5'], ['game', 'rounds'])).toEqual({
      error: '--game needs a value',
    });
    // A negative number is a value, and --name=value may hold anything.
    expect(parseFlags(['--seat', '-1'], ['seat'])).toEqual({ flags: { seat: '-1' } });
    expect(parseFlags(['--seed=--x'], ['seed'])).toEqual({ flags: { seed: '--x' } });
  });

  it('refuses an option given twice rather than keeping the last', () => {
    expect(parseFlags(['--game', 'sakura', '--game', 'koikoi'], ['game'])).toEqual({
      error: '--game is given twice (once is enough)',
    });
  });

  it('takes whole numbers only, within their bounds', () => {
    const max = { value: 1000, why: 'too long' };
    expect(wholeNumber('1e15', 'rounds', 1, max)).toEqual({
      error: '--rounds must be a whole number from 1 to 1,000, not "1e15"',
    });
    expect(wholeNumber('1001', 'rounds', 1, max)).toEqual({
      error: '--rounds must be at most 1,000: too long',
    });
    expect(wholeNumber('0x10', 'rounds')).toEqual({
      error: '--rounds must be a whole number ≥ 1, not "0x10"',
    });
    expect(wholeNumber('12', 'rounds', 1, max)).toBe(12);
  });

  it('bounds simulate --rounds and arena --deals with a clear message, before any work', async () => {
    const sim = await runCli(['simulate', '--game', 'sakura', '--rounds', '1000000000000000', '--seed', '1']);
    expect(sim.code).toBe(2);
    expect(sim.err).toMatch(/^hanafuda simulate: --rounds must be at most 1,000,000: /);
    expect(sim.out).toEqual([]);
    const game = await runCli(['simulate', '--game', '--rounds', '5']);
    expect(game.err).toBe('hanafuda simulate: --game needs a value');
  });
});
