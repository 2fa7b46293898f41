/**
 * Online play end to end: the real game server (a child process, as `npm start` runs it) on
 * loopback with a temporary SQLite file, serving the built app; Chromium pages with storage
 * of their own, as two people and a spectator on their own devices. Skipped, with a notice,
 * where /usr/bin/chromium is missing.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { OUTPUT_DIR, logLines, playOnce, settle, describeInChromium } from './e2e/browser.js';
import { playingAs, useOnlineHarness } from './e2e/game-server.js';

/** The cards a page shows by id, in one part of the table. */
const cardsIn = (page: Page, selector: string) =>
  page.locator(`${selector} [data-card]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));

describeInChromium('online e2e', 'online play in Chromium', () => {
  const h = useOnlineHarness('online-e2e');
  // A context of its own: its own localStorage, so its own seat token, as on another device.
  const person = (width = 1280, height = 800) => h().person(width, height);

  it('two people in two windows of one browser join a Sakura room by its invite link and play a round by clicking; a spectator sees only public cards; a reload resumes the seat', async () => {
    // Alice creates a 2-player, 1-round Sakura room, seat 2 open for a person.
    const alice = await person();
    await alice.goto(`${h().base}?nosw#/online`);
    await alice.locator('input[name=game][value=sakura]').check({ force: true });
    await alice.locator('#opt-rounds').fill('1');
    await alice.locator('#opt-rounds').dispatchEvent('change');
    // Alice is the guest her browser was made on load: the form shows that name rather than asking one.
    const aliceName = await playingAs(alice, '.new-game');
    await alice.screenshot({ path: join(OUTPUT_DIR, 'online-create-1280x800.png'), fullPage: true });
    await alice.getByRole('button', { name: 'Create the room' }).click();
    const invite = await alice.locator('#invite-link').inputValue();
    expect(invite).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?room=[A-Za-z0-9_-]+&key=[A-Za-z0-9_-]{22}$/);
    const watch = await alice.locator('#watch-link').inputValue();
    expect(watch).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?room=[A-Za-z0-9_-]+&watch=[A-Za-z0-9_-]{22}$/);
    await alice.locator('.seat-row.mine', { hasText: aliceName }).waitFor();

    // Bob opens the invite link in another window of the same browser (two people at one machine): the lobby, with a seat to take.
    const bob = await alice.context().newPage();
    bob.on('pageerror', (e) => console.error('page error:', e.message));
    await bob.goto(invite);
    await bob.locator('.join-form').waitFor();
    // Carol, on a phone of her own, only watches, by the watch link Alice shared: no seat for her.
    const carol = await person(390, 844);
    await carol.goto(watch);
    await carol.locator('.lobby-note', { hasText: 'watch link' }).waitFor();
    expect(await carol.locator('.join-form').count()).toBe(0);
    // Carol reads Japanese.
    await carol.getByRole('button', { name: /Language/ }).click();
    await carol.locator('.lobby-note', { hasText: '観戦用リンク' }).waitFor();
    await alice.locator('.lobby-note', { hasText: '2 watching' }).waitFor();
    // Bob's window is the same browser, so the same guest as Alice's.
    const bobName = await playingAs(bob);
    expect(bobName).toBe(aliceName);
    await alice.screenshot({ path: join(OUTPUT_DIR, 'online-lobby-host-1280x800.png') });
    await bob.screenshot({ path: join(OUTPUT_DIR, 'online-lobby-guest-1280x800.png') });
    await carol.screenshot({ path: join(OUTPUT_DIR, 'online-lobby-ja-390x844.png') });
    await bob.getByRole('button', { name: 'Join' }).click();

    // The room is full: the game starts for everyone.
    for (const page of [alice, bob, carol]) await page.locator('.board').waitFor();
    await alice.locator('.me .seat-name', { hasText: aliceName }).waitFor();
    await bob.locator('.me .seat-name', { hasText: bobName }).waitFor();
    expect(await carol.locator('.me, .hand').count()).toBe(0);
    expect(await carol.locator('.seat-panel').count()).toBe(2);

    let moves = 0;
    let reloaded = false;
    for (let i = 0; i < 800; i++) {
      const ended =
        (await alice.locator('.dialog.summary').isVisible()) &&
        (await bob.locator('.dialog.summary').isVisible());
      if (ended) break;
      // Both windows share one browser: the one played in comes to the front (a window behind gets no animation frames).
      await alice.bringToFront();
      const a = await playOnce(alice);
      await bob.bringToFront();
      const b = await playOnce(bob);
      if (b) moves++;
      if (moves === 3 && !reloaded) {
        // Bob has just played; Alice is to move, so Bob's hand stays as it is while he reloads.
        reloaded = true;
        await bob.locator('.hand button.card[disabled]').first().waitFor();
        const hand = await cardsIn(bob, '.hand');
        // The spectator has been told of that move and its cards have landed (the same field as Bob's).
        await settle(bob);
        const field = (await cardsIn(bob, '.field')).sort();
        await expect
          .poll(async () => (await cardsIn(carol, '.field')).sort(), { timeout: 10_000 })
          .toEqual(field);
        await settle(carol);
        await carol.screenshot({ path: join(OUTPUT_DIR, 'online-spectator-ja-390x844.png') });
        // The spectator is shown the field, the captures and the backs of the hands, never a hand's faces.
        const shown = await cardsIn(carol, 'body');
        const publicCards = new Set([
          ...(await cardsIn(carol, '.field')),
          ...(await cardsIn(carol, '.captures')),
          ...(await cardsIn(carol, '.pending')),
        ]);
        expect(shown.filter((c) => !publicCards.has(c))).toEqual([]);
        const handsOfBoth = [...hand, ...(await cardsIn(alice, '.hand'))];
        expect(shown.filter((c) => handsOfBoth.includes(c))).toEqual([]);
        await bob.reload();
        await bob.locator('.me .seat-name', { hasText: bobName }).waitFor();
        await bob.locator('.hand button.card').first().waitFor();
        expect((await cardsIn(bob, '.hand')).sort()).toEqual(hand.sort());
        await alice.screenshot({ path: join(OUTPUT_DIR, 'online-table-alice-1280x800.png') });
        await bob.screenshot({ path: join(OUTPUT_DIR, 'online-table-bob-1280x800.png') });
      }
      if (!a && !b) await alice.waitForTimeout(40);
    }
    expect(reloaded).toBe(true);
    expect(h().blocked).toEqual([]);
    for (const page of [alice, bob])
      await page.locator('.dialog.summary', { hasText: 'Card points' }).waitFor();
    await carol.locator('.dialog.summary').waitFor();
    await alice.screenshot({ path: join(OUTPUT_DIR, 'online-round-end-alice-1280x800.png') });
    await bob.screenshot({ path: join(OUTPUT_DIR, 'online-round-end-bob-1280x800.png') });

    // The game is over: the seeds are revealed, and Alice finds it in her device's history with its replay.
    await alice.getByRole('button', { name: 'Continue' }).click();
    await alice.locator('.dialog.game-over').waitFor();
    await alice.locator('.dialog.game-over .fairness summary').click();
    await alice.locator('.fairness-body', { hasText: 'hanafuda verify' }).waitFor();
    await expect.poll(() => alice.locator('.fairness-body em').count(), { timeout: 10_000 }).toBe(0);
    await alice.screenshot({ path: join(OUTPUT_DIR, 'online-fairness-1280x800.png') });
    await alice.goto(`${h().base}?nosw#/history`);
    await alice.locator('.history-table tbody tr', { hasText: bobName }).waitFor();
    // Carol's phone held no seat: its history has none of Alice's games, whatever names she knows.
    await carol.goto(`${h().base}?nosw#/history`);
    await carol
      .locator('.history p', { hasText: 'この端末で終わったオンライン対戦はまだありません' })
      .waitFor();
    expect(await carol.locator('.history-table').count()).toBe(0);
    await carol.screenshot({ path: join(OUTPUT_DIR, 'online-history-other-device-ja-390x844.png') });
    await alice.screenshot({ path: join(OUTPUT_DIR, 'online-history-1280x800.png') });
    await alice.locator('.history-table').getByRole('button', { name: 'Replay' }).click();
    // The replay opens, or the page says why not: that message is the failure.
    await alice.locator('.replay .board, p.error-text').first().waitFor();
    expect(await alice.locator('p.error-text').allTextContents()).toEqual([]);
    await alice.locator('.replay .board').waitFor();
  }, 150_000);

  it('a guest who closes their page mid-game and opens the invite link again is back in the seat with their hand and the whole log, and plays on', async () => {
    const host = await person();
    await host.goto(`${h().base}?nosw#/online`);
    await host.locator('input[name=game][value=sakura]').check({ force: true });
    await host.locator('#opt-rounds').fill('1');
    await host.locator('#opt-rounds').dispatchEvent('change');
    await playingAs(host, '.new-game');
    await host.getByRole('button', { name: 'Create the room' }).click();
    const invite = await host.locator('#invite-link').inputValue();
    let guest = await person();
    await guest.goto(invite);
    const kai = await playingAs(guest);
    await guest.getByRole('button', { name: 'Join' }).click();
    for (const page of [host, guest]) await page.locator('.board').waitFor();

    // A few moves each, until the guest has just played and it is the host's turn.
    let moves = 0;
    for (let i = 0; i < 400 && moves < 3; i++) {
      await host.bringToFront();
      await playOnce(host);
      await guest.bringToFront();
      if (await playOnce(guest)) moves++;
    }
    await guest.locator('.hand button.card[disabled]').first().waitFor();
    await host.locator('.hand button.card:not([disabled])').first().waitFor();
    const hand = await cardsIn(guest, '.hand');
    const log = await logLines(guest);
    expect(log.length).toBeGreaterThan(3);

    // The guest closes the tab: the host sees them away, with the button to give the seat to a bot.
    const context = guest.context();
    await guest.close();
    await host
      .locator('.room-bar .room-warning', { hasText: `${kai} is away` })
      .getByRole('button', { name: 'Give the seat to a bot' })
      .waitFor();
    await host.evaluate(() => scrollTo(0, 0));
    await host.screenshot({ path: join(OUTPUT_DIR, 'online-rejoin-host-sees-away-1280x800.png') });

    // They open the invite link again in a new tab: their seat, their hand, the whole log, once.
    guest = await context.newPage();
    guest.on('pageerror', (e) => console.error('page error:', e.message));
    await guest.goto(invite);
    await guest.locator('.me .seat-name', { hasText: kai }).waitFor();
    await guest.locator('.hand button.card').first().waitFor();
    expect((await cardsIn(guest, '.hand')).sort()).toEqual(hand.sort());
    await expect.poll(() => logLines(guest), { timeout: 10_000 }).toEqual(log);
    await host
      .locator('.room-bar .room-warning', { hasText: `${kai} is away` })
      .waitFor({ state: 'detached' });
    await guest.screenshot({ path: join(OUTPUT_DIR, 'online-rejoin-guest-back-1280x800.png') });

    // And the game goes on: the host moves, then the guest plays a card from their hand.
    await host.bringToFront();
    for (let i = 0; i < 50 && (await host.locator('.hand button.card:not([disabled])').count()) > 0; i++)
      await playOnce(host);
    await guest.bringToFront();
    await guest.locator('.hand button.card:not([disabled])').first().waitFor();
    for (let i = 0; i < 50 && (await guest.locator('.hand button.card:not([disabled])').count()) > 0; i++)
      await playOnce(guest);
    await expect
      .poll(async () => (await cardsIn(guest, '.hand')).length, { timeout: 10_000 })
      .toBeLessThan(hand.length);
    await guest.screenshot({ path: join(OUTPUT_DIR, 'online-rejoin-guest-plays-on-1280x800.png') });

    // The guest leaves again and the host gives the seat to a bot, which plays for them, marked in the log.
    await guest.close();
    await host.bringToFront();
    await host.locator('.room-bar').getByRole('button', { name: 'Give the seat to a bot' }).click();
    for (
      let i = 0;
      i < 200 && (await host.locator('.log li', { hasText: `A bot plays for ${kai} (away).` }).count()) === 0;
      i++
    ) {
      if (!(await playOnce(host))) await host.waitForTimeout(40);
    }
    await host
      .locator('.log li', { hasText: `A bot plays for ${kai} (away).` })
      .first()
      .waitFor();
    await host.evaluate(() => scrollTo(0, 0));
    await host.screenshot({ path: join(OUTPUT_DIR, 'online-rejoin-bot-plays-for-guest-1280x800.png') });
    // The invite link again: the seat comes back from the bot, and the guest sees what it did for them.
    guest = await context.newPage();
    await guest.goto(invite);
    await guest.locator('.me .seat-name', { hasText: kai }).waitFor();
    await guest.locator('.hand button.card').first().waitFor();
    await guest.locator('.log li', { hasText: 'A bot plays for you (away).' }).first().waitFor();
    await guest.screenshot({ path: join(OUTPUT_DIR, 'online-rejoin-guest-takes-seat-back-1280x800.png') });
    // The host moves; then it is the guest, not the bot, who plays.
    const kept = (await cardsIn(guest, '.hand')).length;
    await host.bringToFront();
    for (let i = 0; i < 50 && (await host.locator('.hand button.card:not([disabled])').count()) > 0; i++)
      await playOnce(host);
    await guest.bringToFront();
    await guest.locator('.hand button.card:not([disabled])').first().waitFor();
    expect((await cardsIn(guest, '.hand')).length).toBe(kept);
    for (let i = 0; i < 50 && (await guest.locator('.hand button.card:not([disabled])').count()) > 0; i++)
      await playOnce(guest);
    await expect.poll(async () => (await cardsIn(guest, '.hand')).length, { timeout: 10_000 }).toBe(kept - 1);
  }, 150_000);
});
