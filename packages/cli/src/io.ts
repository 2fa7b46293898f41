/** Output and file access, injectable so commands are testable without a process. */
import { readFileSync, writeFileSync } from 'node:fs';

export interface Io {
  out(line: string): void;
  err(line: string): void;
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
}

export const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readFile: (path) => readFileSync(path, 'utf8'),
  writeFile: (path, text) => writeFileSync(path, text),
};

/** Reads a file, turning a missing or unreadable file into a one-line message. */
export function readText(io: Io, path: string): { text: string } | { error: string } {
  try {
    return { text: io.readFile(path) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { error: code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message };
  }
}
