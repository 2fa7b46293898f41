/** The HTTP side: the web app's built files, and a small JSON API (finished games, a player's history, a room's state). */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { SECURITY_HEADERS } from './headers.js';
import type { Rooms } from './rooms.js';
import { actionPaths } from './session.js';
import type { Store } from './store/store.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

/** Whether the process is stopping (a load balancer's health check then sends new players elsewhere). */
export type Draining = () => boolean;

export function httpHandler(rooms: Rooms, store: Store, webDir: string | null, log: (line: string) => void, draining: Draining = () => false) {
  const hasWeb = webDir !== null && existsSync(join(webDir, 'index.html'));
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      decodeURIComponent(url.pathname);
    } catch {
      return json(res, 400, { error: 'malformed URL (a % must start an escape such as %20)' });
    }
    try {
      if (url.pathname.startsWith('/api/')) return await api(url, req, res, rooms, store, draining);
      if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: 'method not allowed' });
      if (!hasWeb) {
        res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<!doctype html><title>Hanafuda</title><p>The game server is running, but the web app is not built yet: run <code>npm run build -w @hanafuda/web</code> and reload.</p>',
        );
        return;
      }
      await serveFile(webDir!, url.pathname, res);
    } catch (e) {
      log(`http: ${(e as Error).message}`);
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
      else res.end();
    }
  };
}

async function api(url: URL, req: IncomingMessage, res: ServerResponse, rooms: Rooms, store: Store, draining: Draining): Promise<void> {
  if (req.method !== 'GET') return json(res, 405, { error: 'the API is read-only; play over the WebSocket at /ws' });
  const [, , resource, rawId] = url.pathname.split('/');
  const id = rawId === undefined ? '' : decodeURIComponent(rawId);
  switch (resource) {
    case 'health':
      // 503 while stopping: a load balancer's health check takes the process out before it goes.
      return json(res, draining() ? 503 : 200, { ok: !draining(), ...(draining() ? { draining: true } : {}), store: store.kind, rooms: rooms.size, actions: actionPaths });
    case 'rooms': {
      const room = rooms.get(id);
      return room ? json(res, 200, room.state()) : json(res, 404, { error: `no open room "${id}"` });
    }
    case 'games': {
      const game = await store.finishedGame(id);
      return game ? json(res, 200, game) : json(res, 404, { error: `no finished game "${id}"` });
    }
    case 'history':
      if (id.trim() === '' || id.length > 40) return json(res, 400, { error: 'name a player: /api/history/NAME' });
      return json(res, 200, { name: id.trim(), games: await store.history(id) });
    default:
      return json(res, 404, { error: 'unknown API path: /api/health, /api/rooms/ID, /api/games/ID, /api/history/NAME' });
  }
}

/** A file of the built app; any other path is the app itself (invite links, client-side pages). */
async function serveFile(webDir: string, pathname: string, res: ServerResponse): Promise<void> {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  let file = join(webDir, relative);
  if (!file.startsWith(webDir + sep) && file !== webDir) file = join(webDir, 'index.html');
  if (!existsSync(file) || statSync(file).isDirectory()) file = extname(relative) === '' ? join(webDir, 'index.html') : '';
  if (file === '') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('not found');
    return;
  }
  const body = await readFile(file);
  const hashed = /[.-][A-Za-z0-9_-]{8,}\.(js|css|svg|png|woff2)$/.test(file);
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache' });
  res.end(body);
}
