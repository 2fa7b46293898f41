/**
 * Which web pages may open a WebSocket to the game server. A browser sends the page's
 * Origin with the handshake, so without this check any site a player visits could play,
 * and create rooms, in their name. By default only the server's own pages may (the Origin's
 * host is the Host the request was sent to); a list of origins, or `*`, widens that.
 * Programs that are not browsers (the terminal client, bots, tests) send no Origin and are
 * let in: the check protects people's browsers, not the server.
 */
import type { IncomingMessage } from 'node:http';
import { type Result, err, ok } from '@hanafuda/engine';

export type OriginCheck = (req: IncomingMessage) => boolean;

/** Parses a comma-separated list of origins (`https://example.com`), or `*` for any. */
export function parseAllowedOrigins(text: string): Result<readonly string[]> {
  const origins: string[] = [];
  for (const entry of text.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    if (entry === '*') {
      origins.push('*');
      continue;
    }
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return err('bad-origin', `"${entry}" is not an origin like https://example.com`);
    }
    if (url.origin === 'null' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return err('bad-origin', `"${entry}" is not an origin like https://example.com (no path)`);
    origins.push(url.origin);
  }
  return ok(origins);
}

/** Same origin always; `allowed` adds origins (or `*`, any). */
export function originCheck(allowed: readonly string[] = []): OriginCheck {
  const any = allowed.includes('*');
  const listed = new Set(allowed);
  return (req) => {
    const origin = req.headers.origin;
    if (origin === undefined || any || listed.has(origin)) return true;
    try {
      return new URL(origin).host.toLowerCase() === (req.headers.host ?? '').toLowerCase();
    } catch {
      return false;
    }
  };
}
