/**
 * Phones that lock and lose their network at an online table (e2e/away-scenario.ts), with a
 * 5 s turn timer on the real server: each is shown away within 15 s, each stalled turn is
 * played within the timer + 2 s, the laptop's game goes on to the end, and each phone, woken
 * or back online, has its seat, hand and log. `npm run measure:away -w @hanafuda/web`
 * measures the same with the real 60 s timer.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createRoomFromPage, runAwayScenario } from './e2e/away-scenario.js';
import { RawPage } from './e2e/raw-page.js';
import { describeInChromium, OUTPUT_DIR } from './e2e/browser.js';
import { playingAs, useOnlineHarness } from './e2e/game-server.js';
import { SilentProxy } from './e2e/silent-proxy.js';

const TURN_SECONDS = 5;
const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };

/** Screenshots of what the page shows now, on the phone and the laptop, in English and Japanese; it is left as it was (a phone, English). */
async function shots(page: Page, name: string): Promise<void> {
  for (const [size, lang] of [
    [PHONE, 'en'],
    [PHONE, 'ja'],
    [LAPTOP, 'ja'],
    [LAPTOP, 'en'],
  ] as const) {
    await page.setViewportSize(size);
    if ((await page.locator('html').getAttribute('lang')) !== lang)
      await page.locator('button.btn.lang').click();
    await page.locator(`html[lang=${lang}]`).waitFor();
    await page.screenshot({
      path: join(OUTPUT_DIR, `${name}${lang === 'ja' ? '-ja' : ''}-${size.width}x${size.height}.png`),
    });
  }
  await page.setViewportSize(PHONE);
}

/** A phone's guest takes the open seat of a room against an easy bot, and waits for its first turn. */
async function seatPhone(page: Page, base: string, setup: object): Promise<URLSearchParams> {
  await page.goto(`${base}?nosw`);
  const link = await createRoomFromPage(page, {
    players: 2,
    seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
    ...setup,
  });
  await page.goto(`${base}?${link}&nosw`);
  await playingAs(page);
  await page.locator('.join-form button[type=submit]').tap();
  await page.locator('.hand button.card:not([disabled])').first().waitFor();
  return new URLSearchParams(link);
}

/** Taps a card of the hand (and the field card it takes, when it is asked for); answers the hand's size before. */
async function tapACard(page: Page): Promise<number> {
  const before = await page.locator('.hand button.card').count();
  await page.locator('.hand button.card:not([disabled])').first().tap();
  const target = page.locator('.field button.card.is-target').first();
  await page
    .locator('.field button.card.is-target, .move-note')
    .first()
    .waitFor({ timeout: 1000 })
    .catch(() => undefined);
  if (await target.isVisible()) await target.tap();
  return before;
}

/** Plays the phone's turns by taps until its hand holds `left` cards, or `done` shows. */
async function tapDownTo(page: Page, left: number, done = '.dialog.summary'): Promise<void> {
  while (
    (await page.locator('.hand button.card').count()) > left &&
    !(await page.locator(done).first().isVisible())
  ) {
    await page.locator(`.hand button.card:not([disabled]), ${done}`).first().waitFor();
    if (await page.locator(done).first().isVisible()) return;
    const before = await tapACard(page);
    await page.waitForFunction(
      ([n, selector]) =>
        document.querySelectorAll('.hand button.card').length < Number(n) ||
        document.querySelector(selector) !== null,
      [before, done] as const,
    );
  }
}

describeInChromium(
  'online away e2e',
  'phones that freeze and go offline at an online table, in Chromium',
  () => {
    const h = useOnlineHarness('away-e2e');

    it('shows a frozen phone and an offline one away within 15 s, plays their stalled turns within the timer + 2 s, and gives each its seat, hand and log back', async () => {
      const failed: string[] = [];
      const figures = await runAwayScenario({
        browser: h().browser,
        base: h().base,
        turnSeconds: TURN_SECONDS,
        screenshots: true,
        check: (what, ok) => ok || failed.push(what),
        progress: (s) => console.log(`${new Date().toISOString().slice(11, 19)} ${s}`),
      });
      console.log(JSON.stringify(figures));
      expect(failed).toEqual([]);
      expect(figures.frozenAwayMs).toBeLessThanOrEqual(15_000);
      expect(figures.offlineAwayMs).toBeLessThanOrEqual(15_000);
      expect(figures.offlineShownMs).toBeLessThanOrEqual(5_000);
      for (const ms of figures.stalledTurnMs) expect(ms).toBeLessThanOrEqual(TURN_SECONDS * 1000 + 2000);
      // While still away, her later turns are played at once (the table's pace comes back).
      for (const ms of figures.awayTurnMs) expect(ms).toBeLessThan(2000);
    }, 180_000);

    it('warns the player whose turn it is, gently, when 10 s are left (a phone in Japanese, a laptop in English)', async () => {
      for (const { width, height, japanese } of [
        { width: 390, height: 844, japanese: true },
        { width: 360, height: 740, japanese: false },
        { width: 1280, height: 800, japanese: false },
      ]) {
        const context = await h().browser.newContext({
          viewport: { width, height },
          isMobile: width < 600,
          hasTouch: width < 600,
        });
        const page = await context.newPage();
        await page.goto(`${h().base}?nosw`);
        const link = await createRoomFromPage(page, {
          game: 'sakura',
          players: 2,
          options: { rounds: 1 },
          seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
          turnSeconds: 12,
        });
        await page.goto(`${h().base}?${link}&nosw`);
        if (japanese) await page.getByRole('button', { name: /Language/ }).click();
        await playingAs(page);
        await page.locator('.join-form button[type=submit]').click();
        await page.locator('.hand button.card:not([disabled])').first().waitFor();
        // Twelve seconds for the turn: the warning comes once ten or fewer are left, not before.
        expect(await page.locator('.clock-warning').count()).toBe(0);
        const warning = page.locator('.clock-warning[role=alert]');
        await warning.waitFor({ timeout: 5000 });
        expect(await warning.innerText()).toMatch(
          japanese ? /残り(10|[1-9])秒/ : /^(10|[1-9]) s left: then a bot plays this turn for you\.$/,
        );
        await page.screenshot({
          path: join(OUTPUT_DIR, `online-clock-warning${japanese ? '-ja' : ''}-${width}x${height}.png`),
        });
        // It points at the countdown it warns about, never over it, and stays whole on the screen.
        const clock = (await page.locator('.turn-clock').boundingBox())!;
        const box = (await warning.boundingBox())!;
        const overlaps =
          box.x < clock.x + clock.width &&
          clock.x < box.x + box.width &&
          box.y < clock.y + clock.height &&
          clock.y < box.y + box.height;
        expect(overlaps, `warning ${JSON.stringify(box)} over the countdown ${JSON.stringify(clock)}`).toBe(
          false,
        );
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        // Played in time: the warning goes.
        await page.locator('.hand button.card:not([disabled])').first().click();
        const target = page.locator('.field button.card.is-target').first();
        if (await target.isVisible()) await target.click();
        await warning.waitFor({ state: 'detached' });
        await context.close();
      }
    }, 60_000);

    it('shows away within 15 s a frozen page that could not say so (no freeze event, as on iOS): it stopped answering heartbeats', async () => {
      const host = await (await h().browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      const phone = await RawPage.launch({ width: 390, height: 844 }, true);
      try {
        await host.goto(`${h().base}?nosw`);
        const link = await createRoomFromPage(host, {
          game: 'sakura',
          players: 2,
          options: { rounds: 1 },
          seats: [{ kind: 'open' }, { kind: 'open' }],
          turnSeconds: 0,
        });
        await host.goto(`${h().base}?${link}&nosw`);
        await playingAs(host);
        await host.locator('.join-form button[type=submit]').click();
        await host.locator('.seat-row.mine').waitFor();
        await phone.goto(`${h().base}?${link}&nosw`);
        // The phone's page is a guest of its own: the form shows the name it will sit under.
        await phone.waitFor('document.querySelector(".join-form .playing-as")');
        const bea = await phone.evaluate<string>(
          'document.querySelector(".join-form .playing-as").textContent.trim()',
        );
        await phone.click('.join-form button[type=submit]');
        await phone.waitFor('document.querySelector(".board")');
        await host.locator('.board').waitFor();
        // The page never hears of its freezing (a listener ahead of the app's swallows the event), so only its silence tells.
        await phone.evaluate(
          `document.addEventListener('freeze', (e) => e.stopImmediatePropagation(), true)`,
        );
        const frozen = Date.now();
        await phone.freeze();
        await host
          .locator('.room-bar .away-note', { hasText: `${bea} is away` })
          .waitFor({ timeout: 30_000 });
        const awayMs = Date.now() - frozen;
        console.log(`a frozen page that could not say so: away after ${awayMs} ms`);
        // Its heartbeats stop: away within the server's 10 s of silence and one 3 s heartbeat, not at once.
        expect(awayMs).toBeGreaterThan(5_000);
        expect(awayMs).toBeLessThanOrEqual(15_000);
        // Woken, it dials again and is back in its seat.
        await phone.wake();
        await host
          .locator('.room-bar .away-note', { hasText: `${bea} is away` })
          .waitFor({ state: 'detached', timeout: 15_000 });
        await phone.waitFor(
          `document.querySelector(".me .seat-name")?.textContent === ${JSON.stringify(bea)}`,
        );
      } finally {
        await host.context().close();
        await phone.close();
      }
    }, 90_000);

    it('shows a card tapped as the network goes quiet (no close) as not sent yet, and once back says the table went on without it', async () => {
      const proxy = await SilentProxy.start(h().base);
      const phone = await h().person(PHONE.width, PHONE.height, true);
      try {
        await seatPhone(phone, proxy.url(h().base), {
          game: 'sakura',
          options: { rounds: 1 },
          turnSeconds: 4,
        });
        // The network drops every packet from now on, both ways, and closes nothing.
        proxy.silence();
        const forwarded = proxy.forwarded;
        const hand = await tapACard(phone);
        const note = phone.locator('.move-note');
        await note.filter({ hasText: 'Not sent yet' }).waitFor({ timeout: 3000 });
        // The card is still in the hand, the line not yet shown down (it was never closed), and the proxy holds the move.
        expect(await phone.locator('.hand button.card').count()).toBe(hand);
        expect(await phone.locator('.connection-retrying').count()).toBe(0);
        expect(proxy.open).toBeGreaterThan(0);
        expect(proxy.held).toBeGreaterThan(0);
        await shots(phone, 'online-move-pending');
        // Quiet: offline, then given up and dialled again (that dial is silent too): the turn timer has played for her by then.
        await phone.locator('.connection-offline').waitFor();
        await phone.locator('.connection-retrying').waitFor({ timeout: 15_000 });
        // All that time the sockets stayed open and not a byte went through (the server's heartbeats and her move were held).
        expect(proxy.open).toBeGreaterThan(0);
        expect(proxy.forwarded).toBe(forwarded);
        // The network gives its connections up; the next dial goes through.
        proxy.cut();
        await note.filter({ hasText: 'Your move was not played' }).waitFor({ timeout: 15_000 });
        expect(
          await phone.locator('.room-warning.connection-offline, .room-warning.connection-retrying').count(),
        ).toBe(0);
        // Her card left the hand all the same: the turn timer played one for her.
        expect(await phone.locator('.hand button.card').count()).toBeLessThan(hand);
        await shots(phone, 'online-move-not-played');
      } finally {
        await phone.context().close();
        await proxy.close();
      }
    }, 60_000);

    it("shows a page that was away over a round's end the same breakdown rows as its points (the round's events, from the welcome)", async () => {
      const proxy = await SilentProxy.start(h().base);
      const phone = await h().person(PHONE.width, PHONE.height, true);
      try {
        await seatPhone(phone, proxy.url(h().base), {
          game: 'sakura',
          options: { rounds: 2 },
          turnSeconds: 3,
        });
        await tapDownTo(phone, 1);
        // Away for the round's last turns: the turn timer plays her last card, and the round ends without her page.
        await phone.locator('.hand button.card:not([disabled])').first().waitFor();
        proxy.silence();
        await phone.locator('.connection-retrying').waitFor({ timeout: 15_000 });
        proxy.cut();
        await phone
          .locator('.room-warning.connection-retrying')
          .waitFor({ state: 'detached', timeout: 15_000 });
        const summary = phone.locator('.dialog.summary');
        await phone.locator('.dialog.summary, .last-round').first().waitFor();
        if (!(await summary.isVisible())) await phone.locator('.last-round').tap();
        await summary.waitFor();
        // Each side's card points are the sum of its rows (value × cards), and a side with points has its rows.
        const sides = await summary.locator('.sum-side').evaluateAll((els) =>
          els.map((side) => {
            const heading = side.querySelector('h4')?.textContent ?? '';
            const rows = [...side.querySelectorAll('.value-rows tr')].map((tr) => {
              const value = Number(/\d+/.exec(tr.querySelector('th')?.textContent ?? '')?.[0]);
              return value * tr.querySelectorAll('td .card').length;
            });
            return { points: Number(/\d+/.exec(heading)?.[0] ?? NaN), rows: rows.reduce((a, b) => a + b, 0) };
          }),
        );
        expect(sides).toHaveLength(2);
        expect(sides.reduce((n, s) => n + s.points, 0)).toBeGreaterThan(0);
        for (const side of sides) expect(side.rows).toBe(side.points);
        await phone.screenshot({ path: join(OUTPUT_DIR, 'online-summary-after-reconnect-360x740.png') });
      } finally {
        await phone.context().close();
        await proxy.close();
      }
    }, 60_000);

    it("shows the table, not last round's breakdown, once the next round's turn clock runs for the person; the breakdown is one tap away", async () => {
      const phone = await h().person(PHONE.width, PHONE.height, true);
      try {
        await seatPhone(phone, h().base, { game: 'sakura', options: { rounds: 2 }, turnSeconds: 120 });
        await tapDownTo(phone, 0, '.dialog.summary, .last-round');
        // Round 2 waits for her: her clock runs, and she sees the table with her hand, not round 1's breakdown.
        await phone.locator('.last-round').waitFor();
        await phone.locator('.turn-clock', { hasText: 'Your turn' }).waitFor();
        await phone.locator('.hand button.card:not([disabled])').first().waitFor();
        expect(await phone.locator('.dialog.summary').count()).toBe(0);
        await shots(phone, 'online-last-round-button');
        await phone.locator('.last-round').tap();
        await phone.locator('.dialog.summary #sum-title', { hasText: 'Round 1' }).waitFor();
        await phone.screenshot({ path: join(OUTPUT_DIR, 'online-last-round-open-360x740.png') });
        await phone.locator('.dialog.summary .btn.primary').tap();
        await phone.locator('.dialog.summary').waitFor({ state: 'detached' });
        await phone.locator('.hand button.card:not([disabled])').first().waitFor();
      } finally {
        await phone.context().close();
      }
    }, 90_000);

    it('shows a phone woken after the game went on what is current, not the breakdown of the round it slept through', async () => {
      const phone = await h().person(PHONE.width, PHONE.height, true);
      try {
        const link = await seatPhone(phone, h().base, {
          game: 'sakura',
          options: { rounds: 2 },
          turnSeconds: 3,
        });
        await tapDownTo(phone, 1);
        await phone.locator('.hand button.card:not([disabled])').first().waitFor();
        // Locked: the page freezes; the turn timer plays its last card, then it is away and its stand-in plays the rest.
        const cdp = await phone.context().newCDPSession(phone);
        await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
        const room = `${h().base}api/rooms/${link.get('room')}?key=${link.get('key')}`;
        await expect
          .poll(async () => ((await (await fetch(room)).json()) as { status: string }).status, {
            timeout: 40_000,
            interval: 500,
          })
          .toBe('over');
        await cdp.send('Page.setWebLifecycleState', { state: 'active' });
        // Woken: the game's last round and its end, not round 1's breakdown (the breakdown of the round just ended may come first).
        await phone
          .locator('.dialog.game-over, .dialog.summary #sum-title:has-text("Round 2")')
          .first()
          .waitFor({ timeout: 15_000 });
        expect(await phone.locator('#sum-title', { hasText: 'Round 1' }).count()).toBe(0);
        await phone.screenshot({ path: join(OUTPUT_DIR, 'online-woken-360x740.png') });
      } finally {
        await phone.context().close();
      }
    }, 90_000);
  },
);
