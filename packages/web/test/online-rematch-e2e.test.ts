/**
 * A rematch in a real browser: three people on their own devices (a laptop host, two phones)
 * finish a one-round Sakura game in a room of the real game server, each presses "Play again",
 * and the second game is dealt in the same room, in place, from the same invite link, and
 * played to its end. Skipped, with a notice, where /usr/bin/chromium is missing.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, GAME_OVER, OUTPUT_DIR, playToTheEnd } from './e2e/browser.js';
import { playingAs, useOnlineHarness } from './e2e/game-server.js';

describeInChromium('online rematch e2e', 'a rematch in Chromium', () => {
  // A fresh seed per game, as a real server draws (the other online tests fix it).
  const h = useOnlineHarness('rematch-e2e', { HANAFUDA_FIXED_SEED: '' });
  const person = (width: number, height: number, phone: boolean) => h().person(width, height, phone);

  it(
    'three people finish a game, each presses Play again, and the second game is played in the same room from the same link',
    { timeout: 600_000 },
    async () => {
      const hana = await person(1280, 800, false);
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
        await guest.getByRole('button', { name: 'Join' }).click();
        // The last seat filled starts the game at once.
        await guest.locator('.seat-row.mine, .board').first().waitFor({ timeout: 60_000 });
        guests.push(guest);
      }
      const everyone = [hana, ...guests];
      const [kai, noe] = guests;
      const [kaiName, noeName] = names;
      for (const page of everyone) await page.locator('.board').waitFor({ timeout: 60_000 });
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
          return [r.top + 2, r.bottom - 2].some((y) => !el.contains(document.elementFromPoint(r.left + 4, y)));
        }).length;
      });
      expect(covered).toBe(0);
      await kai.screenshot({ path: join(OUTPUT_DIR, 'online-rematch-guest-390x844.png') });
      await hana.getByRole('button', { name: 'Play again' }).click();
      await noe.locator('.rematch', { hasText: 'もう一局の準備ができた人' }).locator('li.ready', { hasText: hanaName }).waitFor();
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
});
