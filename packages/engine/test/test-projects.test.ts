/**
 * Every test file of the repository is in exactly one vitest project (vitest.config.ts): none
 * is left out of `npm test`, which runs every project, and none runs twice.
 */
import { globSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../../../vitest.config.js';

interface Project {
  readonly test: {
    readonly name: string;
    readonly include: readonly string[];
    readonly exclude?: readonly string[];
  };
}

const root = fileURLToPath(new URL('../../../', import.meta.url));
const projects = (config.test?.projects ?? []) as unknown as readonly Project[];
const files = globSync('{packages,examples}/**/*.{test,spec}.{ts,tsx,mts,cts,js,mjs,cjs}', {
  cwd: root,
  exclude: ['**/node_modules/**', '**/dist/**'],
});
const matches = (file: string, globs: readonly string[] = []) =>
  globs.some((glob) => matchesGlob(file, glob));

describe('vitest projects', () => {
  it('find the test files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(projects.map((p) => p.test.name)).toEqual(expect.arrayContaining(['unit', 'slow']));
  });

  it('hold every test file exactly once', () => {
    const wrong = files
      .map((file) => ({
        file,
        in: projects
          .filter((p) => matches(file, p.test.include) && !matches(file, p.test.exclude))
          .map((p) => p.test.name),
      }))
      .filter((f) => f.in.length !== 1);
    expect(wrong).toEqual([]);
  });
});
