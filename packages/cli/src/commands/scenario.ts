/** `hanafuda scenario`: runs scenario files (conformance FORMAT.md) and checks their `expect`. */
import { type Outcome, compareOutcome, gameById, parseScenario, runScenario } from '@hanafuda/engine';
import { basename } from 'node:path';
import { type Io, readText } from '../io.js';

export function scenarioCommand(args: string[], io: Io): number {
  const json = args.includes('--json');
  const files = args.filter((a) => a !== '--json');
  const unknownFlag = files.find((f) => f.startsWith('-'));
  if (unknownFlag) {
    io.err(`hanafuda scenario: unknown option ${unknownFlag}`);
    return 2;
  }
  if (files.length === 0 || (json && files.length !== 1)) {
    io.err('usage: hanafuda scenario FILE...  |  hanafuda scenario --json FILE');
    return 2;
  }
  if (json) {
    const result = load(io, files[0]);
    if ('error' in result) {
      io.err(`${files[0]}: ${result.error}`);
      return 1;
    }
    io.out(JSON.stringify(result.outcome, null, 1));
    return 0;
  }
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const result = load(io, file);
    const name = result.name ?? basename(file);
    const problems = 'error' in result ? [result.error] : compareOutcome(result.expect, result.outcome);
    if (problems.length === 0) {
      passed++;
      io.out(`ok ${name}`);
    } else {
      failed++;
      io.out(`FAIL ${name}: ${'error' in result ? `${file}: ` : ''}${problems.join('; ')}`);
    }
  }
  io.out(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

type Loaded =
  | { name: string; outcome: Outcome; expect?: Readonly<Record<string, unknown>> }
  | { name?: string; error: string };

function load(io: Io, file: string): Loaded {
  const read = readText(io, file);
  if ('error' in read) return { error: read.error };
  const scenario = parseScenario(read.text);
  if (!scenario.ok) return { error: scenario.error.message };
  const outcome = runScenario(scenario.value, gameById);
  if (!outcome.ok) return { name: scenario.value.setup.name, error: outcome.error.message };
  return { name: scenario.value.setup.name, outcome: outcome.value, expect: scenario.value.expect };
}
