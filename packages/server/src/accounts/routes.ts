/**
 * The accounts' HTTP API: `GET /api/me` (who this browser is), `POST /api/guest` (a guest
 * identity for a browser that has none). A state-changing request must come from one of the
 * server's allowed origins (a browser says which page sent it); with the SameSite cookie that
 * keeps other sites from acting in a player's name.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OriginCheck } from '../socket/origin.js';
import type { AccountAction, Refusal } from '../limits/limits.js';
import type { Accounts } from './accounts.js';
import { sessionTokenOf, setSessionCookie } from './cookie.js';
import type { Identity } from './identity.js';

export interface AccountGuards {
  /** The request came over HTTPS (through a trusted proxy): the cookie is then Secure. */
  readonly secure: (req: IncomingMessage) => boolean;
  readonly originAllowed: OriginCheck;
  /** The operator's allowed origins (a passkey may be made from their pages too). */
  readonly allowedOrigins: readonly string[];
  /** Takes one of the request's address's account actions (limits.ts), or says why not. */
  readonly limit: (req: IncomingMessage, kind: AccountAction) => Promise<Refusal | null>;
}

type Json = (res: ServerResponse, status: number, body: unknown) => void;

const accountOf = (identity: Identity | null) =>
  identity ? { id: identity.account, name: identity.name, guest: identity.guest } : null;

/** Answers the request if its path is the accounts'; false otherwise. */
export function accountRoutes(accounts: Accounts, guards: AccountGuards, json: Json) {
  return async (resource: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (resource === 'me') {
      if (req.method !== 'GET') return (json(res, 405, { error: 'GET /api/me' }), true);
      json(res, 200, { account: accountOf(await accounts.identify(sessionTokenOf(req))) });
      return true;
    }
    if (resource === 'guest') {
      if (req.method !== 'POST') return (json(res, 405, { error: 'POST /api/guest' }), true);
      if (!guards.originAllowed(req))
        return (
          json(res, 403, { error: 'this origin may not act here: see HANAFUDA_ALLOWED_ORIGINS' }),
          true
        );
      // A browser that already is someone stays who it is.
      const current = await accounts.identify(sessionTokenOf(req));
      if (current) return (json(res, 200, { account: accountOf(current) }), true);
      const refusal = await guards.limit(req, 'guests');
      if (refusal) return (json(res, 429, { error: refusal.message, code: refusal.code }), true);
      const { identity, token } = await accounts.newGuest();
      setSessionCookie(res, token, guards.secure(req));
      json(res, 201, { account: accountOf(identity) });
      return true;
    }
    return false;
  };
}
