/**
 * Creates a folder and the folders above it, one level at a time. Node's recursive `mkdir`
 * loops for ever, at full CPU and deaf to SIGTERM, where a parent exists but cannot hold the
 * child (/proc, a stale mount: `mkdir` answers ENOENT there, so it makes the parent again, which
 * exists, and retries the child). Walked here, each level is tried once and a failure is final.
 */
import { lstatSync, mkdirSync, statSync } from 'node:fs';
import { dirname, parse, resolve, sep } from 'node:path';

/** Why a folder cannot be made, in words that name the part of the path at fault. */
export class FolderProblem extends Error {}

const codeOf = (e: unknown): string => (e as { code?: string }).code ?? '';

/** Makes `dir` (absolute or not) and its missing parents; throws a FolderProblem, or the system's error (EACCES, EROFS…). */
export function makeFolder(dir: string): void {
  const path = resolve(dir);
  const { root } = parse(path);
  const parts = path.slice(root.length).split(sep).filter(Boolean);
  let at = root;
  for (const part of parts) {
    at = at === root ? root + part : `${at}${sep}${part}`;
    const found = stat(at);
    if (found === 'folder') continue;
    if (found === 'other') throw new FolderProblem(`${at} is not a folder`);
    if (found === 'dangling') throw new FolderProblem(`${at} is a link to something that does not exist`);
    try {
      mkdirSync(at);
    } catch (e) {
      // Made meanwhile by someone else: fine if it is a folder.
      if (codeOf(e) === 'EEXIST' && stat(at) === 'folder') continue;
      // The parent is a folder, yet the child cannot be made in it, nor found: /proc, a stale mount.
      if (codeOf(e) === 'ENOENT') throw new FolderProblem(`${dirname(at)} cannot hold new folders`);
      throw e;
    }
  }
}

/** What is at `path`, links followed: a folder, something else, a link to nothing, or nothing. */
function stat(path: string): 'folder' | 'other' | 'dangling' | 'none' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'other';
  } catch (e) {
    if (codeOf(e) !== 'ENOENT') throw e;
  }
  try {
    lstatSync(path);
    return 'dangling';
  } catch (e) {
    if (codeOf(e) === 'ENOENT') return 'none';
    throw e;
  }
}
