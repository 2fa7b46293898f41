/**
 * Runs every scenario file under test/scenarios/ (ours, one or more per rule and option
 * value) and test/conformance/ (the examples of docs/scenarios.md) and checks each one's `expect`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareOutcome, gameById, parseScenario, runScenario } from '../src/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const ours = join(here, 'scenarios');
const conformance = join(here, 'conformance');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}

const files = [...jsonFiles(ours), ...jsonFiles(conformance)];

describe('scenario files', () => {
  it('finds our scenarios and the conformance examples', () => {
    expect(jsonFiles(ours).length).toBeGreaterThan(0);
    expect(jsonFiles(conformance).length).toBeGreaterThanOrEqual(4);
  });
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    it(relative(join(here, '../../..'), file), () => {
      const scenario = parseScenario(text);
      if (!scenario.ok) throw new Error(scenario.error.message);
      if (!scenario.value.expect) throw new Error('a scenario under test must say what it expects');
      const outcome = runScenario(scenario.value, gameById);
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(compareOutcome(scenario.value.expect, outcome.value)).toEqual([]);
    });
  }
});
