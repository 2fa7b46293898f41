/** Every help text the command prints fits an 80-column terminal. */
import { describe, expect, it } from 'vitest';
import { runCli } from './support/run.js';

/** `hanafuda ARGS`: its exit code and its output's lines (a call of io.out may print several). */
const help = async (args: string[]) => {
  const r = await runCli(args);
  return { code: r.code, lines: r.out.join('\n').split('\n'), err: r.err };
};

const WIDTH = 80;
const tooWide = (lines: readonly string[]) =>
  lines.filter((line) => [...line].length > WIDTH).map((line) => `${[...line].length}: ${line}`);

describe(`help fits ${WIDTH} columns`, async () => {
  // The commands are those the general usage lists (hanafuda help, hanafuda COMMAND --help, ... left out).
  const general = await help(['help']);
  const named = Array.from(general.lines.join('\n').matchAll(/^ {2}hanafuda ([a-z]+) /gm), (m) => m[1]);
  const commands = [...new Set(named)].filter((c) => c !== 'help');

  it('lists every command', () => {
    expect(commands).toEqual([
      'scenario',
      'simulate',
      'arena',
      'replay',
      'review',
      'play',
      'verify',
      'learn',
    ]);
  });

  it.each([[[]], [['--help']], [['-h']], [['help']], [['help', 'help']]])('hanafuda %j', async (args) => {
    const r = await help(args);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.lines.length).toBeGreaterThan(10);
    expect(tooWide(r.lines)).toEqual([]);
  });

  it.each(
    commands.flatMap((command) => [
      [command, '--help'],
      [command, '-h'],
      ['help', command],
    ]),
  )('hanafuda %s %s', async (...args) => {
    const r = await help(args);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.lines.slice(0, 2)).toEqual([
      'usage:',
      expect.stringMatching(
        new RegExp(`^ {2}hanafuda ${args.find((a) => a !== 'help' && !a.startsWith('-'))} `),
      ),
    ]);
    expect(tooWide(r.lines)).toEqual([]);
  });

  it.each([['replay'], ['review']])('the usage line of hanafuda %s without its file', async (command) => {
    const r = await runCli([command]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^usage: hanafuda ${command} `));
    expect(tooWide(r.err.split('\n'))).toEqual([]);
  });
});
