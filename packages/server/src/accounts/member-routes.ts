/**
 * The members' HTTP API, beside routes.ts's guest: passkey sign-up and sign-in, another
 * device's code, sign out (here, everywhere), rename, delete, export. Every POST and DELETE
 * must come from an allowed origin (routes.ts says why); each answers JSON, a refusal as
 * `{ error, code }` with its status.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import QRCode from 'qrcode';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Accounts } from './accounts.js';
import { sessionTokenOf, setSessionCookie } from './cookie.js';
import type { Identity } from './identity.js';
import type { Members } from './members.js';
import type { Passkeys } from './passkeys.js';
import { Refused } from './refusal.js';
import { relyingParty } from './relying-party.js';
import type { AccountGuards } from './routes.js';

type Json = (res: ServerResponse, status: number, body: unknown) => void;
type Body = (req: IncomingMessage, max: number) => Promise<unknown>;

/** A WebAuthn answer is a few kilobytes at most. */
const MAX_BODY = 32 * 1024;

export interface MemberServices {
  readonly accounts: Accounts;
  readonly members: Members;
  readonly passkeys: Passkeys;
}

const field = (body: unknown, name: string): unknown =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

/** The browser's WebAuthn answer in a body, as the library takes it (which checks the rest). */
function answerIn<T>(body: unknown): T {
  const response = field(body, 'response');
  if (
    response === null ||
    typeof response !== 'object' ||
    typeof (response as { id?: unknown }).id !== 'string'
  )
    throw new Refused(400, 'bad-request', 'send JSON { "response": the browser’s WebAuthn answer }');
  return response as T;
}

export function memberRoutes(services: MemberServices, guards: AccountGuards, json: Json, jsonBody: Body) {
  const { accounts, members, passkeys } = services;

  const who = async (req: IncomingMessage): Promise<Identity> => {
    const identity = await accounts.identify(sessionTokenOf(req));
    if (!identity) throw new Refused(401, 'no-session', 'this browser is nobody here: reload the page');
    return identity;
  };
  const member = async (req: IncomingMessage): Promise<Identity> => {
    const identity = await who(req);
    if (identity.guest)
      throw new Refused(403, 'not-member', 'only a member (signed up with a passkey) can do this');
    return identity;
  };
  const rpOf = (req: IncomingMessage) => {
    const rp = relyingParty(req, guards.secure(req), guards.allowedOrigins);
    if (!rp) throw new Refused(400, 'no-host', 'a passkey needs the Host header');
    return rp;
  };
  const limited = async (req: IncomingMessage, kind: 'signups' | 'renames' | 'codes') => {
    const refusal = await guards.limit(req, kind);
    if (refusal) throw new Refused(429, refusal.code, refusal.message);
  };
  /** A sign-in on this browser: a new session, the one it had (a guest's, perhaps) ended. */
  const signIn = async (req: IncomingMessage, res: ServerResponse, account: string) => {
    const old = sessionTokenOf(req);
    const token = await accounts.newSession(account);
    if (old) await accounts.endSession(old);
    setSessionCookie(res, token, guards.secure(req));
    const identity = await accounts.identify(token);
    json(res, 200, {
      account: identity && { id: identity.account, name: identity.name, guest: identity.guest },
    });
  };

  const post: Record<string, (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void>> = {
    'passkey/register/options': async (req, res, body) => {
      const identity = await who(req);
      if (!identity.guest) throw new Refused(409, 'already-member', 'this account is a member already');
      await limited(req, 'signups');
      json(res, 200, await passkeys.registerOptions(rpOf(req), identity.account, field(body, 'name')));
    },
    'passkey/register': async (req, res, body) => {
      const identity = await who(req);
      await passkeys.register(rpOf(req), identity.account, answerIn<RegistrationResponseJSON>(body));
      await signIn(req, res, identity.account);
    },
    'passkey/login/options': async (req, res) => json(res, 200, await passkeys.loginOptions(rpOf(req))),
    'passkey/login': async (req, res, body) =>
      signIn(req, res, await passkeys.login(rpOf(req), answerIn<AuthenticationResponseJSON>(body))),
    'passkey/device-code': async (req, res) => {
      const identity = await member(req);
      const { code, expiresAt } = await passkeys.deviceCode(identity.account);
      const link = `${rpOf(req).origins[0]}/#/account/${code}`;
      json(res, 200, { code, expiresAt, link, qr: await QRCode.toString(link, { type: 'svg', margin: 1 }) });
    },
    'passkey/device/options': async (req, res, body) => {
      await limited(req, 'codes');
      json(res, 200, await passkeys.deviceOptions(rpOf(req), field(body, 'code')));
    },
    'passkey/device': async (req, res, body) =>
      signIn(req, res, await passkeys.device(rpOf(req), answerIn<RegistrationResponseJSON>(body))),
    signout: async (req, res) => {
      const token = sessionTokenOf(req);
      if (token) await accounts.endSession(token);
      setSessionCookie(res, null, guards.secure(req));
      json(res, 200, { account: null });
    },
    'signout/everywhere': async (req, res) => {
      const identity = await who(req);
      await members.endAllSessions(identity.account);
      setSessionCookie(res, null, guards.secure(req));
      json(res, 200, { account: null });
    },
    'account/rename': async (req, res, body) => {
      const identity = await member(req);
      await limited(req, 'renames');
      const name = await members.rename(identity.account, field(body, 'name'));
      json(res, 200, { account: { id: identity.account, name, guest: false } });
    },
  };

  return async (resource: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api\//, '').replace(/\/$/, '');
    const action = post[path];
    const isAccount = path === 'account' || path === 'account/export';
    if (!action && !isAccount) return false;
    try {
      if (path === 'account/export') {
        if (req.method !== 'GET') throw new Refused(405, 'method', 'GET /api/account/export');
        const identity = await member(req);
        res.setHeader('content-disposition', 'attachment; filename="hanafuda-games.json"');
        json(res, 200, {
          account: identity.account,
          name: identity.name,
          games: await members.exported(identity.account),
          ratings: await members.exportedRatings(identity.account),
        });
        return true;
      }
      const method = isAccount ? 'DELETE' : 'POST';
      if (req.method !== method) throw new Refused(405, 'method', `${method} /api/${path}`);
      if (!guards.originAllowed(req))
        throw new Refused(403, 'origin', 'this origin may not act here: see HANAFUDA_ALLOWED_ORIGINS');
      if (isAccount) {
        const identity = await member(req);
        await members.delete(identity.account);
        setSessionCookie(res, null, guards.secure(req));
        json(res, 200, { account: null });
        return true;
      }
      await action!(req, res, await jsonBody(req, MAX_BODY));
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      json(res, e.status, { error: e.message, code: e.code });
    }
    return true;
  };
}
