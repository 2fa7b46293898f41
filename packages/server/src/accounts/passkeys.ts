/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): a guest becomes a member by registering
 * one under a name it chooses (keeping its account id, so its games stay its own); a member
 * signs in with one on any device whose authenticator holds it (a discoverable credential);
 * and a member's one-time device code lets another device register a passkey of its own for
 * the same account. Every ceremony's challenge is the database's (challenges.ts).
 */
import { createHash, randomInt } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Sql } from '../store/sql.js';
import { type Challenge, Challenges, type Purpose } from './challenges.js';
import type { Members } from './members.js';
import { Refused } from './refusal.js';
import type { RelyingParty } from './relying-party.js';

export const DEVICE_CODE_MS = 10 * 60 * 1000;
/** Crockford's base32: no I, L, O or U, so a code read aloud or off a screen is typed right. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 8;

/** A typed code as it is kept: upper case, without the hyphen or spaces, Crockford's lookalikes read as digits. */
export const normalizeCode = (typed: string): string =>
  typed
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
const hashCode = (code: string) => createHash('sha256').update(normalizeCode(code)).digest('hex');

const RP_NAME = 'Hanafuda';
/** The library takes a string challenge as text to encode: ours is base64url already, so it is given as its bytes. */
const asBytes = (challenge: string) => Buffer.from(challenge, 'base64url');
const badAnswer = () =>
  new Refused(400, 'passkey-refused', 'the passkey’s answer was not accepted: try again');

/** The challenge an answer signed, from its clientDataJSON (the library checks it again against the one taken). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string {
  try {
    const data = JSON.parse(
      Buffer.from(String(response.response?.clientDataJSON), 'base64url').toString('utf8'),
    ) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

export class Passkeys {
  private readonly challenges: Challenges;

  constructor(
    private readonly sql: Sql,
    private readonly members: Members,
    private readonly now: () => number = Date.now,
  ) {
    this.challenges = new Challenges(sql, now);
  }

  /** Options for a guest's sign-up under `name` (refused if the name cannot be had). */
  async registerOptions(rp: RelyingParty, account: string, rawName: unknown) {
    const name = await this.members.available(rawName);
    return this.creationOptions(rp, account, name, { purpose: 'register', account, name, codeHash: null });
  }

  /** A guest's sign-up: the passkey is kept and the account becomes a member under its name. */
  async register(rp: RelyingParty, account: string, response: RegistrationResponseJSON): Promise<string> {
    const challenge = await this.take(response, 'register');
    if (challenge.account !== account || challenge.name === null) throw badAnswer();
    const credential = await this.verifyNew(rp, challenge, response);
    await this.members.setName(account, challenge.name, true);
    await this.keep(account, credential);
    return challenge.name;
  }

  /** A one-time code (and its hash's row) for another device of the member. */
  async deviceCode(account: string): Promise<{ code: string; expiresAt: number }> {
    const raw = Array.from(
      { length: CODE_LENGTH },
      () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
    ).join('');
    const expiresAt = this.now() + DEVICE_CODE_MS;
    await this.sql.run('DELETE FROM device_codes WHERE expires_at <= $1', [this.now()]);
    await this.sql.run('INSERT INTO device_codes (code_hash, account_id, expires_at) VALUES ($1, $2, $3)', [
      hashCode(raw),
      account,
      expiresAt,
    ]);
    return { code: `${raw.slice(0, 4)}-${raw.slice(4)}`, expiresAt };
  }

  /** Options for registering a passkey on another device, by a member's code. */
  async deviceOptions(rp: RelyingParty, code: unknown) {
    const codeHash = typeof code === 'string' ? hashCode(code) : '';
    const [row] = await this.sql.rows<{ account_id: string; name: string }>(
      'SELECT a.id AS account_id, a.name FROM device_codes d JOIN accounts a ON a.id = d.account_id WHERE d.code_hash = $1 AND d.expires_at > $2',
      [codeHash, this.now()],
    );
    if (!row)
      throw new Refused(
        404,
        'bad-code',
        'that code is wrong, used or more than 10 minutes old: ask for a new one on your signed-in device',
      );
    return this.creationOptions(rp, row.account_id, row.name, {
      purpose: 'device',
      account: row.account_id,
      name: null,
      codeHash,
    });
  }

  /** Registers the other device's passkey and spends the code; answers the account to sign in. */
  async device(rp: RelyingParty, response: RegistrationResponseJSON): Promise<string> {
    const challenge = await this.take(response, 'device');
    const credential = await this.verifyNew(rp, challenge, response);
    // Spent by the first device to finish: a second with the same code is refused here.
    const [spent] = await this.sql.rows<{ account_id: string }>(
      'DELETE FROM device_codes WHERE code_hash = $1 AND account_id = $2 AND expires_at > $3 RETURNING account_id',
      [challenge.codeHash, challenge.account, this.now()],
    );
    if (!spent) throw new Refused(404, 'bad-code', 'that code was used or has expired: ask for a new one');
    await this.keep(spent.account_id, credential);
    return spent.account_id;
  }

  /** Options for a sign-in with whichever of this site's passkeys the device holds. */
  async loginOptions(rp: RelyingParty) {
    const challenge = await this.challenges.issue({
      purpose: 'login',
      account: null,
      name: null,
      codeHash: null,
    });
    return generateAuthenticationOptions({
      rpID: rp.id,
      challenge: asBytes(challenge),
      userVerification: 'preferred',
    });
  }

  /** A sign-in: answers the account whose passkey signed the challenge. */
  async login(rp: RelyingParty, response: AuthenticationResponseJSON): Promise<string> {
    await this.take(response, 'login');
    const [row] = await this.sql.rows<{
      account_id: string;
      public_key: string;
      counter: unknown;
      transports: string;
    }>('SELECT account_id, public_key, counter, transports FROM credentials WHERE id = $1', [
      String(response.id),
    ]);
    if (!row)
      throw new Refused(
        401,
        'unknown-passkey',
        'this passkey is not one of this site’s accounts (was the account deleted?)',
      );
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challengeOf(response),
        expectedOrigin: [...rp.origins],
        expectedRPID: rp.id,
        credential: {
          id: String(response.id),
          publicKey: Buffer.from(row.public_key, 'base64url'),
          counter: Number(row.counter),
          transports: JSON.parse(row.transports) as never,
        },
        requireUserVerification: false,
      });
    } catch {
      throw badAnswer();
    }
    if (!verified.verified) throw badAnswer();
    if (await this.members.banned(row.account_id)) throw new Refused(403, 'banned', 'this account is banned');
    await this.sql.run('UPDATE credentials SET counter = $2, used_at = $3 WHERE id = $1', [
      response.id,
      verified.authenticationInfo.newCounter,
      this.now(),
    ]);
    return row.account_id;
  }

  private async creationOptions(rp: RelyingParty, account: string, name: string, challenge: Challenge) {
    const existing = await this.sql.rows<{ id: string }>('SELECT id FROM credentials WHERE account_id = $1', [
      account,
    ]);
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      userName: name,
      userDisplayName: name,
      userID: Buffer.from(account, 'utf8'),
      challenge: asBytes(await this.challenges.issue(challenge)),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  }

  /** Takes the challenge the answer signed, once; refused if it is not a live challenge of this ceremony. */
  private async take(
    response: { response?: { clientDataJSON?: unknown } },
    purpose: Purpose,
  ): Promise<Challenge> {
    const challenge = await this.challenges.take(challengeOf(response), purpose);
    if (!challenge)
      throw new Refused(
        400,
        'stale-challenge',
        'this passkey request is unknown, used or more than 5 minutes old: start again',
      );
    return challenge;
  }

  private async verifyNew(rp: RelyingParty, challenge: Challenge, response: RegistrationResponseJSON) {
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challengeOf(response),
        expectedOrigin: [...rp.origins],
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch {
      throw badAnswer();
    }
    if (!verified.verified || challenge.account === null) throw badAnswer();
    return verified.registrationInfo.credential;
  }

  private async keep(
    account: string,
    credential: { id: string; publicKey: Uint8Array; counter: number; transports?: readonly string[] },
  ) {
    await this.sql.run(
      'INSERT INTO credentials (id, account_id, public_key, counter, transports, created_at, used_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
      [
        credential.id,
        account,
        Buffer.from(credential.publicKey).toString('base64url'),
        credential.counter,
        JSON.stringify(credential.transports ?? []),
        this.now(),
      ],
    );
  }
}
