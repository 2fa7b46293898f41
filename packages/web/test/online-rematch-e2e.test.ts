/**
 * A rematch in a real browser: three people on their own devices (a laptop host, two phones)
 * finish a one-round Sakura game in a room of the real game server, each presses "Play again",
 * and the second game is dealt in the same room, in place, from the same invite link, and
 * played to its end. Then the host closes the tab after a game, and the two still there start
 * the next one without them; and someone watching takes a seat in the next game. Skipped,
 * with a notice, where /usr/bin/chromium is missing.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createRoomFromPage } from './e2e/away-scenario.js';
import { describeInChromium, GAME_OVER, OUTPUT_DIR, playToTheEnd } from './e2e/browser.js';
import { playingAs, useOnlineHarness } from './e2e/game-server.js';

describeInChromium('online rematch e2e', 'a rematch in Chromium', () => {
  // A fresh seed per game, as a real server draws (the other online tests fix it).
  const h = useOnlineHarness('rematch-e2e', { HANAFUDA_FIXED_SEED: '' });
  const person = (width: number, height: number, phone: boolean) => h().person(width, height, phone);

  /**
   * Hana creates a one-round Sakura room for three from the page (the host, on a laptop or a
   * phone of `width`×`height`) and two guests on phones join it by its invite link: answers
   * the three pages at the dealt table, their names, the invite link and the room's id.
   */
  async function threeAtATable(width: number, height: number) {
    const hana = await person(width, height, width < 600);
    await hana.goto(`${h().base}?nosw#/online`);
    await hana.locator('input[name=game][value=sakura]').check({ force: true });
    await hana.getByRole('combobox', { name: /Players/ }).selectOption('3');
    await hana.locator('#opt-rounds').fill('1');
    await hana.locator('#opt-rounds').dispatchEvent('change');
    const hanaName = await playingAs(hana, '.new-game');
    await hana.getByRole('button', { name: 'Create the room' }).click();
    const invite = await hana.locator('#invite-link').inputValue();
    const room = new URL(invite).searchParams.get('room')!;

    const guests: Page[] = [];
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const guest = await person(390, 844, true);
      await guest.goto(`${invite}&nosw`);
      names.push(await playingAs(guest));
      await guest.getByRole('button', { name: 'Join' }).tap();
      // The last seat filled starts the game at once.
      await guest.locator('.seat-row.mine, .board').first().waitFor({ timeout: 60_000 });
      guests.push(guest);
    }
    for (const page of [hana, ...guests]) await page.locator('.board').waitFor({ timeout: 60_000 });
    const [kai, noe] = guests;
    const [kaiName, noeName] = names;
    return { hana, kai, noe, hanaName, kaiName, noeName, invite, room };
  }

  /** Screenshots of `page` as it is, on a phone (360×740) and a laptop (1280×800), named `name`; left at the phone's size. */
  async function phoneAndLaptop(page: Page, name: string): Promise<void> {
    for (const [width, height] of [
      [360, 740],
      [1280, 800],
    ]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(OUTPUT_DIR, `${name}-${width}x${height}.png`) });
    }
    await page.setViewportSize({ width: 360, height: 740 });
  }

  it(
    'three people finish a game, each presses Play again, and the second game is played in the same room from the same link',
    { timeout: 600_000 },
    async () => {
      const { hana, kai, noe, hanaName, kaiName, noeName, invite, room } = await threeAtATable(1280, 800);
      const everyone = [hana, kai, noe];
      // Noe reads Japanese.
      await noe.getByRole('button', { name: /Language/ }).click();

      // The first game, to its end.
      await Promise.all(everyone.map(playToTheEnd));

      // Each asks for another game: the others see who has.
      await kai.getByRole('button', { name: 'Play again' }).click();
      await kai.getByRole('button', { name: 'Waiting for the others…' }).waitFor();
      await hana.locator('.rematch li.ready', { hasText: kaiName }).waitFor();
      await hana.locator('.rematch li.not-yet', { hasText: noeName }).waitFor();
      await hana.getByRole('button', { name: 'Start now (bots for the others)' }).waitFor();
      await hana.screenshot({ path: join(OUTPUT_DIR, 'online-rematch-host-1280x800.png') });
      // On the phone, scrolled to the dialog's foot, who is ready is in view: none of it under the buttons.
      const covered = await kai.evaluate(() => {
        const dialog = document.querySelector('.dialog.game-over')!;
        dialog.scrollTop = dialog.scrollHeight;
        return [...document.querySelectorAll<HTMLElement>('.rematch h3, .rematch li')].filter((el) => {
          const r = el.getBoundingClientRect();
          return [r.top + 2, r.bottom - 2].some(
            (y) => !el.contains(document.elementFromPoint(r.left + 4, y)),
          );
        }).length;
      });
      expect(covered).toBe(0);
      await kai.screenshot({ path: join(OUTPUT_DIR, 'online-rematch-guest-390x844.png') });
      await hana.getByRole('button', { name: 'Play again' }).click();
      await noe
        .locator('.rematch', { hasText: 'もう一局の準備ができた人' })
        .locator('li.ready', { hasText: hanaName })
        .waitFor();
      await noe.screenshot({ path: join(OUTPUT_DIR, 'online-rematch-ja-390x844.png') });
      await noe.getByRole('button', { name: 'もう一度' }).click();

      // The second game is dealt in place, in the same room, to the same seats.
      for (const page of everyone) {
        await page.locator(GAME_OVER).waitFor({ state: 'detached', timeout: 60_000 });
        await page.locator('.hand button.card').first().waitFor({ timeout: 60_000 });
        expect(new URL(page.url()).hash).toBe(`#/room/${room}`);
      }
      await hana.locator('.me .seat-name', { hasText: hanaName }).waitFor();
      await kai.locator('.me .seat-name', { hasText: kaiName }).waitFor();
      await kai.screenshot({ path: join(OUTPUT_DIR, 'online-rematch-second-game-390x844.png') });

      // The invite link still opens the room: Noe reopens it and is back in the second game's seat.
      await noe.goto(`${invite}&nosw`);
      await noe.locator('.me .seat-name', { hasText: noeName }).waitFor({ timeout: 60_000 });
      await noe.locator('.hand button.card').first().waitFor({ timeout: 60_000 });

      await Promise.all(everyone.map(playToTheEnd));
      // After the second game too, Play again asks for another in this room (the confirmations start over).
      await hana.getByRole('button', { name: 'Play again' }).click();
      await kai.locator('.rematch li.ready', { hasText: hanaName }).waitFor();
      expect(await kai.locator('.rematch li.ready').count()).toBe(1);
      await hana.screenshot({ path: join(OUTPUT_DIR, 'online-rematch-second-over-1280x800.png') });
      await kai.screenshot({ path: join(OUTPUT_DIR, 'online-rematch-second-over-390x844.png') });
    },
  );

  it(
    'the host closes the tab after the game: the two still here confirm, either starts the next game, the host shown away and a bot in their seat',
    { timeout: 120_000 },
    async () => {
      const { hana, kai, noe, hanaName, kaiName } = await threeAtATable(390, 844);
      // Noe reads Japanese.
      await noe.getByRole('button', { name: /Language/ }).click();
      await Promise.all([hana, kai, noe].map(playToTheEnd));

      // Hana, the host, closes the tab (the whole browser window): the others press Play again.
      await hana.context().close();
      await kai.getByRole('button', { name: 'Play again' }).tap();
      // Hana is shown away in the list of who is ready.
      await kai.locator('.rematch li.away', { hasText: hanaName }).waitFor({ timeout: 10_000 });
      await noe.locator('.rematch li.ready', { hasText: kaiName }).waitFor({ timeout: 10_000 });
      // Before Noe confirms, Kai may not start without Noe, who is here.
      expect(await kai.getByRole('button', { name: 'Start now (bots for the others)' }).count()).toBe(0);
      await noe.getByRole('button', { name: 'もう一度' }).tap();
      // Everyone still here has confirmed: either of them may start now, without the host.
      const start = kai.getByRole('button', { name: 'Start now (bots for the others)' });
      await start.waitFor({ timeout: 10_000 });
      await noe.getByRole('button', { name: '今すぐ始める（残りはボット）' }).waitFor({ timeout: 10_000 });
      await phoneAndLaptop(kai, 'online-rematch-host-gone');
      await phoneAndLaptop(noe, 'online-rematch-host-gone-ja');
      await start.tap();

      // The second game is dealt to the two, Hana's seat played by a bot (who may come back into it).
      for (const page of [kai, noe]) {
        await page.locator(GAME_OVER).waitFor({ state: 'detached', timeout: 30_000 });
        await page.locator('.hand button.card').first().waitFor({ timeout: 30_000 });
      }
      await kai
        .locator('.seat-panel', { hasText: hanaName })
        .locator('.seat-note', { hasText: 'away' })
        .waitFor({ timeout: 10_000 });
      await phoneAndLaptop(kai, 'online-rematch-host-gone-second-game');
      await noe
        .locator('.seat-panel', { hasText: hanaName })
        .locator('.seat-note', { hasText: '不在' })
        .waitFor({ timeout: 10_000 });
      await phoneAndLaptop(noe, 'online-rematch-host-gone-second-game-ja');
    },
  );

  it(
    'someone watching takes the bot’s seat in the next game from the game-over screen; another watcher, with no seat left, goes on watching',
    { timeout: 120_000 },
    async () => {
      const kai = await person(360, 740, true);
      await kai.goto(`${h().base}?nosw`);
      const link = await createRoomFromPage(kai, {
        game: 'sakura',
        players: 2,
        options: { rounds: 1 },
        seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
        turnSeconds: 0,
      });
      await kai.goto(`${h().base}?${link}&nosw`);
      const kaiName = await playingAs(kai);
      await kai.getByRole('button', { name: 'Join' }).tap();
      await kai.locator('.board').waitFor({ timeout: 30_000 });
      // Two onlookers open the invite link on their own phones: the game has started, so they watch.
      const [pua, mele] = [await person(360, 740, true), await person(360, 740, true)];
      for (const page of [pua, mele]) {
        await page.goto(`${h().base}?${link}&nosw`);
        await page.locator('.room-bar', { hasText: 'You are watching' }).waitFor({ timeout: 30_000 });
      }
      // Mele reads Japanese.
      await mele.getByRole('button', { name: /Language/ }).click();
      // Kai plays to the end; the onlookers read the round's summary and go on to the end of the game.
      await Promise.all([kai, pua, mele].map(playToTheEnd));

      // The bot's seat is free for the next game: each onlooker is offered it, and no game of their own.
      const take = pua.getByRole('button', { name: 'Take a seat in the next game' });
      await take.waitFor({ timeout: 10_000 });
      await mele.getByRole('button', { name: '次の対局で席に着く' }).waitFor({ timeout: 10_000 });
      expect(await pua.getByRole('button', { name: 'Play again' }).count()).toBe(0);
      await phoneAndLaptop(pua, 'online-rematch-spectator');
      await phoneAndLaptop(mele, 'online-rematch-spectator-ja');
      const puaName = (await pua.locator(`${GAME_OVER} .playing-as`).innerText()).trim();
      await take.tap();

      // Pua is seated and waits for Kai; Kai sees Pua ready; Mele, with no seat left, is told she watches the next game.
      await pua.getByRole('button', { name: 'Waiting for the others…' }).waitFor({ timeout: 10_000 });
      await kai.locator('.rematch li.ready', { hasText: puaName }).waitFor({ timeout: 10_000 });
      await mele.locator(`${GAME_OVER} .rematch-watch`).waitFor({ timeout: 10_000 });
      expect(await mele.getByRole('button', { name: /次の対局で席に着く|もう一度/ }).count()).toBe(0);
      await phoneAndLaptop(mele, 'online-rematch-spectator-full-ja');
      await kai.getByRole('button', { name: 'Play again' }).tap();

      // The next game: Kai and Pua at the table, Mele watching it in the same room.
      for (const page of [kai, pua, mele])
        await page.locator(GAME_OVER).waitFor({ state: 'detached', timeout: 30_000 });
      await pua.locator('.me .seat-name', { hasText: puaName }).waitFor({ timeout: 10_000 });
      await pua.locator('.hand button.card').first().waitFor({ timeout: 10_000 });
      await pua.locator('.seat-name', { hasText: kaiName }).first().waitFor({ timeout: 10_000 });
      await kai.locator('.seat-name', { hasText: puaName }).first().waitFor({ timeout: 10_000 });
      expect(new URL(mele.url()).hash).toBe(new URL(pua.url()).hash);
      await mele.locator('.board').waitFor();
    },
  );
});
