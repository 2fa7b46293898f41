/** ANSI styling that can be switched off (NO_COLOR, pipes), and width helpers that ignore escapes. */

export interface Paint {
  readonly on: boolean;
  /** Wraps text in an SGR style (e.g. '1' bold, '38;5;28' a 256-colour foreground). */
  style(codes: string, text: string): string;
}

export function makePaint(on: boolean): Paint {
  return { on, style: (codes, text) => (on && text ? `\x1b[${codes}m${text}\x1b[0m` : text) };
}

export const PLAIN: Paint = makePaint(false);

/** Whether to colour: NO_COLOR (https://no-color.org) wins; otherwise only on a terminal. */
export function colourWanted(env: NodeJS.ProcessEnv, isTty: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return isTty && env.TERM !== 'dumb';
}

// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b\[[0-9;]*m/g;
// eslint-disable-next-line no-control-regex
const ESCAPE_PART = /(\x1b\[[0-9;]*m)/;

export const stripAnsi = (text: string): string => text.replace(ESCAPES, '');

/** Columns a line takes on screen (every character we print is one column wide). */
export const visibleWidth = (text: string): number => [...stripAnsi(text)].length;

/** Cuts a styled line to `width` columns, ending in '…' when cut; styles are closed. */
export function fit(text: string, width: number): string {
  if (visibleWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const part of text.split(ESCAPE_PART)) {
    if (part.startsWith('\x1b[')) {
      out += part;
      continue;
    }
    for (const ch of part) {
      if (used === width - 1) return `${out}…${text.includes('\x1b[') ? '\x1b[0m' : ''}`;
      out += ch;
      used++;
    }
  }
  return out;
}

export const padEnd = (text: string, width: number): string =>
  text + ' '.repeat(Math.max(0, width - visibleWidth(text)));

export const CLEAR_SCREEN = '\x1b[2J\x1b[H';
