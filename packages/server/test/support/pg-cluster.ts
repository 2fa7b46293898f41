/**
 * A throwaway PostgreSQL cluster of the test's own (started by .ci/postgres), which the test
 * may stop and start again under a running server. Null where PostgreSQL is not installed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../../../.ci/postgres', import.meta.url));
const VERSIONS = '/usr/lib/postgresql';

export interface PgCluster {
  readonly url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** The newest installed PostgreSQL's pg_ctl, or null. */
function pgCtl(): string | null {
  if (!existsSync(VERSIONS)) return null;
  const versions = readdirSync(VERSIONS)
    .filter((v) => existsSync(join(VERSIONS, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length > 0 ? join(VERSIONS, versions[versions.length - 1], 'bin/pg_ctl') : null;
}

export const PG_CTL = pgCtl();

export function startCluster(): PgCluster {
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-pg-'));
  const url = execFileSync('bash', [SCRIPT, 'start', dir], { encoding: 'utf8' }).trim();
  const port = new URL(url).port;
  // PostgreSQL refuses to run as root: its own user runs it (as .ci/postgres does).
  const asPostgres = (args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', PG_CTL!, ...args], { stdio: 'ignore' })
      : execFileSync(PG_CTL!, args, { stdio: 'ignore' });
  return {
    url,
    stop: () => execFileSync('bash', [SCRIPT, 'stop', dir], { stdio: 'ignore' }),
    start: () =>
      asPostgres([
        '-D',
        join(dir, 'data'),
        '-l',
        join(dir, 'log'),
        '-w',
        '-o',
        `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
        'start',
      ]),
    destroy: () => {
      execFileSync('bash', [SCRIPT, 'stop', dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
