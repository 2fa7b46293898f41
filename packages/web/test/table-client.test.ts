import { describe, expect, it } from 'vitest';
import type { TableConfig } from '@hanafuda/protocol';
import { cardPoints } from '../src/games/yaku-progress.js';
import { TableClient, type ClientState } from '../src/state/table-client.js';
import { localTransport } from '../src/transport/local-transport.js';

const bots = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'bot' as const, name: `Bot ${i}`, level: 'easy' as const }));

/** Plays a whole game of bots to its record, watching as a spectator. */
function watch(config: TableConfig, seed: string): Promise<ClientState> {
  const client = new TableClient(localTransport(config, seed));
  return new Promise((resolve) => {
    client.subscribe((s) => {
      if (s.record) {
        client.close();
        resolve(s);
      }
    });
  });
}

const sum = (cards: readonly string[], game: string) => cards.reduce((n, c) => n + (cardPoints(game, c) ?? 0), 0);

describe('TableClient over a local table', () => {
  it('follows a whole Sakura game and rebuilds each round\'s captures (card points match the engine)', async () => {
    for (const seed of ['a', 'b', 'c']) {
      const s = await watch({ game: 'sakura', players: 3, options: { rounds: 3 }, seats: bots(3) }, seed);
      expect(s.summaries).toHaveLength(3);
      expect(s.board?.toMove).toBeNull();
      for (const summary of s.summaries.slice(1)) {
        const points = summary.result.points as number[];
        expect(summary.captured!.map((c) => sum(c, 'sakura'))).toEqual(points);
      }
    }
  });

  it('rebuilds Nara captures, blank claims included', async () => {
    for (const seed of ['a', 'b']) {
      const s = await watch({ game: 'nara', players: 4, options: { length: 'rounds:3' }, seats: bots(4) }, seed);
      for (const summary of s.summaries.slice(1)) {
        expect(summary.captured!.map((c) => sum(c, 'nara'))).toEqual(summary.result.points);
      }
    }
  });

  it('follows Koi-Koi and Oi-bana to the end with a record', async () => {
    const k = await watch({ game: 'koikoi', players: 2, options: { rounds: 2 }, seats: bots(2) }, 'k');
    expect(k.summaries).toHaveLength(2);
    expect(k.record?.game).toBe('koikoi');
    const o = await watch({ game: 'oibana', players: 3, options: { rounds: 2 }, seats: bots(3) }, 'o');
    expect(o.summaries).toHaveLength(2);
    for (const summary of o.summaries.slice(1)) {
      expect(summary.captured!.map((c) => sum(c, 'oibana'))).toEqual(summary.result.points);
    }
  });
});
