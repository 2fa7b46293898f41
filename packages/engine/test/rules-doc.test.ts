/**
 * docs/rules.md §7 and the engine's option specs say the same: every option of every game
 * with its title, default and values, and every preset's values. An option one has and the
 * other lacks fails, as does any value, default or title that differs.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAMES, type OptionSpec } from '../src/index.js';

const doc = readFileSync(fileURLToPath(new URL('../../../docs/rules.md', import.meta.url)), 'utf8');
const glance = doc.slice(doc.indexOf('## 7. Every option at a glance'));

/** The table rows under the `### ...` heading that contains `marker`, as cells. */
function tableUnder(marker: string): string[][] {
  const start = glance.split('\n').findIndex((line) => line.startsWith('### ') && line.includes(marker));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of glance.split('\n').slice(start + 1)) {
    if (line.startsWith('### ')) break;
    if (!line.startsWith('| `')) continue;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const codes = (cell: string): string[] => [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]);

/** What the doc's values cell must say for a spec. */
function valuesCell(spec: OptionSpec): string {
  switch (spec.kind) {
    case 'enum':
      return spec.values.map((v) => `\`${v}\``).join(' ');
    case 'boolean':
      return '`true` `false`';
    case 'integer':
      return `whole number ≥ ${spec.min}${spec.max === undefined ? '' : ` and ≤ ${spec.max}`}`;
    case 'length':
      return '`rounds:N` or `target:N`';
  }
}

describe('docs/rules.md §7 and the option specs', () => {
  it('has a table for every game and only those', () => {
    const headed = [...glance.matchAll(/^### .*\(`([a-z]+)`, §/gm)].map((m) => m[1]);
    expect(headed.sort()).toEqual(GAMES.map((g) => g.id).sort());
  });
  for (const game of GAMES) {
    describe(game.id, () => {
      const rows = tableUnder(`(\`${game.id}\`,`);
      it('names the same options, in the same order', () =>
        expect(rows.map((r) => codes(r[0])[0])).toEqual(game.optionSpecs.map((s) => s.name)));
      for (const spec of game.optionSpecs) {
        it(`${spec.name}: title, default, values and a source`, () => {
          const row = rows.find((r) => codes(r[0])[0] === spec.name);
          expect(row, `docs/rules.md lacks ${spec.name}`).toBeDefined();
          const [, title, titleJa, def, values, source] = row!;
          expect([title, titleJa, codes(def)[0], values]).toEqual([
            spec.title,
            spec.titleJa,
            String(spec.default),
            valuesCell(spec),
          ]);
          expect(source).not.toBe('');
          // Every option speaks for itself to people: English and Japanese titles and a line of help.
          expect([spec.title, spec.titleJa, spec.help].every((text) => text.trim().length > 0)).toBe(true);
        });
      }
    });
  }
  it('lists every preset with the values it sets', () => {
    for (const game of GAMES.filter((g) => g.presets)) {
      const rows = tableUnder(`${game.title} presets`);
      const documented = Object.fromEntries(
        rows.map((r) => [codes(r[0])[0], Object.fromEntries(codes(r[1]).map((pair) => pair.split(': ')))]),
      );
      const engine = Object.fromEntries(
        Object.entries(game.presets!).map(([name, values]) => [
          name,
          Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
        ]),
      );
      expect(documented).toEqual(engine);
      const presetSpec = game.optionSpecs.find((s) => s.name === 'preset');
      expect(presetSpec?.kind === 'enum' && presetSpec.values).toEqual(Object.keys(game.presets!));
    }
  });
});
