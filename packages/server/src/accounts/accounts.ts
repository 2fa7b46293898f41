/**
 * Accounts and their sessions, on the server's database. A session is an opaque random token
 * (256 bits from the system's CSPRNG) in an HTTP-only cookie; the database keeps only its
 * SHA-256, so a leaked table opens nothing. This is the usual server-side session (as OWASP's
 * session management guide describes it), not a scheme of our own: no signing, no encryption.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '../store/sql.js';
import type { Identity } from './identity.js';

/** How long a session lasts without use; each day it is used it is extended to this again. */
export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const token = (bytes: number) => randomBytes(bytes).toString('base64url');
export const hashSessionToken = (t: string): string => createHash('sha256').update(t).digest('hex');

/** A guest's name: recognisable as a guest's, and unlike any member's (members may not start theirs with "Guest"). */
const guestName = () => `Guest ${randomBytes(3).toString('hex').toUpperCase()}`;

export class Accounts {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new guest account and a session for it; answers the session's token (for the cookie). */
  async newGuest(): Promise<{ identity: Identity; token: string }> {
    // Hex, not base64url: an id never begins with "-", so an operator can pass it to `admin` as it is.
    const identity: Identity = { account: randomBytes(16).toString('hex'), name: guestName(), guest: true };
    await this.sql.run(
      'INSERT INTO accounts (id, name, name_key, guest, created_at) VALUES ($1, $2, NULL, $3, $4)',
      [identity.account, identity.name, true, this.now()],
    );
    return { identity, token: await this.newSession(identity.account) };
  }

  /** A new session for an account (a sign-in); answers its token. */
  async newSession(account: string): Promise<string> {
    const t = token(32);
    const now = this.now();
    await this.sql.run(
      'INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [hashSessionToken(t), account, now, now + SESSION_DAYS * DAY_MS],
    );
    return t;
  }

  /** The identity a session token opens, or null (unknown, expired or ended); a session in use is extended. */
  async identify(sessionToken: string | undefined): Promise<Identity | null> {
    if (!sessionToken || sessionToken.length > 100) return null;
    const hash = hashSessionToken(sessionToken);
    const now = this.now();
    const [row] = await this.sql.rows<{ id: string; name: string; guest: unknown; expires_at: unknown }>(
      // A banned account's sessions are ended by the ban; one made in a race with it opens nothing either.
      'SELECT a.id, a.name, a.guest, s.expires_at FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1 AND NOT EXISTS (SELECT 1 FROM bans b WHERE b.account_id = a.id)',
      [hash],
    );
    if (!row) return null;
    const expires = Number(row.expires_at);
    if (expires <= now) {
      await this.sql.run('DELETE FROM sessions WHERE token_hash = $1', [hash]);
      return null;
    }
    // At most one write a day per session.
    if (expires - now < (SESSION_DAYS - 1) * DAY_MS)
      await this.sql.run('UPDATE sessions SET expires_at = $2 WHERE token_hash = $1', [
        hash,
        now + SESSION_DAYS * DAY_MS,
      ]);
    return { account: row.id, name: row.name, guest: Boolean(Number(row.guest)) };
  }

  /** Ends one session (signing out on this device). */
  async endSession(sessionToken: string): Promise<void> {
    await this.sql.run('DELETE FROM sessions WHERE token_hash = $1', [hashSessionToken(sessionToken)]);
  }
}
