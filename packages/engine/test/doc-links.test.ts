/** The README and the docs link only to files in the repository, so a fresh clone has every page they name. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const markdownIn = (dir: string): string[] =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `${dir}/${f}`)
    : [];
const pages = ['README.md', 'CONTRIBUTING.md', ...markdownIn('docs'), ...markdownIn('docs/experiments')];

/** Relative link targets of a Markdown page (web links and in-page anchors left out). */
const localLinks = (text: string): string[] =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1].split('#')[0]).filter((target) => target !== '' && !/^[a-z]+:/.test(target));

describe('links in README.md and docs/', () => {
  it('finds the pages', () => expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/rules.md', 'docs/scenarios.md'])));
  for (const page of pages) {
    it(`${page} links only to files in the repository`, () => {
      const missing = localLinks(readFileSync(join(root, page), 'utf8'))
        .map((target) => join(dirname(join(root, page)), target))
        .filter((path) => !path.startsWith(root) || !existsSync(path))
        .map((path) => relative(root, path));
      expect(missing).toEqual([]);
    });
  }
});
