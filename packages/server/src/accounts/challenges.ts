/**
 * The challenges of WebAuthn ceremonies, kept in the database so that whichever process of a
 * cluster gets the answer can check it. Each lives a few minutes and is taken (deleted) by the
 * first answer that names it, so a replayed answer finds nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Sql } from '../store/sql.js';

export const CHALLENGE_MS = 5 * 60 * 1000;

export type Purpose = 'register' | 'login' | 'device';

export interface Challenge {
  readonly purpose: Purpose;
  /** The account being made a member or given a device; none for a sign-in. */
  readonly account: string | null;
  /** The name being claimed (register). */
  readonly name: string | null;
  /** The device code's hash (device). */
  readonly codeHash: string | null;
}

export class Challenges {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
  ) {}

  /** A new challenge (base64url, as WebAuthn's JSON carries it). */
  async issue(c: Challenge): Promise<string> {
    const challenge = randomBytes(32).toString('base64url');
    // Expired ones go with each new one: no sweeper to run.
    await this.sql.run('DELETE FROM challenges WHERE expires_at <= $1', [this.now()]);
    await this.sql.run(
      'INSERT INTO challenges (challenge, purpose, account_id, name, code_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [challenge, c.purpose, c.account, c.name, c.codeHash, this.now() + CHALLENGE_MS],
    );
    return challenge;
  }

  /** Takes the challenge for `purpose` (once: a second call finds nothing), or null if unknown, used or expired. */
  async take(challenge: string, purpose: Purpose): Promise<Challenge | null> {
    const [row] = await this.sql.rows<{
      account_id: string | null;
      name: string | null;
      code_hash: string | null;
      expires_at: unknown;
    }>(
      'DELETE FROM challenges WHERE challenge = $1 AND purpose = $2 RETURNING account_id, name, code_hash, expires_at',
      [challenge, purpose],
    );
    if (!row || Number(row.expires_at) <= this.now()) return null;
    return { purpose, account: row.account_id, name: row.name, codeHash: row.code_hash };
  }
}
