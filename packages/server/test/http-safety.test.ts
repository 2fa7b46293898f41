/**
 * Safe by default, over real HTTP and WebSockets: only the server's own pages (and origins
 * the operator allows) may open the game's WebSocket; every response carries a CSP, nosniff
 * and the other security headers; a malformed URL is a 400, not a 500.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/index.js';
import { STORES, type TestStore } from './support/stores.js';
import { shutDown } from './support/server.js';
import { recordingLog } from '../src/ops/log.js';
import { fetchWithHost } from './support/host.js';

/** Opens a WebSocket with this Origin (or none) and Host: 'open', or the HTTP status it was refused with. */
function handshake(url: string, origin?: string, host?: string): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      ...(origin === undefined ? {} : { origin }),
      ...(host === undefined ? {} : { headers: { host } }),
    });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    socket.once('error', reject);
  });
}

describe('safe by default', { timeout: 20_000 }, () => {
  let db: TestStore;
  let server: RunningServer;
  let webDir: string;
  const logs = recordingLog();

  const start = async (allowedOrigins?: string[], allowedHosts?: string[]) => {
    db = await STORES[0].open();
    webDir = mkdtempSync(join(tmpdir(), 'hanafuda-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Hanafuda</title>');
    writeFileSync(join(webDir, 'assets', 'index-abcdefgh.js'), 'export {};');
    server = await startServer({
      store: db.store,
      port: 0,
      webDir,
      log: logs.log,
      allowedOrigins,
      allowedHosts,
    });
  };

  afterEach(async () => {
    await shutDown(server, db);
    rmSync(webDir, { recursive: true, force: true });
  });

  it("lets in the server's own pages and programs that send no Origin, and refuses other sites with a 403", async () => {
    await start();
    expect(await handshake(server.wsUrl)).toBe('open');
    expect(await handshake(server.wsUrl, server.url)).toBe('open');
    expect(await handshake(server.wsUrl, 'https://evil.example')).toBe(403);
    expect(await handshake(server.wsUrl, server.url.replace(/:\d+$/, ':1'))).toBe(403);
    expect(await handshake(server.wsUrl, 'null')).toBe(403);
    expect(logs.records).toContainEqual(
      expect.objectContaining({
        msg: 'websocket: refused a page of an origin that is not allowed',
        origin: 'https://evil.example',
      }),
    );
  });

  it('lets in the origins it is told to allow, or any with *', async () => {
    await start(['https://friends.example']);
    expect(await handshake(server.wsUrl, 'https://friends.example')).toBe('open');
    expect(await handshake(server.wsUrl, 'https://evil.example')).toBe(403);
    expect(await handshake(server.wsUrl, server.url)).toBe('open');
    await shutDown(server, db);
    await start(['*']);
    expect(await handshake(server.wsUrl, 'https://anyone.example')).toBe('open');
  });

  it("refuses a DNS-rebinding pair (a stranger's Host with a matching Origin) on the WebSocket and the HTTP API", async () => {
    await start();
    const port = new URL(server.url).port;
    const stranger = `evil.example:${port}`;
    expect(await handshake(server.wsUrl, `http://${stranger}`, stranger)).toBe(421);
    const api = await fetchWithHost(`${server.url}/api/health`, stranger);
    expect(api.status).toBe(421);
    expect(api.body).toContain('--allow-host evil.example');
    expect((await fetchWithHost(`${server.url}/`, stranger)).status).toBe(421);
    // Addresses and localhost cannot be rebound: a phone on the home network uses the machine's address.
    for (const host of [`localhost:${port}`, `192.168.1.20:${port}`, `[::1]:${port}`]) {
      expect(await handshake(server.wsUrl, `http://${host}`, host), host).toBe('open');
      expect((await fetchWithHost(`${server.url}/api/health`, host)).status, host).toBe(200);
    }
  });

  it("answers to the host names it is told to, and to the allowed origins' hosts", async () => {
    await start(['https://friends.example'], ['play.example.com']);
    const port = new URL(server.url).port;
    expect(await handshake(server.wsUrl, `https://play.example.com`, `play.example.com`)).toBe('open');
    expect((await fetchWithHost(`${server.url}/api/health`, `play.example.com:${port}`)).status).toBe(200);
    expect((await fetchWithHost(`${server.url}/api/health`, 'friends.example')).status).toBe(200);
    expect((await fetchWithHost(`${server.url}/api/health`, 'other.example')).status).toBe(421);
  });

  it('sends a CSP, nosniff and no framing on the app, its files and the API', async () => {
    await start();
    for (const path of [
      '/',
      '/?room=abcd',
      '/assets/index-abcdefgh.js',
      '/api/health',
      '/api/rooms/nosuchroom',
      '/nosuchfile.png',
    ]) {
      const res = await fetch(server.url + path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('unsafe');
    }
  });

  it('tells anyone asking /api/health only whether this process takes players: no count, no store', async () => {
    await start();
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    server.drain();
    const draining = await fetch(`${server.url}/api/health`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ ok: false, draining: true });
  });

  it('answers a malformed URL with a 400 and stays up', async () => {
    await start();
    for (const path of ['/%E0%A4%A', '/api/rooms/%zz', '/api/history/%', '/assets/%c0']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/malformed URL/);
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
