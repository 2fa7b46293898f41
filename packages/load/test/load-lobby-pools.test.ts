/** The lobby benchmark's people (load/lobby.ts): spread over the pools in whole groups, so that every one of them can be paired. */
import { describe, expect, it } from 'vitest';
import { poolsFor } from '../src/lobby.js';
import { POOLS } from '@hanafuda/server/tools';

describe("the lobby benchmark's pools", () => {
  for (const players of [2, 3, 5, 7, 2000, 2001])
    it(`gives ${players} people pools that pair every one of them`, () => {
      const pools = poolsFor(players);
      expect(pools.length).toBe(players);
      const counts = new Map<string, number>();
      for (const p of pools) counts.set(p, (counts.get(p) ?? 0) + 1);
      for (const [pool, n] of counts) expect(n % POOLS[pool as keyof typeof POOLS].players).toBe(0);
      if (players >= 100)
        expect([...counts.keys()].sort()).toEqual([
          'koikoi-6',
          'nara-4',
          'oibana',
          'sakura-2',
          'sakura-2x2',
          'sakura-3',
        ]);
    });
});
