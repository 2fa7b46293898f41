/**
 * The SQLite store's speed, without sockets: `npm run bench:store`. Games append their moves
 * as players do (each waits for its move's acknowledgement before the next), then every
 * game's log is read back, with the commit mode of the server (`full`: an fsync per group
 * commit) and `normal`. Prints acknowledged moves a second, the acknowledgement's p50 and p99,
 * and reads a second.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Action } from '@hanafuda/engine';
import { openSqlite, type StoredRoom } from '@hanafuda/server';
import type { SqliteSync } from '@hanafuda/server/tools';

const GAMES = Number(process.env.BENCH_GAMES ?? 200);
const MOVES = Number(process.env.BENCH_MOVES ?? 50);
/** Each game's log is read this many times (one pass is too short to time). */
const READS = 10;

const room = (id: string): StoredRoom => ({
  id,
  setup: {} as StoredRoom['setup'],
  hostTokenHash: 'h',
  seats: [],
  status: 'playing',
  seed: 's',
  createdAt: 0,
});
const move = (seq: number) => ({ type: 'play', card: seq % 48, seq }) as unknown as Action;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function run(sync: SqliteSync): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-store-bench-'));
  const store = openSqlite(join(dir, 'bench.sqlite'), undefined, sync);
  try {
    const ids = Array.from({ length: GAMES }, (_, i) => `g${i}`);
    await Promise.all(ids.map((id) => store.createRoom(room(id))));
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      ids.map(async (id) => {
        for (let seq = 0; seq < MOVES; seq++) {
          const sent = performance.now();
          await store.appendAction(id, seq, move(seq));
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const writing = (performance.now() - started) / 1000;
    const readStart = performance.now();
    let read = 0;
    for (let pass = 0; pass < READS; pass++) for (const id of ids) read += (await store.actions(id)).length;
    const reading = (performance.now() - readStart) / 1000;
    latencies.sort((a, b) => a - b);
    return (
      `${sync.padEnd(6)} ${Math.round(latencies.length / writing)} moves/s acknowledged ` +
      `(p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms), ` +
      `${Math.round((READS * ids.length) / reading)} game logs/s read (${read} moves)`
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Node ${process.version}, ${GAMES} games of ${MOVES} moves, load ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const sync of ['full', 'normal'] as const) console.log(await run(sync));
