/**
 * The accounts as the server runs them: the HTTP API (guests, passkeys, the member's own
 * actions), who a WebSocket is (its session cookie), and the watch that closes a socket
 * whose session ends. server.ts asks this module; nothing of accounts is decided there.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessage } from '@hanafuda/protocol';
import type { WebSocket } from 'ws';
import type { AccountsApi } from '../http/http.js';
import type { Log } from '../ops/log.js';
import type { Sql } from '../store/sql.js';
import { Accounts, hashSessionToken } from './accounts.js';
import { sessionTokenOf } from './cookie.js';
import type { Identity } from './identity.js';
import { memberRoutes } from './member-routes.js';
import { Members } from './members.js';
import { Passkeys } from './passkeys.js';
import { type AccountGuards, accountRoutes } from './routes.js';
import { SocketWatch } from './socket-watch.js';
import { Ratings } from '../ratings/ratings.js';
import { ratingRoutes } from '../ratings/routes.js';

type Json = (res: ServerResponse, status: number, body: unknown) => void;
type Body = (req: IncomingMessage, max: number) => Promise<unknown>;

export interface RunningAccounts {
  readonly api: AccountsApi;
  /** Who the request's cookie is (null: nobody, or the lookup failed and was logged). */
  identify(req: IncomingMessage): Promise<Identity | null>;
  /** Closes `socket` (telling it why) once its session ends; answers what stops watching it. */
  watch(socket: WebSocket, req: IncomingMessage, identity: Identity | null): () => void;
  stop(): void;
}

export function startAccounts(
  sql: Sql,
  guards: AccountGuards,
  log: Log,
  http: { json: Json; jsonBody: Body },
  sessionCheckMs?: number,
): RunningAccounts {
  const accounts = new Accounts(sql);
  const members = new Members(sql, Date.now);
  const sessions = new SocketWatch(sql, log, sessionCheckMs);
  const guestRoutes = accountRoutes(accounts, guards, http.json);
  const passkeyRoutes = memberRoutes(
    { accounts, members, passkeys: new Passkeys(sql, members) },
    guards,
    http.json,
    http.jsonBody,
  );
  const ratings = ratingRoutes(new Ratings(sql), http.json);
  return {
    api: async (resource, req, res) =>
      (await guestRoutes(resource, req, res)) ||
      (await ratings(resource, req, res)) ||
      passkeyRoutes(resource, req, res),
    identify: (req) =>
      accounts.identify(sessionTokenOf(req)).catch((e: Error) => {
        log.warn(
          { err: e },
          'websocket: the session could not be looked up; the socket goes on without an identity',
        );
        return null;
      }),
    watch(socket, req, identity) {
      const token = sessionTokenOf(req);
      if (!identity || !token) return () => undefined;
      return sessions.add(identity.account, hashSessionToken(token), (why) => {
        socket.send(
          JSON.stringify(
            why === 'banned'
              ? errorMessage('banned', 'this account is banned')
              : errorMessage(
                  'session-ended',
                  'this browser was signed out (or its account deleted): reload the page',
                ),
          ),
        );
        socket.close(1008, why);
      });
    },
    stop: () => sessions.stop(),
  };
}
