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
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
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
    if (url.origin === 'null' || url.pathname !== '/' || url.search !== '' || url.hash !== '')
      return err('bad-origin', `"${entry}" is not an origin like https://example.com (no path)`);
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

/**
 * Which `Host` the server answers to, against DNS rebinding: a stranger's domain that resolves
 * to this machine carries its own name in `Host` (and a matching Origin, so the Origin check
 * alone lets it in). An address (`127.0.0.1`, `[::1]`, a LAN address a phone is given) cannot
 * be rebound, nor can `localhost`; any other name must be listed (`--allow-host`), or be the
 * host of an allowed origin. `*` turns the check off. A request with no Host (not a browser)
 * passes.
 */
export type HostCheck = (host: string | undefined) => boolean;

/** Parses a comma-separated list of host names (`play.example.com`), or `*` for any. */
export function parseAllowedHosts(text: string): Result<readonly string[]> {
  const hosts: string[] = [];
  for (const entry of text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '')) {
    if (entry !== '*' && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)) {
      return err('bad-host', `"${entry}" is not a host name like play.example.com (no scheme, port or path)`);
    }
    hosts.push(entry);
  }
  return ok(hosts);
}

/** The name in a Host header, without its port; an IPv6 address keeps its brackets. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;

export function hostCheck(
  allowedHosts: readonly string[] = [],
  allowedOrigins: readonly string[] = [],
): HostCheck {
  const listed = new Set(allowedHosts);
  for (const origin of allowedOrigins) if (origin !== '*') listed.add(new URL(origin).hostname.toLowerCase());
  const any = listed.has('*');
  return (host) => {
    if (host === undefined || any) return true;
    const name = hostName(host);
    return (
      name === 'localhost' ||
      name.endsWith('.localhost') ||
      IPV4.test(name) ||
      name.startsWith('[') ||
      listed.has(name)
    );
  };
}

/** What a refused Host is told, and the operator with it. */
export const hostRefusal = (host: string): string =>
  `this server does not answer to the host "${hostName(host)}": start it with --allow-host ${hostName(host)} (or HANAFUDA_ALLOWED_HOSTS) if that name is yours`;
