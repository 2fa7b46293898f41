/**
 * The runtime: the repository brings its own Node (the registry's node-linux-* build, whose
 * `node` npm puts first on the PATH of every script), a supported LTS that package.json's
 * engines accept, and installing builds nothing native (SQLite is Node's node:sqlite).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChild } from './support/child.js';

const ROOT = new URL('../../../', import.meta.url);
const json = (file: string) =>
  JSON.parse(readFileSync(new URL(file, ROOT), 'utf8')) as Record<string, unknown>;
const version = (v: string) => v.replace(/^v/, '').split('.').map(Number);
const atLeast = (v: number[], floor: number[]) => v[0] > floor[0] || (v[0] === floor[0] && v[1] >= floor[1]);

describe('the runtime', () => {
  it('is the Node the repository brings, a version its engines accept, for this runner and the commands it starts', () => {
    const engines = (json('package.json').engines as { node: string }).node;
    const floor = version(/^>=\s*(\S+)$/.exec(engines)![1]);
    expect(floor[0]).toBeGreaterThanOrEqual(24);
    expect(atLeast(version(process.version), floor), `${process.version} against ${engines}`).toBe(true);
    // The `node` of a script, a test's child or a tool started by name is this one too.
    expect(execFileSync('node', ['--version'], { encoding: 'utf8' }).trim()).toBe(process.version);
    const brought = json('package-lock.json').packages as Record<string, { version?: string }>;
    expect(`v${brought[`node_modules/node-${process.platform}-${process.arch}`]?.version}`).toBe(
      process.version,
    );
  });

  it('builds nothing at install: no package runs an install script', () => {
    const packages = json('package-lock.json').packages as Record<string, { hasInstallScript?: boolean }>;
    expect(Object.keys(packages).filter((name) => packages[name].hasInstallScript)).toEqual([]);
  });

  it('starts the server without a warning', async () => {
    const data = mkdtempSync(join(tmpdir(), 'hanafuda-runtime-'));
    const server = await startChild(['--data', data], {});
    try {
      expect(server.output()).not.toMatch(/Warning/);
    } finally {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
      rmSync(data, { recursive: true, force: true });
    }
  });
});
