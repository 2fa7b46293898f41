/**
 * The web app's built files, served as a phone on a slow network wants them: compressed
 * (brotli, else gzip, by the browser's Accept-Encoding) and revalidated by ETag, so a
 * returning visitor's `no-cache` index costs a 304, not the bytes again. Each file is read
 * and compressed once and kept in memory (the built app is a few hundred KB), and read again
 * when its modification time changes (a rebuild under a running server).
 */
import { createHash } from 'node:crypto';
import { stat, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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

/** Types worth compressing: text. PNG and WOFF2 are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.webmanifest', '.txt']);
/** Below this, the headers cost more than compression saves. */
const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

interface Prepared {
  readonly mtimeMs: number;
  /** The content's hash, the ETag without its encoding suffix. */
  readonly hash: string;
  readonly type: string;
  readonly identity: Buffer;
  readonly br?: Buffer;
  readonly gzip?: Buffer;
}

/** Which encoding to send: brotli if the browser takes it, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

const SUFFIX = { br: '-br', gzip: '-gz', identity: '' } as const;

/** True when the request's If-None-Match names this content (in any encoding of it) or `*`. */
function notModified(req: IncomingMessage, hash: string): boolean {
  const header = req.headers['if-none-match'];
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || Object.values(SUFFIX).some((suffix) => t === `"${hash}${suffix}"`);
  });
}

export class StaticFiles {
  private readonly cache = new Map<string, Prepared>();

  /** Sends `file` (an existing file of the built app); `immutable` for content-hashed names. */
  async send(req: IncomingMessage, res: ServerResponse, file: string, immutable: boolean): Promise<void> {
    const prepared = await this.prepare(file);
    const wanted = chooseEncoding(req.headers['accept-encoding']);
    const encoding = wanted !== 'identity' && prepared[wanted] ? wanted : 'identity';
    const body = encoding === 'identity' ? prepared.identity : prepared[encoding]!;
    const headers: Record<string, string> = {
      'content-type': prepared.type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      // Strong validators differ by encoding (they are different bytes); any of them revalidates.
      etag: `"${prepared.hash}${SUFFIX[encoding]}"`,
      vary: 'Accept-Encoding',
    };
    if (notModified(req, prepared.hash)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  private async prepare(file: string): Promise<Prepared> {
    const { mtimeMs } = await stat(file);
    const known = this.cache.get(file);
    if (known && known.mtimeMs === mtimeMs) return known;
    const identity = await readFile(file);
    const ext = extname(file);
    const compress = COMPRESSIBLE.has(ext) && identity.length >= MIN_COMPRESS_BYTES;
    const [br, gz] = compress
      ? await Promise.all([
          brotli(identity, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          }),
          gzipped(identity, { level: 9 }),
        ])
      : [undefined, undefined];
    const prepared: Prepared = {
      mtimeMs,
      hash: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
      type: TYPES[ext] ?? 'application/octet-stream',
      identity,
      ...(br && br.length < identity.length ? { br } : {}),
      ...(gz && gz.length < identity.length ? { gzip: gz } : {}),
    };
    this.cache.set(file, prepared);
    return prepared;
  }
}
