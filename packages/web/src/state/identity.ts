/**
 * Who this browser is to the game server: a guest (or, later, an account) behind the
 * `hf_session` cookie. The lobby needs one, and a room seats it under its name. The page asks
 * `GET /api/me`; with no identity yet it makes a guest (`POST /api/guest`), which sets the cookie.
 * A server without these (the static `serve.js`, for play against bots) leaves it null.
 */
import { useEffect, useState } from 'preact/hooks';

export interface Account {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The account in an `/api/me` (or `/api/guest`) answer, or null when it names none. */
function accountOf(body: unknown): Account | null {
  const account = (body as { account?: unknown } | null)?.account as Partial<Account> | null | undefined;
  return account && typeof account.id === 'string' && typeof account.name === 'string'
    ? { id: account.id, name: account.name, guest: account.guest !== false }
    : null;
}

async function ask(fetcher: Fetch, path: string, method: 'GET' | 'POST'): Promise<Account | null> {
  const res = await fetcher(path, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return accountOf(await res.json());
}

/**
 * This browser's identity, made a guest's if it has none; null where the server offers none.
 * Asked under a lock every tab of the site shares (where the browser has Web Locks): two tabs
 * opened at once on a first visit would otherwise each make a guest, and the one whose cookie
 * lost would seek as someone its later sockets are not.
 */
export async function ensureIdentity(
  fetcher: Fetch = (input, init) => fetch(input, init),
): Promise<Account | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const work = async () => {
    try {
      const me = await ask(fetcher, 'api/me', 'GET');
      if (me) return me;
      // The guest answer may or may not carry the account: /api/me says for certain once the cookie is set.
      return (await ask(fetcher, 'api/guest', 'POST')) ?? (await ask(fetcher, 'api/me', 'GET'));
    } catch {
      return null;
    }
  };
  return locks ? locks.request('hanafuda-identity', work) : work();
}

let pending: Promise<Account | null> | null = null;
const listeners = new Set<(account: Account | null) => void>();

/** Asked once per page load, whoever asks: two guests made at once would be two people. */
export function identity(): Promise<Account | null> {
  pending ??= ensureIdentity();
  return pending;
}

/**
 * Who this browser is now, asked of the server again (another tab may have signed in or out
 * since), never making a guest: it asks once the page's own identity is settled. Asked before,
 * it would make a second guest beside the one `identity()` is making, and the cookie would end
 * up naming one while the lobby's socket had opened as the other (the room then refuses the seat
 * the lobby kept for it). Null where the server offers none.
 */
export async function freshIdentity(
  fetcher: Fetch = (input, init) => fetch(input, init),
): Promise<Account | null> {
  await identity();
  return ask(fetcher, 'api/me', 'GET').catch(() => null);
}

/** This browser is someone else now (signed up, in or out on the account page): every part of the page that shows who it is follows. */
export function identityChanged(account: Account | null): void {
  pending = Promise.resolve(account);
  for (const listener of listeners) listener(account);
}

/** Calls `listener` with each change of identity from now on; answers how to stop. */
export function onIdentity(listener: (account: Account | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's identity once the server has answered (null until then, or without one), following changes. */
export function useIdentity(): Account | null {
  const [account, setAccount] = useState<Account | null>(null);
  useEffect(() => {
    let live = true;
    void identity().then((a) => live && setAccount(a));
    const stop = onIdentity(setAccount);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return account;
}
