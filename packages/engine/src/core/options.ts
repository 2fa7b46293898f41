/**
 * House rules as data: each game declares its options once, as a table of specs with
 * defaults and one-line help; the typed options object and its validation derive from it.
 */
import { err, ok, type Result } from './result.js';

/** What every option says of itself: its name in options objects, a title for people (English, Japanese), one line of help. */
export interface OptionText {
  readonly name: string;
  readonly title: string;
  readonly titleJa: string;
  readonly help: string;
}

export type OptionSpec = OptionText &
  (
    | { readonly kind: 'enum'; readonly values: readonly string[]; readonly default: string }
    | { readonly kind: 'boolean'; readonly default: boolean }
    | { readonly kind: 'integer'; readonly min: number; readonly max?: number; readonly default: number }
    | { readonly kind: 'length'; readonly default: string }
  );

export type OptionValue<S> = S extends { kind: 'enum'; values: readonly (infer V)[] }
  ? V
  : S extends { kind: 'boolean' }
    ? boolean
    : S extends { kind: 'integer' }
      ? number
      : GameLength;

/** The typed options object of a spec table. */
export type OptionsOf<T extends readonly OptionSpec[]> = {
  readonly [S in T[number] as S['name']]: OptionValue<S>;
};

/** A game's length: a number of rounds, or play until someone's total reaches a target. */
export type GameLength = { readonly rounds: number } | { readonly target: number };

export function parseLength(text: string): GameLength | undefined {
  const m = /^(rounds|target):([1-9][0-9]*)$/.exec(text);
  if (!m) return undefined;
  return m[1] === 'rounds' ? { rounds: Number(m[2]) } : { target: Number(m[2]) };
}

/**
 * Named bundles of option values, by the value of a game's `preset` option (an enum spec).
 * An option given beside a preset overrides the preset's value.
 */
export type Presets = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** The option name that picks a preset. */
export const PRESET_OPTION = 'preset';

/** Validates untrusted options (unknown names, wrong types and values are errors) and fills in defaults (a preset's values first). */
export function validateOptions<T extends readonly OptionSpec[]>(
  specs: T,
  raw: unknown,
  presets: Presets = {},
): Result<OptionsOf<T>> {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    return err('bad-options', 'options must be a JSON object');
  const given = raw as Record<string, unknown>;
  const presetSpec = specs.find((s) => s.name === PRESET_OPTION);
  let input = given;
  if (presetSpec) {
    const name = given[PRESET_OPTION] ?? presetSpec.default;
    const checked = checkValue(presetSpec, name);
    if (!checked.ok) return checked;
    input = { ...presets[name as string], ...given, [PRESET_OPTION]: name };
  }
  const known = new Set(specs.map((s) => s.name));
  for (const name of Object.keys(input)) {
    if (!known.has(name))
      return err('bad-options', `unknown option "${name}" (known: ${[...known].join(', ')})`);
  }
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = input[spec.name];
    if (value === undefined) {
      out[spec.name] = spec.kind === 'length' ? parseLength(spec.default) : spec.default;
      continue;
    }
    const checked = checkValue(spec, value);
    if (!checked.ok) return checked;
    out[spec.name] = checked.value;
  }
  return ok(out as OptionsOf<T>);
}

function checkValue(spec: OptionSpec, value: unknown): Result<unknown> {
  const bad = (expected: string) =>
    err('bad-options', `option "${spec.name}" must be ${expected}, not ${JSON.stringify(value)}`);
  switch (spec.kind) {
    case 'enum':
      return typeof value === 'string' && spec.values.includes(value)
        ? ok(value)
        : bad(spec.values.map((v) => `"${v}"`).join(' | '));
    case 'boolean':
      return typeof value === 'boolean' ? ok(value) : bad('true or false');
    case 'integer': {
      const inRange =
        Number.isInteger(value) &&
        (value as number) >= spec.min &&
        (spec.max === undefined || (value as number) <= spec.max);
      return inRange
        ? ok(value)
        : bad(`a whole number ≥ ${spec.min}${spec.max === undefined ? '' : ` and ≤ ${spec.max}`}`);
    }
    case 'length': {
      const parsed = typeof value === 'string' ? parseLength(value) : undefined;
      return parsed ? ok(parsed) : bad('"rounds:N" or "target:N"');
    }
  }
}
