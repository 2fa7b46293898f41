/**
 * The ratings over HTTP, on a real server: a format's leaderboard paged by its `next` cursor,
 * a member's ratings with their history (oldest first, each game starting where the last
 * ended), and a clear 400 for every malformed query.
 */
import { BoardPageSchema, PlayerRatingsSchema } from '@hanafuda/protocol';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { Ratings } from '../src/ratings/ratings.js';
import { serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

describe('ratings over HTTP', () => {
  let db: TestStore;
  let server: RunningServer;
  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${server.url}${path}`, init);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    db = await STORES[0].open();
    server = await serve(db);
    const sql = db.store.sql;
    for (const [id, name, guest] of [
      ['ana', 'Ana', false],
      ['ben', 'Ben', false],
      ['cy', 'Cy', false],
      ['gus', 'Guest 12AB34', true],
    ] as const)
      await sql.run(
        'INSERT INTO accounts (id, name, name_key, guest, created_at) VALUES ($1, $2, $3, $4, 0)',
        [id, name, guest ? null : id, guest],
      );
    const ratings = new Ratings(sql);
    // Ten games each way round settles Ana's and Ben's ratings (σ below the provisional bound); Cy plays once.
    const now = Date.now();
    for (let g = 0; g < 12; g++)
      await ratings.applyRatedResult({
        format: 'koikoi-12',
        game: `g${g}`,
        teams: [['ana'], ['ben']],
        ranks: g % 3 === 0 ? [2, 1] : [1, 2],
        forfeited: [],
        endedAt: now - 1000 + g,
      });
    await ratings.applyRatedResult({
      format: 'koikoi-12',
      game: 'c1',
      teams: [['cy'], ['gus']],
      ranks: [1, 2],
      forfeited: [],
      endedAt: now,
    });
  });
  afterAll(async () => shutDown(server, db));

  it('pages a leaderboard with its cursor: settled members only, best first', async () => {
    const first = await get('/api/leaderboard/koikoi-12?limit=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      format: 'koikoi-12',
      activeDays: 30,
      players: [{ place: 1, account: 'ana', name: 'Ana', games: 12 }],
    });
    const second = await get(`/api/leaderboard/koikoi-12?limit=1&after=${first.body.next as string}`);
    // Each answer is what the protocol's schema says (the web reads it by that schema's types).
    expect([...Value.Errors(BoardPageSchema, first.body)]).toEqual([]);
    expect(second.body.players).toEqual([expect.objectContaining({ place: 2, account: 'ben', name: 'Ben' })]);
    const [ana] = first.body.players as { rating: number }[];
    const [ben] = second.body.players as { rating: number }[];
    expect(ana.rating).toBeGreaterThan(ben.rating);
    expect(await get(`/api/leaderboard/koikoi-12?limit=1&after=${second.body.next as string}`)).toEqual({
      status: 200,
      body: { format: 'koikoi-12', activeDays: 30, players: [], next: null },
    });
  });

  it("answers a member's ratings with the history a chart draws", async () => {
    const { status, body } = await get('/api/ratings/ana?history=5');
    expect(status).toBe(200);
    expect(body.account).toEqual({ id: 'ana', name: 'Ana' });
    expect([...Value.Errors(PlayerRatingsSchema, body)]).toEqual([]);
    const [koikoi] = body.ratings as {
      format: string;
      games: number;
      provisional: boolean;
      rating: number;
      history: { game: string; before: number; after: number }[];
    }[];
    expect(koikoi).toMatchObject({ format: 'koikoi-12', games: 12, provisional: false });
    expect(koikoi.history.map((h) => h.game)).toEqual(['g7', 'g8', 'g9', 'g10', 'g11']);
    for (let i = 1; i < 5; i++) expect(koikoi.history[i].before).toBe(koikoi.history[i - 1].after);
    expect(koikoi.history[4].after).toBe(koikoi.rating);
    const cy = await get('/api/ratings/cy?format=koikoi-12&history=0');
    expect(cy.body.ratings).toEqual([
      expect.objectContaining({ format: 'koikoi-12', games: 1, provisional: true, history: [] }),
    ]);
    expect((await get('/api/ratings/cy?format=sakura-2')).body.ratings).toEqual([]);
  });

  it('refuses what it cannot answer, saying why', async () => {
    for (const path of [
      '/api/leaderboard/koikoi-12?limit=0',
      '/api/leaderboard/koikoi-12?limit=101',
      '/api/leaderboard/koikoi-12?limit=ten',
      '/api/leaderboard/koikoi-12?limit=5&limit=6',
      '/api/leaderboard/koikoi-12?after=bm9wZQ',
      '/api/leaderboard/koikoi-12?page=2',
      '/api/ratings/ana?format=chess',
      '/api/ratings/ana?history=501',
      '/api/ratings/a%20b',
    ]) {
      const { status, body } = await get(path);
      expect({ path, status, code: body.code }).toEqual({ path, status: 400, code: 'bad-request' });
      expect(body.error).toMatch(/limit|after|unknown query parameter|format|history|account id/);
    }
    expect((await get('/api/leaderboard/chess')).status).toBe(404);
    expect((await get('/api/ratings/nobody')).status).toBe(404);
    // A guest is never rated, and is nobody's profile.
    expect((await get('/api/ratings/gus')).status).toBe(404);
    expect((await get('/api/leaderboard/koikoi-12', { method: 'POST' })).status).toBe(405);
  });
});
