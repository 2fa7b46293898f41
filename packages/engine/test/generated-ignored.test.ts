/**
 * The API reference `npm run docs:api` writes (typedoc.json's `out`) is generated: ESLint and
 * Prettier leave it alone and git never commits it, so writing it breaks no check of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { getFileInfo } from 'prettier';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const out = (JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')) as { out: string }).out
  .replace(/^\.\//, '')
  .replace(/\/$/, '');
// Files TypeDoc writes (they need not exist for the question), and one beside them that is checked.
const generated = [`${out}/assets/main.js`, `${out}/assets/style.css`, `${out}/index.html`];
const checked = 'packages/engine/src/index.ts';

describe(`the generated API reference (${out})`, () => {
  it('is outside the files ESLint lints', async () => {
    const eslint = new ESLint({ cwd: root });
    expect(await Promise.all(generated.map((file) => eslint.isPathIgnored(join(root, file))))).toEqual(
      generated.map(() => true),
    );
    expect(await eslint.isPathIgnored(join(root, checked))).toBe(false);
  });

  it('is outside what Prettier formats (its ignore files, as the command line reads them)', async () => {
    const ignorePath = ['.gitignore', '.prettierignore'].map((f) => join(root, f));
    const ignored = async (file: string) => (await getFileInfo(join(root, file), { ignorePath })).ignored;
    expect(await Promise.all(generated.map(ignored))).toEqual(generated.map(() => true));
    // Without the ignore files the same paths are formatted: the test asks the ignore files, not the extension.
    expect((await getFileInfo(join(root, generated[0]))).ignored).toBe(false);
    expect(await ignored(checked)).toBe(false);
  });

  it('is git-ignored', () => {
    const r = spawnSync('git', ['check-ignore', '--no-index', ...generated, checked], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.error).toBeUndefined();
    expect(r.stdout.trim().split('\n')).toEqual(generated);
  });
});
