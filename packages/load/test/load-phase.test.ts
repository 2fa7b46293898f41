/** The load suite's phase: games of people spread over generator threads, every accepted action measured once, failures counted. */
import { describe, expect, it } from 'vitest';
import { openSqlite, startServer } from '@hanafuda/server';
import { playPhase } from '../src/phase.js';
import { silentLog } from '@hanafuda/server/tools';

const OPTIONS = { rounds: 1, timeoutMs: 60_000, thinkMs: 0 };

describe('a load phase over worker threads', () => {
  it(
    'plays every game to its end, reports each room, and measures each accepted action exactly once',
    { timeout: 60_000 },
    async () => {
      const store = openSqlite(':memory:');
      const server = await startServer({ store, port: 0, webDir: null, botDelayMs: 0, log: silentLog });
      try {
        const rooms: string[] = [];
        const result = await playPhase(server.wsUrl, 7, OPTIONS, 3, ({ room }) => rooms.push(room));
        expect(result).toMatchObject({ games: 7, failed: 0, generator: { threads: 3 } });
        expect(new Set(rooms).size).toBe(7);
        const accepted = rooms.reduce((sum, id) => sum + server.rooms.get(id)!.game!.seq, 0);
        expect(accepted).toBeGreaterThan(7 * 8);
        expect(result.latencies).toHaveLength(accepted);
        expect([...result.whileOpening, ...result.afterOpening].sort()).toEqual([...result.latencies].sort());
        expect(Number.isFinite(result.generator.loopDelayP99)).toBe(true);
      } finally {
        await server.close();
        await store.close();
      }
    },
  );

  it(
    'counts the games it could not open, by reason, and never uses more threads than games',
    { timeout: 30_000 },
    async () => {
      const result = await playPhase('ws://127.0.0.1:1/ws', 2, OPTIONS, 4);
      expect(result).toMatchObject({ games: 2, failed: 2, generator: { threads: 2 } });
      expect([...result.failures]).toEqual([['ECONNREFUSED', 2]]);
      expect(result.latencies).toEqual([]);
    },
  );
});
