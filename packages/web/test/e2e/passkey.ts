/**
 * A person's device with a passkey authenticator: the DevTools protocol's virtual authenticator
 * (a platform authenticator holding discoverable credentials, the user verified and present
 * without a prompt) in the page's context, and a sign-up through the account page as a person does.
 */
import type { CDPSession, Page } from 'playwright-core';

export interface Device {
  readonly page: Page;
  readonly cdp: CDPSession;
  readonly authenticatorId: string;
}

/** Gives `page`'s context an authenticator of its own. */
export async function withAuthenticator(page: Page): Promise<Device> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

/** Signs the page's guest up as `name` with a passkey, on the account page of the app at `base` (a localhost address: a passkey's RP ID is a domain). */
export async function signUp(page: Page, base: string, name: string): Promise<void> {
  await page.goto(`${base}?nosw#/account`);
  await page.locator('.account-who', { hasText: 'You play as a guest' }).waitFor();
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await page.locator('.account-who', { hasText: name }).filter({ hasText: 'Signed in as' }).waitFor();
}
