/** People as the server knows them, over its real HTTP API: a guest (`POST /api/guest`), and a member who signed up with a passkey. */
import { expect } from 'vitest';
import type { RunningServer } from '../../src/index.js';
import { SoftAuthenticator, type CreationOptions } from './authenticator.js';
import { WebClient } from './web-client.js';

/** A browser that has become a guest (its cookie names the guest). */
export async function guest(server: RunningServer): Promise<WebClient> {
  const browser = new WebClient(server);
  expect((await browser.send('/api/guest')).status).toBe(201);
  return browser;
}

/** A guest that signs up as `name` with a new passkey on `device`: a member, its browser signed in. */
export async function signUp(
  server: RunningServer,
  name: string,
  device = new SoftAuthenticator(),
): Promise<{ browser: WebClient; device: SoftAuthenticator }> {
  const browser = await guest(server);
  const options = await browser.send('/api/passkey/register/options', { name });
  expect(options.status).toBe(200);
  const done = await browser.send('/api/passkey/register', {
    response: device.create(options.body as unknown as CreationOptions, browser.origin),
  });
  expect(done.status).toBe(200);
  return { browser, device };
}
