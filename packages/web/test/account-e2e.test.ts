/**
 * Accounts in a real browser: the game server as `npm start` runs it, Chromium with the
 * DevTools protocol's virtual authenticator (a platform authenticator holding discoverable
 * credentials, the user verified and present without a prompt) in each browser context, as a
 * person's own devices. Sign up with a passkey, add a phone by the code, sign in there, sign out
 * everywhere, delete; and the pages' screenshots and fit, phone and laptop, English and Japanese.
 */
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { OUTPUT_DIR, describeInChromium } from './e2e/browser.js';
import { useOnlineHarness } from './e2e/game-server.js';
import { MIN_TAP } from './e2e/fit.js';
import { type Device, withAuthenticator } from './e2e/passkey.js';

describeInChromium('account e2e', 'accounts with passkeys in Chromium', () => {
  const h = useOnlineHarness('account-e2e');
  // A passkey's RP ID must be a domain: the server is reached as localhost, not 127.0.0.1.
  const base = () => h().base.replace('//127.0.0.1:', '//localhost:');

  /** A person's device: its own context (cookies, storage) with its own authenticator. */
  const device = async (width: number, height: number, phone = false): Promise<Device> =>
    withAuthenticator(await h().person(width, height, phone));
  const me = (page: Page) =>
    page.evaluate(
      async () =>
        ((await (await fetch('api/me')).json()) as { account: { name: string; guest: boolean } | null })
          .account,
    );
  const passkeys = async (d: { cdp: CDPSession; authenticatorId: string }) =>
    (await d.cdp.send('WebAuthn.getCredentials', { authenticatorId: d.authenticatorId })).credentials;
  const signedInAs = (page: Page, name: string) =>
    page
      .locator('.account-who', { hasText: name })
      .filter({ hasText: /Signed in as|サインイン中/ })
      .waitFor();

  it('signs up with a passkey, adds a phone by its code, signs in there, signs out everywhere, and deletes the account', async () => {
    const laptop = await device(1280, 800);
    await laptop.page.goto(`${base()}?nosw#/account`);
    await laptop.page.locator('.account-who', { hasText: 'You play as a guest' }).waitFor();
    const guestId = ((await me(laptop.page)) as unknown as { id: string }).id;
    await laptop.page.getByLabel('Your name').fill('Hana Fubuki');
    await laptop.page.getByRole('button', { name: 'Create a passkey' }).click();
    await signedInAs(laptop.page, 'Hana Fubuki');
    expect(await me(laptop.page)).toEqual({ id: guestId, name: 'Hana Fubuki', guest: false });
    // The header says who the page is now, without a reload.
    await laptop.page.locator('.identity', { hasText: 'Hana Fubuki' }).waitFor({ timeout: 5000 });
    const [credential] = await passkeys(laptop);
    expect(credential).toMatchObject({ isResidentCredential: true });

    await laptop.page.getByRole('button', { name: 'Get a code' }).click();
    const code = await laptop.page.getByTestId('device-code').textContent();
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await laptop.page.getByRole('img', { name: /QR code/ }).waitFor();

    // The phone opens the code's link (as its QR says): the code is filled in.
    const phone = await device(360, 740, true);
    await phone.page.goto(`${base()}?nosw#/account/${code}`);
    await expect.poll(() => phone.page.getByLabel('Code').inputValue()).toBe(code);
    await phone.page.getByRole('button', { name: 'Add this device' }).click();
    await signedInAs(phone.page, 'Hana Fubuki');
    expect(await passkeys(phone)).toHaveLength(1);
    // Signed out on the phone alone, then in again with the phone's own passkey.
    await phone.page.getByRole('button', { name: 'Sign out on this device' }).click();
    await phone.page.locator('.account-who', { hasText: 'signed out' }).waitFor();
    expect(await me(phone.page)).toBeNull();
    expect((await me(laptop.page))?.name).toBe('Hana Fubuki');
    await phone.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await signedInAs(phone.page, 'Hana Fubuki');

    // Everywhere: both devices are nobody.
    await laptop.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await laptop.page.locator('.account-who', { hasText: 'signed out' }).waitFor();
    expect(await me(laptop.page)).toBeNull();
    expect(await me(phone.page)).toBeNull();

    // Back in on the laptop, then the account deleted (asked twice): its passkey opens nothing after.
    await laptop.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await signedInAs(laptop.page, 'Hana Fubuki');
    await laptop.page.getByRole('button', { name: 'Delete my account…' }).click();
    await laptop.page.getByText('Delete Hana Fubuki for good?').waitFor();
    await laptop.page.getByRole('button', { name: 'Delete for good' }).click();
    await laptop.page.getByRole('status').filter({ hasText: 'The account is deleted.' }).waitFor();
    expect(await me(laptop.page)).toBeNull();
    await laptop.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await laptop.page.getByRole('alert').filter({ hasText: 'belongs to no account' }).waitFor();
    expect(await me(laptop.page)).toBeNull();
    // The QR (an SVG data: image) and the passkey calls are within the server's Content-Security-Policy.
    expect(h().blocked).toEqual([]);
  });

  for (const [width, height, phone] of [
    [360, 740, true],
    [1280, 800, false],
  ] as const) {
    for (const lang of ['en', 'ja'] as const) {
      it(`fits a ${width}×${height} screen in ${lang === 'en' ? 'English' : 'Japanese'}: sign-up and the member's page`, async () => {
        const d = await device(width, height, phone);
        const { page } = d;
        await page.goto(`${base()}?nosw#/account`);
        await page.locator('.account-who strong').waitFor();
        if (lang === 'ja') await page.getByRole('button', { name: /Language/ }).click();
        await page
          .getByRole('heading', { name: lang === 'en' ? 'Your account' : 'あなたのアカウント', exact: true })
          .waitFor();
        await checkFit(page);
        await page.screenshot({
          path: join(OUTPUT_DIR, `account-signup-${lang}-${width}x${height}.png`),
          fullPage: true,
        });
        await page
          .locator('.account-field input')
          .first()
          .fill(lang === 'en' ? `Fit ${width} En` : `はなこ${width}`);
        await page.locator('form.account-block button[type=submit]').first().click();
        await page.getByRole('button', { name: lang === 'en' ? 'Get a code' : 'コードを発行' }).click();
        await page.getByTestId('device-code').waitFor();
        await checkFit(page);
        await page.screenshot({
          path: join(OUTPUT_DIR, `account-member-${lang}-${width}x${height}.png`),
          fullPage: true,
        });
      });
    }
  }
});

/** No sideways scrolling, and every button, link-button and field of the page is at least MIN_TAP high. */
async function checkFit(page: Page): Promise<void> {
  const { scrollWidth, innerWidth, small } = await page.evaluate((min) => {
    const controls = [...document.querySelectorAll<HTMLElement>('.account .btn, .account input')];
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      small: controls
        .filter((c) => c.getBoundingClientRect().height < min)
        .map((c) => c.textContent || c.outerHTML.slice(0, 60)),
    };
  }, MIN_TAP);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  expect(small).toEqual([]);
}
