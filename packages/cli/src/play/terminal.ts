/** The process's terminal for a session: a prompt and line editing at a TTY, plain lines (echoed) from a pipe. */
import { createInterface } from 'node:readline';
import { colourWanted, makePaint } from './ansi.js';
import type { Terminal } from './session.js';

/** A person at a terminal (not a pipe). */
export const isInteractive = (): boolean => Boolean(process.stdin.isTTY && process.stdout.isTTY);

export function processTerminal(): { readonly term: Terminal; close(): void } {
  const interactive = isInteractive();
  const rl = createInterface({
    input: process.stdin,
    output: interactive ? process.stdout : undefined,
    terminal: interactive,
  });
  const lines: string[] = [];
  let waiting: ((line: string | null) => void) | null = null;
  let ended = false;
  rl.on('line', (line) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w(line);
    } else lines.push(line);
  });
  // Ctrl-C at a terminal reaches readline as a key, not a signal; without this listener
  // readline closes, the session reads that as the input's end, and the process lingers.
  // An interrupt ends the process at once with the shell's code for SIGINT.
  rl.on('SIGINT', () => {
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
    process.stdout.write('\n');
    process.exit(130);
  });
  rl.on('close', () => {
    ended = true;
    waiting?.(null);
    waiting = null;
  });
  const term: Terminal = {
    paint: makePaint(colourWanted(process.env, Boolean(process.stdout.isTTY))),
    interactive,
    get rows() {
      return process.stdout.rows || 24;
    },
    get columns() {
      return process.stdout.columns || 80;
    },
    write: (text) => process.stdout.write(text),
    readLine: (prompt) => {
      if (interactive) {
        rl.setPrompt(prompt);
        rl.prompt();
      } else process.stdout.write(prompt);
      const echo = (line: string | null) => {
        if (!interactive) process.stdout.write(line === null ? '\n' : `${line}\n`);
        return line;
      };
      if (lines.length) return Promise.resolve(echo(lines.shift()!));
      if (ended) return Promise.resolve(echo(null));
      return new Promise((resolve) => (waiting = (line) => resolve(echo(line))));
    },
  };
  return { term, close: () => rl.close() };
}
