/**
 * The bench commands' arguments (`--name value`): a bad one is refused in one line, with the
 * command's usage, and exit code 2. Given the command's `flags`, `--help` prints the usage
 * (exit code 0) and any other argument is refused as unknown.
 */
export function commandArgs(args: readonly string[], usage: string, flags?: readonly string[]) {
  const fail = (message: string, withUsage = true): never => {
    console.error(`bench: ${message}${withUsage ? `\n${usage}` : ''}`);
    process.exit(2);
  };
  if (flags) {
    if (args.includes('--help')) {
      console.log(usage);
      process.exit(0);
    }
    for (let i = 0; i < args.length; i += 2)
      if (!flags.includes(args[i])) fail(`unknown argument "${args[i]}"`);
  }
  /** The value after `--name`, or undefined when the flag is absent. */
  const value = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    if (i < 0) return undefined;
    return args[i + 1] ?? fail(`--${name} needs a value`);
  };
  /** A whole number ≥ 1 after `--name`, or `fallback` when the flag is absent. */
  const whole = (name: string, fallback: number): number => {
    const n = Number(value(name) ?? fallback);
    return Number.isInteger(n) && n >= 1 ? n : fail(`--${name} must be a whole number ≥ 1`);
  };
  return { fail, value, whole };
}
