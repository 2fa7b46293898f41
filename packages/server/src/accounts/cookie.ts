/** The session cookie: HTTP-only (no script reads it), SameSite=Lax (no other site's form or fetch sends it), Secure over HTTPS. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse, serialize } from 'cookie';
import { SESSION_DAYS } from './accounts.js';

export const SESSION_COOKIE = 'hf_session';

export const sessionTokenOf = (req: IncomingMessage): string | undefined =>
  parse(req.headers.cookie ?? '')[SESSION_COOKIE];

/** Sets the cookie (a token), or clears it (null). `secure`: the request came over HTTPS. */
export function setSessionCookie(res: ServerResponse, sessionToken: string | null, secure: boolean): void {
  res.appendHeader(
    'set-cookie',
    serialize(SESSION_COOKIE, sessionToken ?? '', {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      maxAge: sessionToken === null ? 0 : SESSION_DAYS * 24 * 60 * 60,
    }),
  );
}
