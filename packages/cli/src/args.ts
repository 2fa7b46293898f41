/** A small `--flag value` parser with one-line errors. */
export type Flags = Record<string, string>;

/**
 * Reads `--name value` and `--name=value`; anything else (a stray word, a single-dash option,
 * an option given twice, an option where a value belongs) is refused.
 */
export function parseFlags(args: string[], known: readonly string[]): { flags: Flags } | { error: string } {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('-')) return { error: `unexpected "${arg}" (options are --name value)` };
    if (!arg.startsWith('--'))
      return { error: `unknown option ${arg} (known: ${known.map((k) => `--${k}`).join(' ')})` };
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!known.includes(name))
      return { error: `unknown option --${name} (known: ${known.map((k) => `--${k}`).join(' ')})` };
    if (name in flags) return { error: `--${name} is given twice (once is enough)` };
    const value = inline ?? args[++i];
    // `--game --rounds 5`: the next option is no value.
    if (value === undefined || (inline === undefined && /^--[a-z]/.test(value)))
      return { error: `--${name} needs a value` };
    flags[name] = value;
  }
  return { flags };
}

/** A whole number from `min` to `max` (optional; `why` says why the bound is there). */
export function wholeNumber(
  text: string | undefined,
  name: string,
  min = 1,
  max?: { readonly value: number; readonly why: string },
): number | { error: string } {
  const n = Number(text);
  const range = max === undefined ? `≥ ${min}` : `from ${min} to ${max.value.toLocaleString('en')}`;
  if (text === undefined || !/^\s*[+-]?\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n < min)
    return { error: `--${name} must be a whole number ${range}, not ${JSON.stringify(text ?? '')}` };
  if (max !== undefined && n > max.value)
    return { error: `--${name} must be at most ${max.value.toLocaleString('en')}: ${max.why}` };
  return n;
}

/** Asked for help: `--help` or `-h` anywhere among a command's arguments. */
export const wantsHelp = (args: readonly string[]): boolean => args.includes('--help') || args.includes('-h');
