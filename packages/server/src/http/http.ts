/** The HTTP side: the web app's built files, and a small JSON API (finished games, a player's history, a room's state; a private room's only with its key). */
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { AddressOf } from '../limits/client-address.js';
import { SECURITY_HEADERS } from './headers.js';
import type { Admission } from '../limits/limits.js';
import { type HostCheck, hostRefusal } from '../socket/origin.js';
import { StaticFiles } from './static-files.js';
import { historyOf, parseHistoryRequest } from './history.js';
import { access } from '../rooms/room-access.js';
import type { Rooms } from '../rooms/rooms.js';
import type { Store } from '../store/store.js';
import type { Log } from '../ops/log.js';

/** Answers a request of the accounts' API (accounts/routes.ts), or says it is not one. */
export type AccountsApi = (resource: string, req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

/** Whether the process is stopping (a load balancer's health check then sends new players elsewhere). */
export type Draining = () => boolean;

/** What the HTTP side checks before it answers: the Host, and the API's per-address rate. */
export interface HttpGuards {
  readonly hostAllowed: HostCheck;
  readonly addressOf: AddressOf;
  readonly admission: Admission;
  /** Whether the request came over HTTPS (a trusted proxy says so): browsers are then told to keep to HTTPS (HSTS). */
  readonly secure: (req: IncomingMessage) => boolean;
}

/** A year: the usual HSTS lifetime; not for subdomains, which may be other people's sites. */
const HSTS = 'max-age=31536000';

export function httpHandler(
  rooms: Rooms,
  store: Store,
  webDir: string | null,
  log: Log,
  guards: HttpGuards,
  draining: Draining = () => false,
  accountsApi: AccountsApi = async () => false,
) {
  const hasWeb = webDir !== null && existsSync(join(webDir, 'index.html'));
  const files = new StaticFiles();
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    // Only over HTTPS: sent over plain HTTP it would be ignored, or, believed, lock a plain-HTTP server out.
    if (guards.secure(req)) res.setHeader('strict-transport-security', HSTS);
    // 421: a name this server is not, e.g. a rebinding domain; nothing of the app or the API.
    if (!guards.hostAllowed(req.headers.host))
      return json(res, 421, { error: hostRefusal(req.headers.host ?? '') });
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      decodeURIComponent(url.pathname);
    } catch {
      return json(res, 400, { error: 'malformed URL (a % must start an escape such as %20)' });
    }
    try {
      if (url.pathname.startsWith('/api/')) {
        const refused = await guards.admission.apiRequest(guards.addressOf(req));
        if (refused) {
          res.setHeader(
            'retry-after',
            String(Math.ceil(60 / guards.admission.limits.apiPerAddress.perMinute)),
          );
          return json(res, 429, { error: refused.message, code: refused.code });
        }
        if (await accountsApi(url.pathname.split('/')[2] ?? '', req, res)) return;
        return await api(url, req, res, rooms, store, draining);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return json(res, 405, { error: 'method not allowed' });
      if (!hasWeb) {
        res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<!doctype html><title>Hanafuda</title><p>The game server is running, but the web app is not built yet: run <code>npm run build -w @hanafuda/web</code> and reload.</p>',
        );
        return;
      }
      await serveFile(files, webDir!, url.pathname, req, res);
    } catch (e) {
      log.error({ err: e, method: req.method, path: url.pathname }, 'http: an unforeseen error');
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
      else res.end();
    }
  };
}

/** A request's JSON body, or null if it is not JSON or is longer than `max` bytes. */
export async function jsonBody(req: IncomingMessage, max: number): Promise<unknown> {
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return null;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/** The longest history request: a hundred seats of a room id and a token each. */
const MAX_HISTORY_BODY = 16 * 1024;

async function api(
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
  rooms: Rooms,
  store: Store,
  draining: Draining,
): Promise<void> {
  const [, , resource, rawId] = url.pathname.split('/');
  // The seats a device holds, with their tokens: in a body, so that no token is ever in a URL (or a log of one).
  if (resource === 'history' && rawId === undefined) {
    if (req.method !== 'POST')
      return json(res, 405, {
        error: 'POST /api/history with { "seats": [{ "room": ID, "token": TOKEN }, …] }',
      });
    const seats = parseHistoryRequest(await jsonBody(req, MAX_HISTORY_BODY));
    if (!seats.ok) return json(res, 400, { error: seats.error.message });
    return json(res, 200, { games: await historyOf(store, seats.value) });
  }
  if (req.method !== 'GET')
    return json(res, 405, { error: 'the API is read-only; play over the WebSocket at /ws' });
  const id = rawId === undefined ? '' : decodeURIComponent(rawId);
  const key = url.searchParams.get('key') ?? undefined;
  switch (resource) {
    case 'health':
      // 503 while stopping: a load balancer's health check takes the process out before it goes. Anyone may ask,
      // so it says nothing more (how many rooms, which store): the figures are the metrics port's.
      return draining() ? json(res, 503, { ok: false, draining: true }) : json(res, 200, { ok: true });
    // A private room and its records answer only to one of its keys (?key=: the invite or watch key, or a seat's token);
    // without it, as if there were no such room.
    case 'rooms': {
      const room = rooms.get(id);
      return room && room.access(key) !== null
        ? json(res, 200, room.state())
        : json(res, 404, { error: `no open room "${id}" that this key opens` });
    }
    case 'games': {
      const stored = await store.room(id);
      const game = stored && access(stored, key) !== null ? await store.finishedGame(id) : null;
      return game
        ? json(res, 200, game)
        : json(res, 404, { error: `no finished game "${id}" that this key opens` });
    }
    case 'history':
      // Anyone can type a name: a history is the seats' own, by their tokens.
      return json(res, 404, {
        error:
          'there is no history by name: POST /api/history with the seats (room and token) this device holds',
      });
    default:
      return json(res, 404, {
        error:
          'unknown API path: /api/health, /api/rooms/ID?key=KEY, /api/games/ID?key=KEY, POST /api/history, GET /api/me, POST /api/guest, GET /api/leaderboard/FORMAT, GET /api/ratings/ACCOUNT',
      });
  }
}

/** A file of the built app; any other path is the app itself (invite links, client-side pages). */
async function serveFile(
  files: StaticFiles,
  webDir: string,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  let file = join(webDir, relative);
  if (!file.startsWith(webDir + sep) && file !== webDir) file = join(webDir, 'index.html');
  if (!existsSync(file) || statSync(file).isDirectory())
    file = extname(relative) === '' ? join(webDir, 'index.html') : '';
  if (file === '') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('not found');
    return;
  }
  const hashed = /[.-][A-Za-z0-9_-]{8,}\.(js|css|svg|png|woff2)$/.test(file);
  await files.send(req, res, file, hashed);
}
