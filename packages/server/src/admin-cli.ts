/**
 * `hanafuda-server admin …`: the operator's account commands, on the server's own database
 * (the same --data and DATABASE_URL as the server; it may be running). Each change is written
 * to the audit log under the operator's login (or --by).
 */
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Admin } from './accounts/admin.js';
import { Members } from './accounts/members.js';
import { Refused } from './accounts/refusal.js';
import { openStore } from './store/open.js';

export const ADMIN_USAGE = `usage: hanafuda-server admin COMMAND [--data DIR] [--by NAME]

  list [TEXT]                     members and banned accounts, newest first (names containing TEXT)
  rename ACCOUNT NAME --reason R  gives a member another name (ACCOUNT: its id or its name)
  ban ACCOUNT --reason R          ends the account's sessions; it cannot sign in or have a session again
  unban ACCOUNT --reason R        lifts a ban
  audit                           what was done, newest first: when, by whom, what, to whom
  reports                         games players reported, newest first: when, the room, who reported it, why

  --data DIR   the server's data directory (SQLite); DATABASE_URL names a PostgreSQL database instead
  --by NAME    who is acting, for the audit log (default: this login)

  An older account's id may begin with "-": put it after "--" (admin unban --reason R -- -Xy12…).`;

const iso = (ms: number) => new Date(ms).toISOString();

/** Runs one admin command; `out` gets its lines. Answers the exit code. */
export async function admin(
  argv: string[],
  defaultData: string,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        data: { type: 'string' },
        by: { type: 'string' },
        reason: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    err(`${(e as Error).message}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    (values.help ? out : err)(ADMIN_USAGE);
    return values.help ? 0 : 2;
  }
  const needs = {
    list: [0, 1],
    rename: [2, 2],
    ban: [1, 1],
    unban: [1, 1],
    audit: [0, 0],
    reports: [0, 0],
  } as const;
  const arity = needs[command as keyof typeof needs] as readonly [number, number] | undefined;
  if (!arity || rest.length < arity[0] || rest.length > arity[1]) {
    err(
      `hanafuda-server admin: ${arity ? `wrong arguments for ${command}` : `no command "${command}"`}\n\n${ADMIN_USAGE}`,
    );
    return 2;
  }
  if (['rename', 'ban', 'unban'].includes(command) && !values.reason?.trim()) {
    err(`hanafuda-server admin ${command}: say why with --reason (it goes into the audit log)`);
    return 2;
  }
  const dataDir = resolve(values.data ?? process.env.HANAFUDA_DATA ?? defaultData);
  const store = await openStore({
    databaseUrl: process.env.DATABASE_URL || undefined,
    sqliteFile: join(dataDir, 'hanafuda.sqlite'),
  });
  try {
    const ops = new Admin(store.sql, new Members(store.sql, Date.now), values.by ?? userInfo().username);
    const reason = values.reason?.trim() ?? '';
    switch (command) {
      case 'list':
        for (const a of await ops.list(rest[0]))
          out([a.id, a.name, iso(a.createdAt), a.banned === null ? '' : `banned: ${a.banned}`].join('\t'));
        break;
      case 'rename':
        out(`renamed: ${await ops.rename(rest[0], rest[1], reason)}`);
        break;
      case 'ban':
        out(`banned; ${await ops.ban(rest[0], reason)} session(s) ended`);
        break;
      case 'unban':
        await ops.unban(rest[0], reason);
        out('unbanned');
        break;
      case 'audit':
        for (const e of await ops.log()) out([iso(e.at), e.actor, e.action, e.account, e.detail].join('\t'));
        break;
      case 'reports':
        // A reason is a player's words: one line of them, tabs and breaks made spaces.
        for (const r of await ops.reports())
          out(
            [iso(r.at), r.room, r.account, r.name ?? '(deleted)', r.reason.replace(/\s+/g, ' ')].join('\t'),
          );
        break;
    }
    return 0;
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    err(`hanafuda-server admin ${command}: ${e.message}`);
    return 1;
  } finally {
    await store.close();
  }
}
