/** Output and file access, injectable so commands are testable without a process. */
import { readFileSync, writeFileSync } from 'node:fs';

export interface Io {
  out(line: string): void;
  err(line: string): void;
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  /** A status line redrawn in place (null clears it); present only when stderr is a terminal. */
  progress?(line: string | null): void;
}

export const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readFile: (path) => readFileSync(path, 'utf8'),
  writeFile: (path, text) => writeFileSync(path, text),
  ...(process.stderr.isTTY
    ? { progress: (line: string | null) => process.stderr.write(`\r\x1b[K${line ?? ''}`) }
    : {}),
};

const REASONS: Readonly<Record<string, string>> = {
  EISDIR: 'is a directory',
  EACCES: 'permission denied',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of the path is not a directory',
};

const reason = (e: unknown, missing: string) => {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? missing : (code && REASONS[code]) || (e as Error).message;
};

/** Reads a file, turning a missing or unreadable file into a one-line message. */
export function readText(io: Io, path: string): { text: string } | { error: string } {
  try {
    return { text: io.readFile(path) };
  } catch (e) {
    return { error: reason(e, 'no such file') };
  }
}

/** Writes a file; a missing folder or a refused write becomes a one-line message. */
export function writeText(io: Io, path: string, text: string): { error: string } | undefined {
  try {
    io.writeFile(path, text);
    return undefined;
  } catch (e) {
    return { error: `cannot write ${path}: ${reason(e, 'no such folder')}` };
  }
}

/** A command's way to fail: the message after its prefix (`hanafuda arena: …`) on stderr, then the exit code (2: usage, 1: a bad file). */
export const failWith =
  (io: Io, prefix: string, code: number) =>
  (message: string): number => {
    io.err(`${prefix}: ${message}`);
    return code;
  };
