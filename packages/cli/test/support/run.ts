/** The command line in memory: files in a map, the output in arrays. */
import type { Io } from '../../src/io.js';
import { main } from '../../src/main.js';

export function memoryIo(files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: (p) => {
      if (!(p in files)) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return files[p];
    },
    writeFile: (p, t) => {
      files[p] = t;
    },
  };
  return { io, out, err, files };
}

/** Runs `hanafuda ARGS`: its exit code, its output lines and its errors as one text. */
export async function runCli(args: string[], files: Record<string, string> = {}) {
  const m = memoryIo(files);
  const code = await main(args, m.io);
  return { code, out: m.out, err: m.err.join('\n'), files: m.files };
}
