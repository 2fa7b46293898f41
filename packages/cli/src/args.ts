/** A small `--flag value` parser with one-line errors. */
export type Flags = Record<string, string>;

export function parseFlags(args: string[], known: readonly string[]): { flags: Flags; rest: string[] } | { error: string } {
  const flags: Flags = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) {
      rest.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!known.includes(name)) return { error: `unknown option --${name} (known: ${known.map((k) => `--${k}`).join(' ')})` };
    const value = inline ?? args[++i];
    if (value === undefined) return { error: `--${name} needs a value` };
    flags[name] = value;
  }
  return { flags, rest };
}

export function wholeNumber(text: string | undefined, name: string, min = 1): number | { error: string } {
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < min) return { error: `--${name} must be a whole number ≥ ${min}` };
  return n;
}
