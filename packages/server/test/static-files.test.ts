/**
 * The web app's files over real HTTP: compressed as the browser asks (brotli, gzip, or not at
 * all), revalidated by ETag with a 304, and read again after a rebuild.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/index.js';
import { chooseEncoding } from '../src/http/static-files.js';
import { STORES, type TestStore } from './support/stores.js';
import { shutDown } from './support/server.js';
import { silentLog } from '../src/ops/log.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A GET with exactly these headers (fetch would add and undo its own Accept-Encoding). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files', { timeout: 20_000 }, () => {
  let db: TestStore;
  let server: RunningServer;
  let webDir: string;
  // Text that compresses as a bundle does: repeated identifiers, not random bytes.
  const script = Array.from(
    { length: 400 },
    (_, i) => `export const card${i} = { month: ${i % 12}, name: "card-${i}" };`,
  ).join('\n');
  const page = `<!doctype html><title>Hanafuda</title><script type="module" src="/assets/index-abcdefgh.js"></script>${' '.repeat(2000)}`;

  beforeAll(async () => {
    db = await STORES[0].open();
    webDir = mkdtempSync(join(tmpdir(), 'hanafuda-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), page);
    writeFileSync(join(webDir, 'assets', 'index-abcdefgh.js'), script);
    writeFileSync(join(webDir, 'assets', 'tiny-abcdefgh.js'), 'export {};');
    server = await startServer({ store: db.store, port: 0, webDir, log: silentLog });
  });

  afterAll(async () => {
    await shutDown(server, db);
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends brotli, gzip or the plain file, as the browser accepts, with the same content', async () => {
    const url = `${server.url}/assets/index-abcdefgh.js`;
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves small files uncompressed', async () => {
    const tiny = await get(`${server.url}/assets/tiny-abcdefgh.js`, { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};');
  });

  it('answers a known ETag with a 304 and no body, in any encoding of the same content', async () => {
    const first = await get(`${server.url}/`, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/);
    const again = await get(`${server.url}/`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const plainTag = (await get(`${server.url}/`)).headers.etag as string;
    expect(plainTag).not.toBe(etag);
    expect((await get(`${server.url}/?room=abcd`, { 'if-none-match': `W/${plainTag}` })).status).toBe(304);
    expect((await get(`${server.url}/`, { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('serves the new file after a rebuild under the running server', async () => {
    const before = await get(`${server.url}/`);
    const rebuilt = page.replace('Hanafuda', 'Hanafuda 2');
    writeFileSync(join(webDir, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(webDir, 'index.html'), later, later);
    const after = await get(`${server.url}/`, { 'if-none-match': before.headers.etag as string });
    expect(after.status).toBe(200);
    expect(after.body.toString()).toBe(rebuilt);
  });

  it('reads Accept-Encoding as the RFC does: q=0 refuses, * accepts', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5')).toBe('br');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBe('identity');
  });
});
