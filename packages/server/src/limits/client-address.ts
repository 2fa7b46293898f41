/**
 * Who a request really comes from, for the per-address limits. Behind a reverse proxy every
 * socket comes from the proxy, so the client's address is read from X-Forwarded-For, but
 * only when the proxy is one the operator trusts (`--trust-proxy`): anyone else could write
 * the header to dodge the limits. proxy-addr (Express's) walks the header from the nearest hop
 * back, past the trusted ones.
 */
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { type Result, err, ok } from '@hanafuda/engine';

export interface ClientAddress {
  /** The address the limits count against. */
  readonly address: string;
  /**
   * Spared the per-address limits: a program on this machine itself (the terminal client, a
   * benchmark), straight or through a trusted proxy. Never a request that an untrusted proxy
   * forwarded: a proxy on this machine arrives from loopback with everyone's requests.
   */
  readonly local: boolean;
}

export type AddressOf = (req: IncomingMessage) => ClientAddress;

const isLoopback = (address: string): boolean => /^(127\.|::1$|::ffff:127\.)/.test(address);
const forwarded = (req: IncomingMessage): boolean =>
  req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;

/** Parses a comma-separated list of proxies' addresses or CIDRs (`10.0.0.0/8`, `127.0.0.1`, `loopback`). */
export function parseTrustedProxies(text: string): Result<readonly string[]> {
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  try {
    proxyaddr.compile(entries);
  } catch (e) {
    return err(
      'bad-proxy',
      `${(e as Error).message}: give addresses or CIDRs (127.0.0.1, 10.0.0.0/8), or loopback`,
    );
  }
  return ok(entries);
}

/**
 * Whether the client reached us over HTTPS: said by a trusted proxy that ended TLS for it
 * (`X-Forwarded-Proto: https`, or `proto=https` in `Forwarded`). The nearest hop's word
 * counts (the last value): an earlier one may be the client's own. This server speaks only
 * plain HTTP itself, so a request from anyone else is never over TLS.
 */
export function viaHttps(trusted: readonly string[] = []): (req: IncomingMessage) => boolean {
  const trust = proxyaddr.compile([...trusted]);
  const last = (header: string | string[] | undefined): string => {
    const text = Array.isArray(header) ? header.join(',') : (header ?? '');
    return text.split(',').at(-1)!.trim().toLowerCase();
  };
  return (req) => {
    const peer = req.socket.remoteAddress;
    if (trusted.length === 0 || peer === undefined || !trust(peer, 0)) return false;
    if (req.headers['x-forwarded-proto'] !== undefined)
      return last(req.headers['x-forwarded-proto']) === 'https';
    return /(^|;)\s*proto="?https"?\s*(;|$)/.test(last(req.headers.forwarded));
  };
}

/** The client address of a request, through the proxies in `trusted` (none: the socket's own address). */
export function clientAddress(trusted: readonly string[] = []): AddressOf {
  const trust = proxyaddr.compile([...trusted]);
  return (req) => {
    const peer = req.socket.remoteAddress ?? 'unknown';
    const viaTrusted = trusted.length > 0 && peer !== 'unknown' && trust(peer, 0);
    const address = viaTrusted ? proxyaddr(req, trust) : peer;
    return { address, local: isLoopback(address) && (viaTrusted || !forwarded(req)) };
  };
}
