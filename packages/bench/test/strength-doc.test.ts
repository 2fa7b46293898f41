/**
 * docs/strength.md's results table is what `npm run bench:strength` measures: a row for each of
 * its rungs (table, challenger, other bot, seatings) and none else, so the command the page
 * gives for measuring again reproduces the page's rows.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RUNGS } from '../src/strength.js';

const page = readFileSync(fileURLToPath(new URL('../../../docs/strength.md', import.meta.url)), 'utf8');
const results = page.slice(page.indexOf('## Results'), page.indexOf('\n## ', page.indexOf('## Results') + 1));

/** The results table's rows as `table | challenger,other | seatings`; a step reads `CHALLENGER (...) beats OTHER (...)`. */
const rows = results
  .split('\n')
  .filter((line) => /^\| [A-Z]/.test(line) && !line.startsWith('| game '))
  .map((line) => {
    const [table, step, , rounds] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const bots = step.match(/^([a-z]+)\b.* beats ([a-z]+)\b/);
    const seatings = rounds.match(/^[\d,]+ × (\d+) = /);
    return `${table} | ${bots ? `${bots[1]},${bots[2]}` : step} | ${seatings ? seatings[1] : rounds}`;
  });

describe('docs/strength.md and npm run bench:strength', () => {
  it('has a results table', () => expect(rows.length).toBeGreaterThan(0));
  it('has one row for each rung bench:strength runs, and no other', () => {
    expect(rows.toSorted()).toEqual(RUNGS.map((r) => `${r.table} | ${r.bots} | ${r.seatings}`).toSorted());
  });
});
