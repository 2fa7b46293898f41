/**
 * Many live rooms written straight into PostgreSQL, as the store writes them (its encoding,
 * with the rules version of this build), only each one's id and seed drawn in SQL: each an open
 * 2-player Koi-Koi room with one seat taken, owned by process `owner` (or by none: free to take). Their host token hash
 * is 'x', so each one's invite key is `roomKeys('x').invite`.
 */
import type pg from 'pg';
import { RULES_VERSION } from '@hanafuda/engine';
import { roomColumns } from '@hanafuda/server/tools';

const BATCH = 10_000;

/** Writes rooms `<prefix><from>` … `<prefix><from + count - 1>`, owned by `owner` (null: nobody) under epoch 1. */
export async function writeRooms(
  db: pg.Client | pg.Pool,
  prefix: string,
  count: number,
  owner: string | null,
  from = 0,
): Promise<void> {
  const [, setup, hostTokenHash, seats, status] = roomColumns({
    id: '',
    setup: { game: 'koikoi', players: 2, seats: [{ kind: 'open' }, { kind: 'open' }] },
    hostTokenHash: 'x',
    seats: [
      { kind: 'human', name: 'Waiting', tokenHash: 'x' },
      { kind: 'open', name: null },
    ],
    status: 'open',
    seed: '',
    createdAt: Date.now(),
    rules: RULES_VERSION,
  });
  for (let first = from; first < from + count; first += BATCH) {
    const last = Math.min(first + BATCH, from + count) - 1;
    await db.query(
      `INSERT INTO rooms (id, setup, host_token_hash, seats, status, seed, created_at, owner, epoch)
       SELECT $1 || i, $2, $3, $4, $5, md5(i::text), $6, $7, 1 FROM generate_series($8::int, $9::int) AS i`,
      [prefix, setup, hostTokenHash, seats, status, Date.now(), owner, first, last],
    );
  }
}
