/**
 * Who the passkeys are for (WebAuthn's relying party), from the request itself: its ID is the
 * host the browser asked for (the Host header, without its port), and an answer is accepted
 * only from a page of this server's own origin or one of the allowed origins. An assertion an
 * authenticator made for any other site fails both checks (its signed RP ID hash and origin).
 */
import type { IncomingMessage } from 'node:http';

export interface RelyingParty {
  readonly id: string;
  readonly origins: readonly string[];
}

/** `secure`: the request came over HTTPS (through a trusted proxy); `allowedOrigins`: the operator's list (`*` adds nothing: a passkey needs a known origin). */
export function relyingParty(
  req: IncomingMessage,
  secure: boolean,
  allowedOrigins: readonly string[],
): RelyingParty | null {
  const host = req.headers.host;
  if (!host) return null;
  let own: URL;
  try {
    own = new URL(`${secure ? 'https' : 'http'}://${host}`);
  } catch {
    return null;
  }
  const id = own.hostname.replace(/^\[|\]$/g, '');
  return { id, origins: [own.origin, ...allowedOrigins.filter((o) => o !== '*')] };
}
