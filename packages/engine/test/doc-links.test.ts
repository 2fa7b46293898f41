/**
 * The README and the docs link only to files in the repository, so a fresh clone has every page
 * they name, and every `npm run X` (or `npm run X -w PACKAGE`) they name is a script there.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** The Markdown pages under a folder, its subfolders too (but not the generated API reference, docs/api). */
const markdownIn = (dir: string): string[] =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return path === 'docs/api' ? [] : markdownIn(path);
        return entry.name.endsWith('.md') ? [path] : [];
      })
    : [];
const pages = ['README.md', 'CONTRIBUTING.md', ...markdownIn('docs')];

/** Relative link targets of a Markdown page (web links and in-page anchors left out). */
const localLinks = (text: string): string[] =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1].split('#')[0])
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target));

/** The scripts of the root package.json and of each workspace, by its name and its folder. */
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
  scripts: Record<string, string>;
};
const workspaceScripts = new Map<string, Record<string, string>>();
for (const folder of rootPackage.workspaces) {
  const pkg = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as {
    name: string;
    scripts?: Record<string, string>;
  };
  workspaceScripts.set(pkg.name, pkg.scripts ?? {});
  workspaceScripts.set(folder, pkg.scripts ?? {});
}

/** Each `npm run X [-w PACKAGE]` of a page, a line break anywhere between its words. */
const npmRuns = (text: string): { script: string; workspace?: string }[] =>
  [...text.matchAll(/npm run\s+([\w:.-]+)(?:\s+(?:-w|--workspace)[\s=]+([@\w./-]+))?/g)].map((m) => ({
    script: m[1],
    ...(m[2] === undefined ? {} : { workspace: m[2] }),
  }));

/** What is wrong with one `npm run`, or undefined when its script exists. */
const missingScript = ({ script, workspace }: { script: string; workspace?: string }): string | undefined => {
  const scripts = workspace === undefined ? rootPackage.scripts : workspaceScripts.get(workspace);
  if (scripts === undefined) return `npm run ${script} -w ${workspace}: no workspace ${workspace}`;
  return script in scripts
    ? undefined
    : `npm run ${script}${workspace === undefined ? '' : ` -w ${workspace}`}: no such script`;
};

describe('links in README.md and docs/', () => {
  it('finds the pages', () =>
    expect(pages).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/rules.md',
        'docs/scenarios.md',
        'docs/experiments/strength-log.md',
      ]),
    ));
  for (const page of pages) {
    it(`${page} links only to files in the repository`, () => {
      const missing = localLinks(readFileSync(join(root, page), 'utf8'))
        .map((target) => join(dirname(join(root, page)), target))
        .filter((path) => !path.startsWith(root) || !existsSync(path))
        .map((path) => relative(root, path));
      expect(missing).toEqual([]);
    });
  }

  it('reads each form of npm run, and knows a script that is missing', () => {
    expect(
      npmRuns(
        '`npm run bench -- --search` and `npm run measure:away -w\n  @hanafuda/web`; npm run build --workspace=packages/web',
      ),
    ).toEqual([
      { script: 'bench' },
      { script: 'measure:away', workspace: '@hanafuda/web' },
      { script: 'build', workspace: 'packages/web' },
    ]);
    expect(
      [
        { script: 'version' },
        { script: 'gallery', workspace: '@hanafuda/web' },
        { script: 'gallery', workspace: '@hanafuda/nowhere' },
      ].map(missingScript),
    ).toEqual([
      'npm run version: no such script',
      'npm run gallery -w @hanafuda/web: no such script',
      'npm run gallery -w @hanafuda/nowhere: no workspace @hanafuda/nowhere',
    ]);
    expect(missingScript({ script: 'gallery', workspace: '@hanafuda/cards-art' })).toBeUndefined();
  });
  for (const page of pages) {
    it(`every npm run of ${page} is a script of the project`, () => {
      const missing = npmRuns(readFileSync(join(root, page), 'utf8')).flatMap(
        (run) => missingScript(run) ?? [],
      );
      expect(missing).toEqual([]);
    });
  }

  // A build named by its commit is history: the logs of docs/experiments/ keep it, the
  // reference pages say what holds now.
  const commits = (text: string) =>
    [...text.matchAll(/(?<![\w-])[0-9a-f]{7,40}(?![\w-])/g)]
      .map((m) => m[0])
      .filter((word) => /[a-f]/.test(word) && /\d/.test(word));
  it('finds a commit in a page', () =>
    expect(commits('the expert of `88e173d` (2026-11-27), max-age=31536000')).toEqual(['88e173d']));
  for (const page of pages.filter((p) => !p.startsWith('docs/experiments/'))) {
    it(`${page} names no build by its commit`, () =>
      expect(commits(readFileSync(join(root, page), 'utf8'))).toEqual([]));
  }
});
