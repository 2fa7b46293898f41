/**
 * Rated and casual games end to end: the real game server (a child process) and Chromium. Two
 * members (signed up with a passkey on a virtual authenticator) choose a rated quick game in the
 * lobby, as it is for members by default: at their table no hint or review control is there, and
 * a hint asked by hand over a socket of the page's own is refused by the server. Two guests'
 * casual game has the hint, and the same request by hand is answered. A rated game played to its
 * end (each page's seat played over a socket of its own, as fast as its page shows the moves) shows
 * in both game-over dialogs exactly the rating change the library gives two newcomers. Screenshots
 * of the lobby, the rated table and the dialog, phone and laptop, English and Japanese, go to
 * test-output/web/.
 */
import { join } from 'node:path';
import { ordinal, rate, rating } from 'openskill';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { GAME_OVER, OUTPUT_DIR, describeInChromium, playChoices } from './e2e/browser.js';
import { useOnlineHarness } from './e2e/game-server.js';
import { signUp, withAuthenticator } from './e2e/passkey.js';
import { playSeatBySocket } from './e2e/seat-by-socket.js';

describeInChromium('rated e2e', 'rated and casual games in Chromium', () => {
  const h = useOnlineHarness('rated-e2e', { HANAFUDA_FIXED_SEED: '' });
  // A passkey's RP ID must be a domain: the server is reached as localhost, not 127.0.0.1.
  const base = () => h().base.replace('//127.0.0.1:', '//localhost:');
  const pool = (page: Page, id: string) => page.locator(`[data-pool="${id}"]`);
  const lobby = async (page: Page) => {
    await page.goto(`${base()}?nosw#/lobby`);
    await pool(page, 'koikoi-6').waitFor();
  };
  const language = (page: Page) => page.getByRole('button', { name: /Language|言語/ }).click();

  /**
   * A hint asked for by hand, as a program could: a socket of the page's own (its cookie) comes
   * back into the page's seat with the token the page keeps, and asks for a hint if it is that
   * seat's turn. Answers the server's answer, or null when it is not this seat's turn.
   */
  const hintByHand = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<{ type: string; code?: string } | null>((resolve, reject) => {
          const room = location.hash.replace('#/room/', '');
          const token = (
            JSON.parse(localStorage.getItem('hanafuda.rooms.v1') ?? '{}') as Record<
              string,
              { token?: string }
            >
          )[room]?.token;
          const ws = new WebSocket(new URL('ws', location.href).toString().replace(/^http/, 'ws'));
          let seat: number | null = null;
          ws.onopen = () => ws.send(JSON.stringify({ v: 1, type: 'resume', room, token }));
          ws.onmessage = (e) => {
            const m = JSON.parse(String(e.data)) as {
              type: string;
              seat?: number | null;
              view?: { toMove: number | null };
              code?: string;
            };
            if (m.type === 'welcome') seat = m.seat ?? null;
            else if (m.type === 'update' && seat !== null) {
              const mine = m.view?.toMove === seat;
              seat = null;
              if (mine) ws.send(JSON.stringify({ v: 1, type: 'hint' }));
              else {
                ws.close();
                resolve(null);
              }
            } else if (m.type === 'hint' || m.type === 'error') {
              ws.close();
              resolve({ type: m.type, ...(m.code ? { code: m.code } : {}) });
            }
          };
          ws.onerror = () => reject(new Error('the socket failed'));
        }),
    );
  /** The page whose turn it is (its move can be chosen), once one's is. */
  const toMove = async (pages: Page[]): Promise<Page> => {
    const choice = playChoices().join(', ');
    await Promise.any(pages.map((p) => p.locator(choice).first().waitFor()));
    return (await Promise.all(pages.map((p) => p.locator(choice).count()))).findIndex((n) => n > 0) === 0
      ? pages[0]
      : pages[1];
  };

  it('a rated game shows no hint or review control, and the server refuses a hint asked by hand', async () => {
    const laptop = await withAuthenticator(await h().person(1280, 800));
    const phone = await withAuthenticator(await h().person(360, 740, true));
    await signUp(laptop.page, base(), 'Rated Ana');
    await signUp(phone.page, base(), 'Rated Ben');
    const pages = [laptop.page, phone.page];
    for (const [page, size] of [
      [laptop.page, '1280x800'],
      [phone.page, '360x740'],
    ] as const) {
      await lobby(page);
      // Rated is a member's choice by default, and says what it means.
      expect(await page.getByRole('radio', { name: /Rated/ }).isChecked()).toBe(true);
      await page.locator('.rated-note').waitFor();
      expect(await page.locator('input[name=bots-after]').count(), 'no bots in a rated game').toBe(0);
      await page.screenshot({ path: join(OUTPUT_DIR, `rated-lobby-en-${size}.png`) });
      await language(page);
      await page.getByRole('radio', { name: /レーティング対局/ }).waitFor();
      await page.screenshot({ path: join(OUTPUT_DIR, `rated-lobby-ja-${size}.png`) });
      await language(page);
    }
    await pool(laptop.page, 'koikoi-6').click();
    await pool(phone.page, 'koikoi-6').locator('.pool-waiting', { hasText: '1 waiting' }).waitFor();
    await pool(phone.page, 'koikoi-6').click();
    await Promise.all(pages.map((p) => p.locator('.board').waitFor()));
    for (const p of pages) await p.locator('.room-rated', { hasText: 'Rated game' }).waitFor();

    const mover = await toMove(pages);
    for (const p of pages) {
      expect(await p.locator('.hint-btn').count(), 'no hint button in a rated game').toBe(0);
      expect(await p.getByRole('button', { name: /Review|Hint/ }).count(), 'no hint or review control').toBe(
        0,
      );
    }
    // The H key asks for nothing either.
    await mover.keyboard.press('h');
    expect(await mover.locator('.hint-text').count()).toBe(0);
    expect(await hintByHand(mover)).toEqual({ type: 'error', code: 'rated-no-hints' });

    for (const [page, size] of [
      [laptop.page, '1280x800'],
      [phone.page, '360x740'],
    ] as const) {
      await page.screenshot({ path: join(OUTPUT_DIR, `rated-table-en-${size}.png`) });
      await language(page);
      await page.locator('.room-rated', { hasText: 'レーティング対局' }).waitFor();
      await page.screenshot({ path: join(OUTPUT_DIR, `rated-table-ja-${size}.png`) });
    }
    for (const p of pages) await p.context().close();
  }, 60_000);

  /** The page shows the last round's end as a person sees it (the page caught up at once), then the game's. */
  const gameOver = async (page: Page) => {
    while (!(await page.locator(GAME_OVER).isVisible())) {
      await page.locator(`.dialog.summary .btn.primary, ${GAME_OVER}`).first().waitFor();
      const next = page.locator('.dialog.summary .btn.primary');
      if (await next.isVisible()) await next.click();
    }
  };

  it('a rated game to its end shows each member the rating change the library gives two newcomers', async () => {
    const laptop = await withAuthenticator(await h().person(1280, 800));
    const phone = await withAuthenticator(await h().person(360, 740, true));
    await signUp(laptop.page, base(), 'Over Ana');
    await signUp(phone.page, base(), 'Over Ben');
    const pages = [laptop.page, phone.page];
    for (const page of pages) await lobby(page);
    await pool(laptop.page, 'koikoi-6').click();
    await pool(phone.page, 'koikoi-6').locator('.pool-waiting', { hasText: '1 waiting' }).waitFor();
    await pool(phone.page, 'koikoi-6').click();
    await Promise.all(pages.map((p) => p.locator('.board').waitFor()));
    for (const p of pages) await p.locator('.room-rated').waitFor();

    // A game's moves come fast: the pages show them without moving cards, as for a person who asks for less motion.
    for (const p of pages) await p.emulateMedia({ reducedMotion: 'reduce' });
    const players = await Promise.all(pages.map((p) => playSeatBySocket(p)));
    await Promise.all(players.map((p) => p.over));
    // Places from the game's end: the engine's winners first (both, a draw), the other second.
    const end = (players[0].client.lastUpdate()!.events as { type: string; winners?: number[] }[]).find(
      (e) => e.type === 'game-end',
    )!;
    const ranks = [0, 1].map((seat) => (end.winners!.includes(seat) ? 1 : 2));
    const rated = rate([[rating()], [rating()]], { rank: ranks });
    const shown = (skill: { mu: number; sigma: number }) =>
      Math.round(ordinal(skill, { alpha: 40, target: 1000 }));
    const before = shown(rating());

    for (const [i, page] of pages.entries()) {
      await gameOver(page);
      const after = shown(rated[players[i].seat][0]);
      const delta = after - before;
      const change = `${delta > 0 ? '+' : delta < 0 ? '\u2212' : '\u00b1'}${Math.abs(delta)}`;
      await page.locator(`${GAME_OVER} .rating-change`).waitFor({ timeout: 10_000 });
      expect((await page.locator(`${GAME_OVER} .rating-change`).innerText()).replace(/\s+/g, ' ')).toBe(
        `Rating (Koi-Koi, 6 rounds): ${before} → ${after} (${change}), provisional`,
      );
    }
    for (const [page, size] of [
      [laptop.page, '1280x800'],
      [phone.page, '360x740'],
    ] as const) {
      await page.screenshot({ path: join(OUTPUT_DIR, `rated-over-en-${size}.png`) });
      // The language button is in the header, under the dialog's overlay.
      await page.getByRole('button', { name: /Language/ }).dispatchEvent('click');
      await page.locator(`${GAME_OVER} .rating-change`, { hasText: 'レーティング' }).waitFor();
      await page.screenshot({ path: join(OUTPUT_DIR, `rated-over-ja-${size}.png`) });
    }
    // The phone's page reloaded after the game (the `rating` message went with the old page): the same change, read from the ratings.
    await phone.page.reload();
    await gameOver(phone.page);
    const afterBen = shown(rated[players[1].seat][0]);
    await phone.page.locator(`${GAME_OVER} .rating-change`).waitFor({ timeout: 10_000 });
    expect(
      (await phone.page.locator(`${GAME_OVER} .rating-change`).innerText()).replace(/\s+/g, ' '),
    ).toContain(`${before} → ${afterBen}`);
    await Promise.all(players.map((p) => p.client.close()));
    for (const p of pages) await p.context().close();
  }, 60_000);

  it('a casual game has the hint button, and a hint asked by hand is answered', async () => {
    const pages = [await h().person(1280, 800), await h().person(360, 740, true)];
    for (const page of pages) {
      await lobby(page);
      // A guest plays casual: no choice, a word on how to play rated.
      await page.locator('.rated-guest-note').waitFor();
      expect(await page.getByRole('radio', { name: /Rated/ }).count()).toBe(0);
      await page.locator('input[name=bots-after]').uncheck();
    }
    await pool(pages[0], 'koikoi-6').click();
    await pool(pages[1], 'koikoi-6').locator('.pool-waiting', { hasText: '1 waiting' }).waitFor();
    await pool(pages[1], 'koikoi-6').click();
    await Promise.all(pages.map((p) => p.locator('.board').waitFor()));
    expect(await pages[0].locator('.room-rated').count()).toBe(0);
    const mover = await toMove(pages);
    await mover.locator('.hint-btn').click();
    await mover.locator('.hint-text').waitFor();
    expect(await hintByHand(mover)).toEqual({ type: 'hint' });
    for (const p of pages) await p.context().close();
  }, 60_000);
});
