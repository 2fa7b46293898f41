/** A data folder the server can write, checked at start-up: a read-only folder is refused then, rather than every write failing later. */
import { accessSync, constants, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FolderProblem, makeFolder } from './make-folder.js';

/** Throws an error whose message names the folder and the reason. */
export function checkWritable(dir: string, file: string): void {
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    makeFolder(dir);
    writeFileSync(probe, '');
    rmSync(probe);
    if (existsSync(file)) accessSync(file, constants.W_OK);
  } catch (e) {
    const { code } = e as { code?: string };
    const reason =
      e instanceof FolderProblem
        ? e.message
        : code === 'EROFS'
          ? 'it is on a read-only file system'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : code === 'ENOSPC'
              ? 'the disk is full'
              : code === 'ELOOP'
                ? 'its path has a loop of links'
                : code === 'ENOENT' || code === 'ENOTDIR'
                  ? 'it cannot be created there'
                  : (e as Error).message;
    throw new Error(
      `cannot write to the data folder ${dir} (${reason}): make it writable, or choose another with --data or HANAFUDA_DATA`,
    );
  }
}
