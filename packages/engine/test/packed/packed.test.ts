/**
 * The published packages as a stranger gets them: `npm pack` of engine, bots and protocol,
 * installed from the tarballs (and the registry, for their one outside dependency, the
 * protocol's schema library) into a folder outside the workspace, then the example of
 * docs/using-the-engine.md run there with Node and type-checked against the packed
 * declarations, and the protocol's JSON Schema read from its published path.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const PACKAGES = ['@hanafuda/engine', '@hanafuda/bots', '@hanafuda/protocol'];
const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The guide's first `js` block: the documented example, exactly as a reader copies it. */
function guideExample(): string {
  const guide = readFileSync(join(ROOT, 'docs/using-the-engine.md'), 'utf8');
  const block = /```js\n([\s\S]*?)```/.exec(guide);
  if (!block) throw new Error('docs/using-the-engine.md has no js example');
  return block[1];
}

describe('the packed packages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-packed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("install from their tarballs and play the guide's round", { timeout: 240_000 }, () => {
    npm(['pack', '--pack-destination', dir, ...PACKAGES.flatMap((p) => ['-w', p])], ROOT);
    const tarballs = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
    expect(tarballs.map((f) => f.replace(/-\d+\.\d+\.\d+\.tgz$/, '')).sort()).toEqual([
      'hanafuda-bots',
      'hanafuda-engine',
      'hanafuda-protocol',
    ]);
    for (const tarball of tarballs) {
      const files = execFileSync('tar', ['-tzf', join(dir, tarball)], { encoding: 'utf8' }).split('\n');
      expect(files, tarball).toContain('package/LICENSE');
      expect(
        files.some((f) => f.endsWith('.test.ts')),
        `${tarball} ships no tests`,
      ).toBe(false);
    }
    const dependencies = Object.fromEntries(
      tarballs.map((f) => [`@hanafuda/${f.replace(/^hanafuda-|-\d+\.\d+\.\d+\.tgz$/g, '')}`, `file:./${f}`]),
    );
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'stranger', private: true, type: 'module', dependencies }),
    );
    npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], dir);

    writeFileSync(join(dir, 'example.mjs'), guideExample());
    const out = execFileSync(process.execPath, ['example.mjs'], { cwd: dir, encoding: 'utf8' });
    expect(out).toMatch(/^seat \d: round-end$/m);
    expect(out).toMatch(/^yaku \[.*\] scores \[ -?\d+, -?\d+ \]$/m);

    // The same code as TypeScript, against the declarations in the tarballs (strict, no skipLibCheck).
    writeFileSync(join(dir, 'example.ts'), guideExample());
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    execFileSync(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--target',
        'es2022',
        '--lib',
        'es2022,dom',
        'example.ts',
      ],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );

    const protocol = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { PROTOCOL_VERSION, parseClientMessage } from '@hanafuda/protocol'; console.log(PROTOCOL_VERSION, parseClientMessage('{').ok);",
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(protocol.trim()).toMatch(/^\d+ false$/);
    const schema = execFileSync(
      process.execPath,
      ['-e', "console.log(Object.keys(require('@hanafuda/protocol/protocol.schema.json').$defs).join(' '))"],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(schema).toMatch(/\bServerBound ClientBound\b/);
  });
});
