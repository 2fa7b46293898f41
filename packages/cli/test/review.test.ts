/** `hanafuda review`: every decision of the seat, the worst marked, the same figures twice, and clear refusals. */
import { describe, expect, it } from 'vitest';
import { thrownBright } from '../../bots/test/thrown-bright.js';
import type { Io } from '../src/io.js';
import { main } from '../src/main.js';

async function run(args: string[], files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const progress: (string | null)[] = [];
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: (p) => {
      if (!(p in files)) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      return files[p];
    },
    writeFile: () => undefined,
    progress: (l) => progress.push(l),
  };
  return { code: await main(args, io), out, err: err.join('\n'), progress };
}

describe('hanafuda review', () => {
  const blunder = thrownBright();
  const files = {
    'game.json': JSON.stringify(blunder.record),
    'saved.json': JSON.stringify({ record: blunder.record, fairness: {} }),
  };

  it('prints every decision of the seat and marks the thrown bright as the worst', async () => {
    const r = await run(['review', 'game.json', '--seat', '0', '--budget', '1000'], files);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const decisions = r.out.filter((l) => /^round +\d+ +action +\d+/.test(l));
    const ownActions = blunder.record.actions.filter((a) => a.seat === 0).length;
    expect(decisions.length).toBeGreaterThan(3);
    expect(decisions.length).toBeLessThanOrEqual(ownActions);
    const marked = decisions.filter((l) => l.endsWith('<<< worst'));
    expect(marked.length).toBeGreaterThanOrEqual(1);
    const thrown = decisions.find((l) => new RegExp(`action +${blunder.throwAt} `).test(l))!;
    expect(thrown).toMatch(new RegExp(`plays ${blunder.bright} [+−][0-9.]+  loses ([0-9.]+); best: plays `));
    expect(thrown.endsWith('<<< worst')).toBe(true);
    // The worst of the game: no other decision loses as much.
    const loss = (l: string) => Number(/loses ([0-9.]+)/.exec(l)?.[1] ?? 0);
    for (const l of decisions) expect(loss(l)).toBeLessThanOrEqual(loss(thrown));
    expect(r.out.at(-1)).toMatch(new RegExp(`^worst: action ${blunder.throwAt} \\(round 1, −`));
    // The progress line counts the decisions up to the last, then is cleared.
    expect(r.progress.at(-2)).toMatch(
      new RegExp(`^reviewing \\[#+\\] ${decisions.length}/${decisions.length} decisions$`),
    );
    expect(r.progress.at(-1)).toBeNull();
  });

  it('prints the same figures on a second run, and reads a game saved by the server alike', async () => {
    const first = await run(['review', 'game.json', '--budget', '500'], files);
    const second = await run(['review', 'game.json', '--budget', '500'], files);
    const saved = await run(['review', 'saved.json', '--budget', '500'], files);
    expect(first.code).toBe(0);
    expect(second.out).toEqual(first.out);
    expect(saved.out).toEqual(first.out);
  });

  it('refuses a missing file, a file that is not a game, a seat the game has not and a bad budget, in one line', async () => {
    const cases: [string[], number, string][] = [
      [['review', 'nope.json'], 1, 'hanafuda review: nope.json: no such file'],
      [['review', 'bad.json'], 1, 'hanafuda review: bad.json: not valid JSON'],
      [['review', 'other.json'], 1, 'hanafuda review: other.json: not a game record'],
      [
        ['review', 'game.json', '--seat', '2'],
        1,
        'hanafuda review: game.json: no seat 2 in a 2-player game (seats 0 to 1)',
      ],
      [['review', 'game.json', '--seat', 'x'], 2, 'hanafuda review: --seat must be a whole number ≥ 0'],
      [['review', 'game.json', '--budget', '0'], 2, 'hanafuda review: --budget must be a whole number ≥ 1'],
      [['review'], 2, 'usage: hanafuda review GAME.json [--seat N] [--budget N]'],
    ];
    for (const [args, code, message] of cases) {
      const r = await run(args, { ...files, 'bad.json': '{', 'other.json': '{"a":1}' });
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.err.split('\n')[0]).toContain(message);
      expect(r.out).toEqual([]);
    }
  });
});
