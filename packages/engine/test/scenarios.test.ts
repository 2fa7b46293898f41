/**
 * Runs every scenario file under test/scenarios/ (ours) and ../shared/conformance/examples/
 * (the team's shared examples, beside the repo) and checks each one's `expect`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareOutcome, gameById, parseScenario, runScenario } from '../src/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const ours = join(here, 'scenarios');
const shared = join(here, '../../../../shared/conformance/examples');

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}

const files = [...jsonFiles(ours), ...jsonFiles(shared)];

describe('scenario files', () => {
  it('finds our scenarios', () => expect(jsonFiles(ours).length).toBeGreaterThan(0));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // A shared example of a game that has not landed yet is skipped, not failed.
    const game = (JSON.parse(text) as { game?: string }).game ?? '';
    const test = gameById(game) ? it : it.skip;
    test(relative(join(here, '../../..'), file), () => {
      const scenario = parseScenario(text);
      if (!scenario.ok) throw new Error(scenario.error.message);
      if (!scenario.value.expect) throw new Error('a scenario under test must say what it expects');
      const outcome = runScenario(scenario.value, gameById);
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(compareOutcome(scenario.value.expect, outcome.value)).toEqual([]);
    });
  }
});
