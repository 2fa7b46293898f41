/**
 * The ratings' HTTP API, beside the accounts' (accounts/start.ts mounts it): `GET
 * /api/leaderboard/FORMAT` (a page of a format's leaderboard) and `GET /api/ratings/ACCOUNT` (a
 * member's ratings, each with its recent history, for a profile's chart). Read-only and public:
 * what any leaderboard shows. Every query parameter is checked; a wrong one is a 400 that says
 * what was expected.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BoardPage, POOL_IDS, type PlayerRatings, type PoolId } from '@hanafuda/protocol';
import { ACTIVE_DAYS, type BoardCursor, type Ratings } from './ratings.js';

type Json = (res: ServerResponse, status: number, body: unknown) => void;

/** Entries a leaderboard page holds by default, and at most. */
export const PAGE = { default: 50, max: 100 } as const;
/** Rated games of history per format a player's ratings carry by default, and at most. */
export const HISTORY = { default: 100, max: 500 } as const;

const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FORMATS: readonly string[] = POOL_IDS;

class BadRequest extends Error {}

/** A whole number in [min, max] from the query, or the default when it is absent. */
function count(query: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new BadRequest(`${name} must be a whole number from ${min} to ${max}`);
  return Number(raw);
}

function onlyParams(query: URLSearchParams, allowed: readonly string[]): void {
  for (const name of new Set(query.keys()))
    if (!allowed.includes(name))
      throw new BadRequest(`unknown query parameter "${name}": this path takes ${allowed.join(', ')}`);
  for (const name of allowed) if (query.getAll(name).length > 1) throw new BadRequest(`${name} given twice`);
}

/** A cursor is the page's last entry, opaque to the client: base64url of [shown, account, place]. */
export const encodeCursor = (c: BoardCursor): string =>
  Buffer.from(JSON.stringify([c.shown, c.account, c.place])).toString('base64url');

function decodeCursor(raw: string): BoardCursor {
  const bad = new BadRequest('after must be the `next` of the page before, as it was given');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  if (!Array.isArray(value) || value.length !== 3) throw bad;
  const [shown, account, place] = value as unknown[];
  if (
    typeof shown !== 'number' ||
    !Number.isFinite(shown) ||
    typeof account !== 'string' ||
    !ACCOUNT_ID.test(account)
  )
    throw bad;
  if (typeof place !== 'number' || !Number.isInteger(place) || place < 1) throw bad;
  return { shown, account, place };
}

export function ratingRoutes(ratings: Ratings, json: Json) {
  const leaderboard = async (format: string, query: URLSearchParams, res: ServerResponse) => {
    if (!FORMATS.includes(format))
      return json(res, 404, { error: `no leaderboard "${format}": the formats are ${FORMATS.join(', ')}` });
    onlyParams(query, ['limit', 'after']);
    const limit = count(query, 'limit', 1, PAGE.max, PAGE.default);
    const after = query.get('after');
    const page = await ratings.leaderboard(format, limit, after === null ? undefined : decodeCursor(after));
    json(res, 200, {
      format: format as PoolId,
      activeDays: ACTIVE_DAYS,
      players: page.entries,
      next: page.next && encodeCursor(page.next),
    } satisfies BoardPage);
  };

  const player = async (account: string, query: URLSearchParams, res: ServerResponse) => {
    if (!ACCOUNT_ID.test(account))
      throw new BadRequest('an account id is 1 to 64 url-safe characters (A-Z, a-z, 0-9, - and _)');
    onlyParams(query, ['format', 'history']);
    const format = query.get('format');
    if (format !== null && !FORMATS.includes(format))
      throw new BadRequest(`format must be one of ${FORMATS.join(', ')}`);
    const history = count(query, 'history', 0, HISTORY.max, HISTORY.default);
    const name = await ratings.memberName(account);
    if (name === null) return json(res, 404, { error: `no member "${account}"` });
    const all = await ratings.ratingsOf(account);
    const shown = format === null ? all : all.filter((r) => r.format === format);
    json(res, 200, {
      account: { id: account, name },
      ratings: await Promise.all(
        shown.map(async (r) => ({
          ...r,
          history: history === 0 ? [] : await ratings.historyOf(account, r.format, history),
        })),
      ),
    } satisfies PlayerRatings);
  };

  return async (resource: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (resource !== 'leaderboard' && resource !== 'ratings') return false;
    const url = new URL(req.url ?? '/', 'http://x');
    const [, , , raw, extra] = url.pathname.split('/');
    const usage =
      resource === 'leaderboard'
        ? 'GET /api/leaderboard/FORMAT?limit=N&after=NEXT'
        : 'GET /api/ratings/ACCOUNT?format=FORMAT&history=N';
    if (req.method !== 'GET') return (json(res, 405, { error: usage }), true);
    if (raw === undefined || raw === '' || extra !== undefined)
      return (json(res, 404, { error: usage }), true);
    try {
      const id = decodeURIComponent(raw);
      await (resource === 'leaderboard'
        ? leaderboard(id, url.searchParams, res)
        : player(id, url.searchParams, res));
    } catch (e) {
      if (!(e instanceof BadRequest)) throw e;
      json(res, 400, { error: e.message, code: 'bad-request' });
    }
    return true;
  };
}
