/**
 * A throwaway Redis of the test's own on loopback (started by .ci/redis). Null where
 * redis-server is not installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installed } from '../../../load/src/installed.js';

const SCRIPT = fileURLToPath(new URL('../../../../.ci/redis', import.meta.url));

export const REDIS_SERVER = installed('redis-server', '--version');

export interface RedisServer {
  readonly url: string;
  /** Stops it, keeping its folder (a snapshot saved there is loaded again by `restart`). */
  stop(): void;
  /** Starts it again on the same port and folder. */
  restart(): void;
  /** Freezes it (SIGSTOP): its connections stay open and nothing answers, as a hung host's. */
  pause(): void;
  /** Lets a frozen one go on (SIGCONT); nothing if it is stopped. */
  resume(): void;
  destroy(): void;
}

export function startRedis(): RedisServer {
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-redis-'));
  const url = execFileSync('bash', [SCRIPT, 'start', dir], { encoding: 'utf8' }).trim();
  const stop = () => execFileSync('bash', [SCRIPT, 'stop', dir], { stdio: 'ignore' });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(Number(readFileSync(join(dir, 'redis.pid'), 'utf8')), name);
    } catch (e) {
      // Already stopped: nothing to freeze or wake.
      if (!['ESRCH', 'ENOENT'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
    }
  };
  return {
    url,
    stop,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    restart: () => {
      if (
        execFileSync('bash', [SCRIPT, 'start', dir, new URL(url).port], { encoding: 'utf8' }).trim() !== url
      )
        throw new Error(`Redis did not start again at ${url}`);
    },
    destroy: () => {
      stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
