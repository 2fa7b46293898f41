/**
 * The files of deploy/ work as docs/deploy.md says. The systemd unit is one systemd accepts
 * (`systemd-analyze verify`, where systemd is installed), and its command line and environment
 * start the real server: it answers on the allowed host name, refuses another, serves its
 * metrics, and stops cleanly on SIGTERM. The nginx site, on a test certificate and free
 * ports, serves the game over TLS, WebSocket included, and sends plain HTTP to HTTPS.
 */
import { execFileSync } from 'node:child_process';
import { request } from 'node:https';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '@hanafuda/protocol';
import { openSqlite, startServer } from '../src/index.js';
import { freePort } from '../../load/src/haproxy.js';
import { silentLog } from '../src/ops/log.js';
import { NGINX, runNginx } from './support/nginx.js';
import { TestClient } from './support/client.js';
import { openDatabase } from '../src/store/sqlite-db.js';
import { SCHEMA_VERSION } from '../src/store/migrations.js';
import { BIN, startChild } from './support/child.js';
import { fetchWithHost } from './support/host.js';
import { type LoopbackAddresses, addLoopbackAddresses, ipv6Unavailable } from './support/ipv6.js';

const UNIT_FILE = fileURLToPath(new URL('../../../deploy/hanafuda.service', import.meta.url));
const UNIT = readFileSync(UNIT_FILE, 'utf8');
const BACKUP = fileURLToPath(new URL('../../../deploy/backup-sqlite.js', import.meta.url));
/** nginx's IPv6 address in the site test, and the /64 of the clients it forwards (added to loopback where this runs as root). */
const IPV6 = {
  nginx: '2001:db8:43:66::1',
  block: ['2001:db8:43:66::2', '2001:db8:43:66::3', '2001:db8:43:66::4'],
  other: '2001:db8:43:67::1',
};
const noIpv6 = ipv6Unavailable();
if (noIpv6) console.warn(`deploy test: nginx is not tried over IPv6: ${noIpv6}`);
const SITE = readFileSync(fileURLToPath(new URL('../../../deploy/nginx.conf', import.meta.url)), 'utf8');

function runs(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const SYSTEMD = runs('systemd-analyze', ['--version']);
const OPENSSL = runs('openssl', ['version']);
if (!SYSTEMD)
  console.warn(
    'server tests: systemd-analyze is not installed, so the unit file is not verified; .ci/run installs it',
  );

/** The values of `key=` lines in the unit, in order. */
const values = (key: string) => [...UNIT.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]);

describe('the systemd unit in deploy/', { timeout: 60_000 }, () => {
  const dirs: string[] = [];
  const temporary = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hanafuda-deploy-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!SYSTEMD)('is a unit systemd accepts', () => {
    // The same unit, with this runner's node where the unit names the checkout's (verify checks that the program exists).
    const copy = join(temporary(), 'hanafuda.service');
    writeFileSync(copy, UNIT.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
    expect(
      execFileSync('systemd-analyze', ['verify', copy], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ).toBe('');
  });

  it('starts the server with its command line and environment, on its allowed host, is backed up running, and stops on its signal', async () => {
    const [execStart] = values('ExecStart');
    expect(execStart).not.toMatch(/["'\\$%]/); // no quoting or expansion: the words below are what systemd passes
    const [node, script, ...args] = execStart.split(/\s+/);
    // The Node the repository brings, which the tests run on, not whatever Node the machine has.
    expect(relative(values('WorkingDirectory')[0], node)).toBe('node_modules/.bin/node');
    expect(relative(values('WorkingDirectory')[0], script)).toBe(relative(join(BIN, '../../../..'), BIN));
    const env = Object.fromEntries(
      values('Environment').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    );
    expect(env).toMatchObject({
      HANAFUDA_DATA: '/var/lib/hanafuda',
      HANAFUDA_ALLOWED_HOSTS: expect.any(String),
      HANAFUDA_METRICS_PORT: expect.any(String),
    });
    expect(values('StateDirectory')).toEqual(['hanafuda']);

    // This machine's free ports and a folder of the test's own stand in for the unit's.
    const data = temporary();
    const server = await startChild(args, { ...env, HANAFUDA_DATA: data, HANAFUDA_METRICS_PORT: '0' });
    try {
      const port = new URL(server.url).port;
      const health = async (host: string) => (await fetchWithHost(`${server.url}/api/health`, host)).status;
      expect(await health(env.HANAFUDA_ALLOWED_HOSTS)).toBe(200);
      expect(await health(`${env.HANAFUDA_ALLOWED_HOSTS}:${port}`)).toBe(200);
      expect(await health('rebinding.example')).toBe(421);
      const metricsUrl = await vi.waitFor(
        () => /metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(server.output())![1],
      );
      expect(await (await fetch(metricsUrl)).text()).toMatch(/^hanafuda_sockets 0$/m);

      // The guide's backup, taken while the server runs, holds what it stored.
      const host = await TestClient.connect(server.wsUrl);
      const room = (
        await host.request(
          {
            type: 'create-room',
            setup: { game: 'sakura', players: 2, seats: [{ kind: 'open' }, { kind: 'open' }] },
          },
          'room-created',
        )
      ).room as string;
      await host.close();
      const copy = join(temporary(), 'backup.sqlite');
      const said = execFileSync(process.execPath, [BACKUP, join(data, 'hanafuda.sqlite'), copy], {
        encoding: 'utf8',
      });
      expect(said).toMatch(new RegExp(`schema version ${SCHEMA_VERSION}\\)$`, 'm'));
      const backup = openDatabase(copy, { readOnly: true });
      expect(backup.prepare('SELECT id FROM rooms').all()).toEqual([{ id: room }]);
      backup.close();
      // Its stop signal, and the drain before it goes.
      expect(values('KillSignal')).toEqual(['SIGTERM']);
      const exited = new Promise<number | null>((resolve) =>
        server.child.once('exit', (code) => resolve(code)),
      );
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it.skipIf(!NGINX || !OPENSSL)(
    'has an nginx site that serves the game over TLS, WebSocket included, and sends HTTP to HTTPS',
    async () => {
      const dir = temporary();
      const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          '-days',
          '1',
          '-subj',
          '/CN=play.example.com',
          '-addext',
          `subjectAltName=DNS:play.example.com,IP:127.0.0.1,IP:${IPV6.nginx}`,
        ],
        { stdio: 'ignore' },
      );
      const ca = readFileSync(cert);
      const store = openSqlite(':memory:');
      // Two sockets an address: the IPv6 clients below, of one /64, are one address through nginx.
      const server = await startServer({
        store,
        port: 0,
        webDir: null,
        log: silentLog,
        trustedProxies: ['loopback'],
        allowedHosts: ['play.example.com'],
        connectionLimits: { maxPerAddress: 2 },
      });
      const loopback: LoopbackAddresses | null = noIpv6
        ? null
        : addLoopbackAddresses([IPV6.nginx, ...IPV6.block, IPV6.other]);
      const [httpPort, httpsPort] = [await freePort(), await freePort()];
      /** The site with this machine's ports, the test's certificate and server: each line to change must be there. */
      let site = SITE;
      const swap = (from: string | RegExp, to: string) => {
        expect(site).toMatch(from);
        site = site.replace(from, to);
      };
      swap(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${httpPort};`);
      swap(
        /listen 443 ssl;\n\s*listen \[::\]:443 ssl;/,
        `listen 127.0.0.1:${httpsPort} ssl;${loopback ? ` listen [${IPV6.nginx}]:${httpsPort} ssl;` : ''}`,
      );
      swap('server 127.0.0.1:8080;', `server ${new URL(server.url).host};`);
      swap('/etc/letsencrypt/live/play.example.com/fullchain.pem', cert);
      swap('/etc/letsencrypt/live/play.example.com/privkey.pem', key);
      const get = (path: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = request(
            {
              host: '127.0.0.1',
              port: httpsPort,
              path,
              ca,
              servername: 'play.example.com',
              headers: { host: 'play.example.com' },
            },
            (res) => {
              let body = '';
              res.on('data', (chunk: Buffer) => (body += chunk.toString()));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            },
          );
          req.on('error', reject);
          req.end();
        });
      const stop = await runNginx(dir, site, () => get('/api/health'));
      try {
        expect(await get('/api/health')).toMatchObject({ status: 200 });
        const plain = await fetch(`http://127.0.0.1:${httpPort}/?room=abc`, { redirect: 'manual' });
        expect(plain.status).toBe(301);
        expect(plain.headers.get('location')).toBe(`https://127.0.0.1/?room=abc`);

        const socket = new WebSocket(`wss://127.0.0.1:${httpsPort}/ws`, {
          ca,
          headers: { host: 'play.example.com' },
        });
        const answer = new Promise<{ type: string }>((resolve, reject) => {
          socket.once('message', (data) => resolve(JSON.parse(data.toString()) as { type: string }));
          socket.once('error', reject);
        });
        await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
        socket.send(
          JSON.stringify({
            v: PROTOCOL_VERSION,
            type: 'create-room',
            setup: { game: 'sakura', players: 2, seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }] },
          }),
        );
        expect(await answer).toMatchObject({ type: 'room-created' });
        socket.close();

        if (loopback) {
          // Over IPv6, three addresses of one /64 are one client: its third socket is refused, another /64's is not.
          const from = async (localAddress: string) => {
            const client = await TestClient.connect(`wss://[${IPV6.nginx}]:${httpsPort}/ws`, {
              localAddress,
              ca,
              headers: { host: 'play.example.com' },
            });
            opened.push(client);
            return (await client.request({ type: 'ping' }, ['pong', 'error'])).code ?? 'admitted';
          };
          const opened: TestClient[] = [];
          const answers = [];
          for (const address of [...IPV6.block, IPV6.other]) answers.push(await from(address));
          expect(answers).toEqual(['admitted', 'admitted', 'too-many-connections', 'admitted']);
          await Promise.all(opened.map((c) => c.close()));
        }
      } finally {
        await stop();
        await server.close();
        await store.close();
        loopback?.remove();
      }
    },
  );
});
