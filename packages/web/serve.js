#!/usr/bin/env node
// Serves the built web app (packages/web/dist) on localhost: a tiny static server, nothing else.
// Usage: node packages/web/serve.js [--port N]   (PORT in the environment works too; 0 picks a free port)
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { URL, fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), 'dist');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The request handler for a built app in `dir`: its files, the page for any other path, and
 * 404 for a missing file with an extension (an old build's chunk must fail, not get the page).
 */
export function staticHandler(dir = root) {
  return (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    const missing = !existsSync(file) || statSync(file).isDirectory();
    if (missing && extname(path) !== '') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    if (missing) file = join(dir, 'index.html');
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
    // Hashed assets never change; the page and the service worker must be fetched fresh.
    headers['cache-control'] = file.includes(`${join(dir, 'assets')}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  };
}

/** Serves the app built in `dir` (packages/web/dist unless a test passes its own build). */
export function startServer(port = 0, host = '127.0.0.1', dir = root) {
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(`${dir === root ? 'packages/web/dist' : dir} is missing: run "npm run build" first`);
  const server = createServer(staticHandler(dir));
  return new Promise((done) => server.listen(port, host, () => done(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--port');
  const port = Number(i > 0 ? process.argv[i + 1] : (process.env.PORT ?? 8080));
  const server = await startServer(port, process.env.HOST ?? '127.0.0.1');
  const { port: actual } = server.address();
  console.log(`Hanafuda is being served at http://localhost:${actual}/  (Ctrl+C to stop)`);
}
