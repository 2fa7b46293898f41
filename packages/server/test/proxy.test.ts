/**
 * Real client addresses behind a real reverse proxy (nginx on loopback): with the proxy
 * trusted, each client is counted by the address it forwards; a forwarded header from a
 * peer nobody trusts is ignored. Clients look like different machines by connecting from
 * different loopback addresses (127.0.0.2, 127.0.0.3), which nginx forwards as theirs. HSTS
 * is sent when a trusted proxy ended TLS (nginx with a self-signed certificate), never else.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, type ServerOptions, startServer } from '../src/index.js';
import { type Message, TestClient } from './support/client.js';
import { NGINX, type Proxy, get, startProxy } from './support/nginx.js';
import { shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';
import { silentLog } from '../src/ops/log.js';

if (!NGINX)
  console.warn(
    'server tests: nginx is not installed, so the reverse-proxy suite is skipped; .ci/run installs it',
  );

const LIMITED = { maxPerAddress: 2, spareLocal: false, apiPerAddress: { burst: 3, perMinute: 1 } };

describe.skipIf(!NGINX)('behind a reverse proxy', { timeout: 20_000 }, () => {
  let db: TestStore;
  let server: RunningServer;
  let proxy: Proxy | undefined;
  const clients: TestClient[] = [];

  const start = async (extra: Partial<ServerOptions>) => {
    db = await STORES[0].open();
    server = await startServer({ store: db.store, port: 0, webDir: null, log: silentLog, ...extra });
    proxy = await startProxy(server.url);
  };
  /** A socket through the proxy from `from` (a loopback address), or straight to the server. */
  const connect = async (url: string, from: string, headers: Record<string, string> = {}) => {
    const client = await TestClient.connect(url, { localAddress: from, headers });
    clients.push(client);
    return client;
  };
  /** The first error a client hears: its refusal, or (admitted) the answer to watching a room that is not there. */
  const admitted = async (client: TestClient): Promise<string> => {
    if (client.socket.readyState === client.socket.OPEN)
      client.send({ type: 'spectate', room: 'nosuchroom' });
    return (await client.next((m: Message) => m.type === 'error', 10_000, 0)).code as string;
  };

  afterEach(async () => {
    await proxy?.stop();
    proxy = undefined;
    await shutDown(server, db, clients);
  });

  it('counts each forwarded client by its own address when the proxy is trusted', async () => {
    await start({ connectionLimits: LIMITED, trustedProxies: ['loopback'] });
    const url = proxy!.wsUrl;
    const a = [await connect(url, '127.0.0.2'), await connect(url, '127.0.0.2')];
    for (const c of a) expect(await admitted(c)).toBe('no-such-room');
    expect(await admitted(await connect(url, '127.0.0.2'))).toBe('too-many-connections');
    // Another machine behind the same proxy has its own two.
    const b = [await connect(url, '127.0.0.3'), await connect(url, '127.0.0.3')];
    for (const c of b) expect(await admitted(c)).toBe('no-such-room');
  });

  it('rate-limits the HTTP API per forwarded client', async () => {
    await start({ connectionLimits: LIMITED, trustedProxies: ['loopback'] });
    const statuses = async (from: string, count: number) => {
      const out: number[] = [];
      for (let i = 0; i < count; i++) {
        const res = await fetchFrom(`${proxy!.url}/api/rooms/nosuchroom`, from);
        out.push(res);
      }
      return out;
    };
    expect(await statuses('127.0.0.2', 4)).toEqual([404, 404, 404, 429]);
    expect(await statuses('127.0.0.3', 3)).toEqual([404, 404, 404]);
  });

  it('tells browsers to keep to HTTPS (HSTS) when a trusted proxy ended TLS for them, and only then', async () => {
    const hsts = async (url: string, headers: Record<string, string> = {}) =>
      (await fetch(url, { headers })).headers.get('strict-transport-security');
    await start({ trustedProxies: ['loopback'] });
    const tls = await startProxy(server.url, true);
    try {
      const over = await get(`${tls.url}/api/health`);
      expect(over.status).toBe(200);
      expect(over.headers['strict-transport-security']).toBe('max-age=31536000');
      expect((await get(`${tls.url}/`)).headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await tls.stop();
    }
    // The plain-HTTP proxy says http: no HSTS, which over plain HTTP would lock the site out.
    expect((await get(`${proxy!.url}/api/health`)).headers['strict-transport-security']).toBeUndefined();
    // A trusted peer's Forwarded header counts too; the nearest hop's word is the one that counts.
    expect(await hsts(`${server.url}/api/health`, { forwarded: 'for=198.51.100.1;proto=https' })).toBe(
      'max-age=31536000',
    );
    expect(await hsts(`${server.url}/api/health`, { 'x-forwarded-proto': 'https, http' })).toBeNull();
  });

  it('ignores X-Forwarded-Proto from a peer it does not trust', async () => {
    await start({});
    const res = await fetch(`${server.url}/api/health`, {
      headers: { 'x-forwarded-proto': 'https', forwarded: 'proto=https' },
    });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('ignores X-Forwarded-For from a peer it does not trust', async () => {
    await start({ connectionLimits: LIMITED });
    const forged = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
    const straight = [
      await connect(server.wsUrl, '127.0.0.4', forged(1)),
      await connect(server.wsUrl, '127.0.0.4', forged(2)),
    ];
    for (const c of straight) expect(await admitted(c)).toBe('no-such-room');
    // A third forged address is still the same peer, over its two.
    expect(await admitted(await connect(server.wsUrl, '127.0.0.4', forged(3)))).toBe('too-many-connections');
    // Through the untrusted proxy, every client is the proxy's one address.
    await connect(proxy!.wsUrl, '127.0.0.5');
    await connect(proxy!.wsUrl, '127.0.0.6');
    expect(await admitted(await connect(proxy!.wsUrl, '127.0.0.7'))).toBe('too-many-connections');
  });
});

/** A GET from a given loopback address: the status. */
function fetchFrom(url: string, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress: from }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
