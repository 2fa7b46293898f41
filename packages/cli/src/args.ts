/** A small `--flag value` parser with one-line errors. */
export type Flags = Record<string, string>;

/** Reads `--name value` and `--name=value`; anything else (a stray word, a single-dash option) is refused. */
export function parseFlags(args: string[], known: readonly string[]): { flags: Flags } | { error: string } {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('-')) return { error: `unexpected "${arg}" (options are --name value)` };
    if (!arg.startsWith('--')) return { error: `unknown option ${arg} (known: ${known.map((k) => `--${k}`).join(' ')})` };
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!known.includes(name)) return { error: `unknown option --${name} (known: ${known.map((k) => `--${k}`).join(' ')})` };
    const value = inline ?? args[++i];
    if (value === undefined) return { error: `--${name} needs a value` };
    flags[name] = value;
  }
  return { flags };
}

export function wholeNumber(text: string | undefined, name: string, min = 1): number | { error: string } {
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < min) return { error: `--${name} must be a whole number ≥ ${min}` };
  return n;
}

/** Asked for help: `--help` or `-h` anywhere among a command's arguments. */
export const wantsHelp = (args: readonly string[]): boolean => args.includes('--help') || args.includes('-h');
