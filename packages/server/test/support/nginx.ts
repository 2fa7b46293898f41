/**
 * A real reverse proxy of the test's own: Debian's nginx on a loopback port (plain HTTP, or
 * ending TLS itself), forwarding HTTP and WebSocket upgrades to one server with the usual
 * X-Forwarded-For and X-Forwarded-Proto lines. Tests skip where
 * nginx is not installed (.ci/run installs it).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { type IncomingHttpHeaders, get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../load/src/haproxy.js';
import { installed } from '../../../load/src/installed.js';

export const NGINX = installed('nginx', '-v');

export interface Proxy {
  /** http://127.0.0.1:PORT of the proxy. */
  readonly url: string;
  readonly wsUrl: string;
  stop(): Promise<void>;
}

/** A GET of `url` (over HTTPS, the proxy's own self-signed certificate is accepted): its status and headers. */
export function get(url: string): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? httpsGet : httpGet)(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
  });
}

/** Resolves once `probe` says the proxy answers (nginx says nothing when it is ready). */
async function listening(probe: () => Promise<unknown>, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    const up = await probe().then(
      () => true,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs nginx in `dir` (its own folder) with `http` as its http block's own lines; resolves once `probe` gets an answer. */
export async function runNginx(
  dir: string,
  http: string,
  probe: () => Promise<unknown>,
): Promise<() => Promise<void>> {
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`,
  );
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  await listening(probe, child);
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
}

/** nginx in front of `upstream`; `tls`: it ends TLS itself, with a self-signed certificate made for the test. */
export async function startProxy(upstream: string, tls = false): Promise<Proxy> {
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-nginx-'));
  const port = await freePort();
  if (tls) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
  }
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const stop = await runNginx(
    dir,
    `  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port}${tls ? ` ssl;\n    ssl_certificate ${dir}/cert.pem;\n    ssl_certificate_key ${dir}/key.pem` : ''};
    location / {
      proxy_pass http://${new URL(upstream).host};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`,
    () => get(`${url}/api/health`),
  );
  return {
    url,
    wsUrl: `${tls ? 'wss' : 'ws'}://127.0.0.1:${port}/ws`,
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
