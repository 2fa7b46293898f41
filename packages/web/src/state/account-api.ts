/**
 * The accounts' HTTP API as the account page uses it (docs/protocol.md, *Members and
 * passkeys*): each call answers the account it leaves this browser as, or throws an
 * `ApiError` with the server's code and sentence. The passkey ceremonies run in the browser
 * through @simplewebauthn/browser.
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';

import type { Account } from './identity.js';

export type { Account };

export interface DeviceCode {
  readonly code: string;
  readonly expiresAt: number;
  readonly link: string;
  readonly qr: string;
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, body?: unknown, method = 'POST'): Promise<T> {
  const res = await fetch(`api/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as T & { error?: string; code?: string };
  if (!res.ok) throw new ApiError(answer.code ?? String(res.status), answer.error ?? res.statusText);
  return answer;
}

type Answer = { account: Account | null };

/** Who this browser is; a browser that is nobody is given a guest first. */
export async function currentAccount(): Promise<Account> {
  const { account } = await call<Answer>('me', undefined, 'GET');
  return account ?? (await call<{ account: Account }>('guest')).account;
}

export async function signUp(name: string): Promise<Account | null> {
  const optionsJSON = await call<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    'passkey/register/options',
    { name },
  );
  const response = await startRegistration({ optionsJSON });
  return (await call<Answer>('passkey/register', { response })).account;
}

export async function signIn(): Promise<Account | null> {
  const optionsJSON = await call<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    'passkey/login/options',
    {},
  );
  const response = await startAuthentication({ optionsJSON });
  return (await call<Answer>('passkey/login', { response })).account;
}

export const deviceCode = (): Promise<DeviceCode> => call<DeviceCode>('passkey/device-code', {});

export async function addThisDevice(code: string): Promise<Account | null> {
  const optionsJSON = await call<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    'passkey/device/options',
    { code },
  );
  const response = await startRegistration({ optionsJSON });
  return (await call<Answer>('passkey/device', { response })).account;
}

export const signOut = async (): Promise<Account | null> => (await call<Answer>('signout', {})).account;
export const signOutEverywhere = async (): Promise<Account | null> =>
  (await call<Answer>('signout/everywhere', {})).account;
export const rename = async (name: string): Promise<Account | null> =>
  (await call<Answer>('account/rename', { name })).account;
export const deleteAccount = async (): Promise<Account | null> =>
  (await call<Answer>('account', {}, 'DELETE')).account;
