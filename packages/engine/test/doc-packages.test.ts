/**
 * What the docs say of the packages is what their package.json files say: the arrows of
 * README.md, CONTRIBUTING.md and docs/architecture.md (`engine ← bots ← table`: table imports
 * bots, bots imports engine), and the outside dependencies of the published packages.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Each package of packages/, by its short name (`@hanafuda/cards-art`: cards-art), with its dependencies. */
const packages = new Map(
  readdirSync(join(root, 'packages')).map((folder) => {
    const pkg = JSON.parse(read(`packages/${folder}/package.json`)) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    return [pkg.name.replace(/^@hanafuda\//, ''), Object.keys(pkg.dependencies ?? {})] as const;
  }),
);
const short = (dependency: string) => dependency.replace(/^@hanafuda\//, '');
/** Dependencies on the project's own packages, as `importer → imported`. */
const imports = [...packages].flatMap(([name, deps]) =>
  deps.filter((d) => d.startsWith('@hanafuda/')).map((d) => `${name} → ${short(d)}`),
);

/**
 * The arrows of a page: chains of package names joined by ←, where a step may be several
 * packages (`web, server, cli` or `web / server / cli`); `a ← b` is `b → a`, b imports a.
 * Backticks are dropped; chains end at any other word or mark (`;`, `)`, `and`).
 */
function arrowsOf(text: string, names: readonly string[]): string[] {
  const name = `(?:${[...names].sort((a, b) => b.length - a.length).join('|')})(?![\\w-])`;
  const step = `${name}(?:\\s*[,/]\\s*${name})*`;
  const chain = new RegExp(`(?<![\\w-])${step}(?:\\s*←\\s*${step})+`, 'g');
  const arrows: string[] = [];
  for (const [found] of text.replaceAll('`', '').matchAll(chain)) {
    const steps = found.split('←').map((s) => s.split(/[,/]/).map((n) => n.trim()));
    for (let i = 1; i < steps.length; i++)
      for (const importer of steps[i])
        for (const imported of steps[i - 1]) arrows.push(`${importer} → ${imported}`);
  }
  return arrows;
}

/** Whether `from` reaches `to` along the arrows. */
const reaches = (arrows: readonly string[], from: string, to: string): boolean => {
  const seen = new Set([from]);
  for (const at of seen)
    for (const arrow of arrows) {
      const [a, b] = arrow.split(' → ');
      if (a === at) seen.add(b);
    }
  return seen.has(to);
};

describe('the package arrows the docs draw', () => {
  it('reads chains and steps of several packages, and nothing else', () => {
    const names = ['engine', 'bots', 'table', 'web', 'server', 'cli', 'cards-art'];
    expect(arrowsOf('(engine ← bots ← table ← web, server, cli), rules live', names)).toEqual([
      'bots → engine',
      'table → bots',
      'web → table',
      'server → table',
      'cli → table',
    ]);
    expect(arrowsOf('`engine` ← `cards-art` ← `web`/`server`; and a bot ← the bots', names)).toEqual([
      'cards-art → engine',
      'web → cards-art',
      'server → cards-art',
    ]);
  });

  for (const page of ['README.md', 'CONTRIBUTING.md', 'docs/architecture.md']) {
    describe(page, () => {
      const arrows = arrowsOf(read(page), [...packages.keys()]);
      it('draws only arrows a package.json has', () => {
        expect(arrows.length).toBeGreaterThan(0);
        expect(arrows.filter((arrow) => !imports.includes(arrow))).toEqual([]);
      });
      it('leaves out no dependency between the packages (each is an arrow or a path of them)', () => {
        expect(
          imports.filter((arrow) => !reaches(arrows, ...(arrow.split(' → ') as [string, string]))),
        ).toEqual([]);
      });
    });
  }
});

describe('the published packages', () => {
  const page = read('docs/using-the-engine.md');
  it.each(['engine', 'bots', 'protocol'])(
    'using-the-engine.md names each outside dependency of %s',
    (name) => {
      const outside = packages.get(name)!.filter((d) => !d.startsWith('@hanafuda/'));
      expect(outside.filter((d) => !page.includes(`\`${d}\``))).toEqual([]);
    },
  );
  it('says which have none', () => {
    const none = ['engine', 'bots', 'protocol'].filter((name) =>
      packages.get(name)!.every((d) => d.startsWith('@hanafuda/')),
    );
    expect(page.replace(/\s+/g, ' ')).toContain(
      `The ${none.join(' and the ')} have no dependencies outside the project`,
    );
  });
});
