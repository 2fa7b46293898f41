/**
 * The public lobby end to end: the real game server (a child process) with its lobby, and
 * Chromium contexts as strangers on their own devices, each with a guest identity the page
 * asked for. Quick pairing seats them at an ordinary room's table; teams; a closed page's
 * seek leaves the lobby; a block keeps two people apart. Screenshots of the lobby and the
 * wait, phone and laptop, English and Japanese, go to test-output/web/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { OUTPUT_DIR, describeInChromium, playToTheEnd } from './e2e/browser.js';
import { useOnlineHarness } from './e2e/game-server.js';
import { RawPage } from './e2e/raw-page.js';

/** The server's presence gives a silent page up within this (heartbeat.ts: 10 s with none of its 3 s heartbeats answered, "within 15 s of freezing")… */
const PRESENCE_TIMEOUT_MS = 15_000;
/** …and the lobby tells its watchers of a change at most this often. */
const LOBBY_EVERY_MS = 500;

describeInChromium('lobby e2e', 'the public lobby in Chromium', () => {
  const h = useOnlineHarness('lobby-e2e', { HANAFUDA_FIXED_SEED: '' });

  /** A stranger at the lobby: a context of their own (so an identity of their own), its page open at #/lobby. */
  async function stranger(
    width = 1280,
    height = 800,
    phone = false,
  ): Promise<{ page: Page; name: string; account: string }> {
    const page = await h().person(width, height, phone);
    await page.goto(`${h().base}?nosw#/lobby`);
    await page.locator('.pool').first().waitFor();
    const me = await page.evaluate(
      async () =>
        ((await (await fetch('api/me')).json()) as { account: { id: string; name: string } | null }).account,
    );
    expect(me, 'the page made itself a guest identity').not.toBeNull();
    return { page, name: me!.name, account: me!.id };
  }

  /** Turns the tick off: a test of pairing wants no bots arriving in the middle. */
  async function noBots(page: Page): Promise<void> {
    await page.locator('input[name=bots-after]').uncheck();
  }

  /** What does not fit: a page wider than the screen, and on touch a control smaller than a finger (44 px). */
  const misfits = (page: Page, touch: boolean): Promise<string[]> =>
    page.evaluate((touch) => {
      const problems: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth)
        problems.push(`the page is ${root.scrollWidth} px wide on a ${root.clientWidth} px screen`);
      if (!touch) return problems;
      const controls = document.querySelectorAll(
        'main button, main select, main input:not([type=checkbox]):not([type=radio]), main summary, .bots-after, .app-header button, .app-header summary',
      );
      for (const el of controls) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.height < 44 || r.width < 44)
          problems.push(
            `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim().slice(0, 30)}" is ${Math.round(r.width)}×${Math.round(r.height)}`,
          );
      }
      return problems;
    }, touch);

  /** Chooses the custom seek's game (its card, as a person taps it) and, if given, its player count. */
  async function customGame(page: Page, game: string, players?: number): Promise<void> {
    await page
      .locator('.custom-seek label.game-choice', { has: page.locator(`input[value=${game}]`) })
      .click();
    await page.locator(`.custom-seek input[name=game][value=${game}]:checked`).waitFor({ state: 'attached' });
    if (players !== undefined)
      await page
        .locator('.custom-seek')
        .getByRole('combobox', { name: 'Players' })
        .selectOption(String(players));
  }

  const pool = (page: Page, id: string) => page.locator(`[data-pool="${id}"]`);
  const roomOf = (page: Page) => new URL(page.url()).hash.replace('#/room/', '');

  type Stranger = Awaited<ReturnType<typeof stranger>>;
  /**
   * `x` blocked `y`: both press the same quick game and wait there unpaired, as a third person
   * (`third`, at the lobby) sees it; the third pairs with one of them and the other waits on.
   */
  async function keptApart(x: Stranger, y: Stranger, third: Stranger): Promise<void> {
    await pool(x.page, 'koikoi-6').click();
    await pool(y.page, 'koikoi-6').locator('.pool-waiting', { hasText: '1 waiting' }).waitFor();
    await pool(y.page, 'koikoi-6').click();
    // Both wait in the one pool, unpaired, as a third person sees it.
    await pool(third.page, 'koikoi-6').locator('.pool-waiting', { hasText: '2 waiting' }).waitFor();
    for (const p of [x, y]) expect(await p.page.locator('.wait-panel .wait-elapsed').isVisible()).toBe(true);
    // The third person pairs with one of them; the other waits on.
    await pool(third.page, 'koikoi-6').click();
    await third.page.locator('.board').waitFor();
    const opponent = await third.page.locator('.seat-panel .seat-name').textContent();
    expect([x.name, y.name]).toContain(opponent?.trim());
    const [paired, left] = opponent?.trim() === x.name ? [x, y] : [y, x];
    await paired.page.locator('.board').waitFor();
    expect(roomOf(paired.page)).toBe(roomOf(third.page));
    await pool(left.page, 'koikoi-6').locator('.pool-waiting', { hasText: '1 waiting' }).waitFor();
    expect(await left.page.locator('.wait-panel').isVisible()).toBe(true);
    expect(await left.page.locator('.board').count()).toBe(0);
  }

  it('two strangers who press the same quick game are both at the table within 2 s of the second press', async () => {
    const a = await stranger();
    const b = await stranger(390, 844, true);
    for (const p of [a, b]) await noBots(p.page);
    await pool(a.page, 'koikoi-6').click();
    await a.page.locator('.wait-panel .wait-elapsed').waitFor();
    // B's lobby shows A waiting: A's seek is in the pool.
    await pool(b.page, 'koikoi-6').locator('.pool-waiting', { hasText: '1 waiting' }).waitFor();
    const pressed = Date.now();
    await pool(b.page, 'koikoi-6').click();
    await Promise.all([a, b].map((p) => p.page.locator('.board').waitFor()));
    const ms = Date.now() - pressed;
    console.log(`[lobby e2e] koikoi-6: both at the table ${ms} ms after the second press`);
    expect(ms).toBeLessThan(2000);
    // One room, an ordinary one, each seated under their identity's name and seeing the other's.
    expect(roomOf(a.page)).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(roomOf(b.page)).toBe(roomOf(a.page));
    await a.page.locator('.me .seat-name', { hasText: a.name }).waitFor();
    await a.page.locator('.seat-panel .seat-name', { hasText: b.name }).waitFor();
    await b.page.locator('.me .seat-name', { hasText: b.name }).waitFor();
    await a.page.locator('.room-bar', { hasText: '60 s' }).waitFor();
    expect(h().blocked).toEqual([]);
    await a.page.screenshot({ path: join(OUTPUT_DIR, 'lobby-paired-table-1280x800.png') });
    for (const p of [a, b]) await p.page.context().close();
  }, 60_000);

  it('four people in the Sakura 2-vs-2 pool sit in two teams of two', async () => {
    const people = [await stranger(), await stranger(), await stranger(), await stranger()];
    for (const p of people) await noBots(p.page);
    for (const [i, p] of people.entries()) {
      // Each sees the ones before waiting, then joins them.
      if (i > 0)
        await pool(p.page, 'sakura-2x2')
          .locator('.pool-waiting', { hasText: `${i} waiting` })
          .waitFor();
      await pool(p.page, 'sakura-2x2').click();
    }
    await Promise.all(people.map((p) => p.page.locator('.board').waitFor()));
    expect(new Set(people.map((p) => roomOf(p.page))).size).toBe(1);
    // Each page shows the three others with their side (team) colour; together they say who plays with whom.
    const sideOf = new Map<string, string>();
    for (const p of people) {
      await p.page.locator('.seat-panel .badge.team').nth(2).waitFor();
      const others = await p.page
        .locator('.seat-panel')
        .evaluateAll((els) =>
          els.map(
            (el) =>
              [
                el.querySelector('.seat-name')!.textContent!.trim(),
                [...el.classList].find((c) => c.startsWith('side-'))!,
              ] as const,
          ),
        );
      expect(others).toHaveLength(3);
      for (const [name, side] of others) {
        expect(sideOf.get(name) ?? side, `${name}'s team as ${p.name} sees it`).toBe(side);
        sideOf.set(name, side);
      }
    }
    expect([...sideOf.keys()].sort()).toEqual(people.map((p) => p.name).sort());
    const teams = [...new Set(sideOf.values())].map(
      (side) => [...sideOf].filter(([, s]) => s === side).length,
    );
    expect(teams).toEqual([2, 2]);
    await people[0].page.screenshot({ path: join(OUTPUT_DIR, 'lobby-sakura-2x2-table-1280x800.png') });
    for (const p of people) await p.page.context().close();
  }, 90_000);

  it("a seeker whose page closes is gone from another watcher's lobby within the presence timeout", async () => {
    const watcher = await stranger();
    const seeker = await stranger();
    await noBots(seeker.page);
    // A custom seek: Oi-bana for 3, listed by the seeker's name.
    await customGame(seeker.page, 'oibana', 3);
    await seeker.page.locator('.custom-seek').getByRole('button', { name: 'Seek this game' }).click();
    await seeker.page.locator('.wait-panel').waitFor();
    const row = watcher.page.locator('.seek-row', { hasText: seeker.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('1 of 3 seated');
    const closed = Date.now();
    await seeker.page.close();
    await row.waitFor({ state: 'detached', timeout: PRESENCE_TIMEOUT_MS });
    const ms = Date.now() - closed;
    console.log(`[lobby e2e] a closed seeker left the watcher's lobby after ${ms} ms`);
    expect(ms).toBeLessThan(PRESENCE_TIMEOUT_MS);
    for (const p of [watcher, seeker]) await p.page.context().close();
  }, 60_000);

  it("a seeker whose phone locks (its page frozen, never saying so) is gone from a watcher's lobby within the presence timeout", async () => {
    const watcher = await stranger();
    const phone = await RawPage.launch({ width: 390, height: 844 }, true);
    try {
      await phone.goto(`${h().base}?nosw#/lobby`);
      await phone.waitFor(
        'document.querySelector(".custom-seek form .playing-as, .custom-seek form button[type=submit]")',
      );
      const name = await phone.evaluate<string>(
        'fetch("api/me").then((r) => r.json()).then((b) => b.account.name)',
      );
      // No bots: the seek must stay open until the page is given up.
      await phone.click('input[name=bots-after]');
      await phone.click('.custom-seek form button[type=submit]');
      await phone.waitFor('document.querySelector(".wait-panel .wait-elapsed")');
      const row = watcher.page.locator('.seek-row', { hasText: name });
      await row.waitFor();
      // The page never hears of its freezing (a listener ahead of the app's swallows the event), so only its silence tells.
      await phone.evaluate(`document.addEventListener('freeze', (e) => e.stopImmediatePropagation(), true)`);
      const frozen = Date.now();
      await phone.freeze();
      await row.waitFor({ state: 'detached', timeout: 30_000 });
      const ms = Date.now() - frozen;
      console.log(`[lobby e2e] a frozen seeker left the watcher's lobby after ${ms} ms`);
      // Its silence, not a closed socket: not at once, and within the presence timeout and one lobby update.
      expect(ms).toBeGreaterThan(5_000);
      expect(ms).toBeLessThanOrEqual(PRESENCE_TIMEOUT_MS + LOBBY_EVERY_MS);
      // Woken, as a phone unlocked: its browser then closes as any other.
      await phone.wake();
    } finally {
      await watcher.page.context().close();
      await phone.close();
    }
  }, 90_000);

  it('a blocked person is never paired with the one who blocked them', async () => {
    const blocker = await stranger();
    const blocked = await stranger();
    const third = await stranger();
    for (const p of [blocker, blocked, third]) await noBots(p.page);
    // The block message, on a socket of the blocker's page (its cookie, so its identity).
    const answer = await blocker.page.evaluate(
      (account) =>
        new Promise<unknown>((resolve, reject) => {
          const ws = new WebSocket(new URL('ws', location.href).toString().replace(/^http/, 'ws'));
          ws.onopen = () => ws.send(JSON.stringify({ v: 1, type: 'block', account }));
          ws.onmessage = (e) => {
            const m = JSON.parse(String(e.data)) as { type: string };
            if (m.type === 'blocked' || m.type === 'error') {
              ws.close();
              resolve(m);
            }
          };
          ws.onerror = () => reject(new Error('the socket failed'));
        }),
      blocked.account,
    );
    expect(answer).toEqual({ v: 1, type: 'blocked', accounts: [blocked.account] });

    await keptApart(blocker, blocked, third);
    for (const p of [blocker, blocked, third]) await p.page.context().close();
  }, 60_000);

  it('a player blocks the other from the game-over dialog (the lobby then keeps them apart) and the other reports the game', async () => {
    const a = await stranger();
    const b = await stranger(390, 844, true);
    for (const p of [a, b]) await noBots(p.page);
    // A one-round Koi-Koi, sought by A and joined by B from the list, as people would.
    await customGame(a.page, 'koikoi');
    await a.page.locator('.custom-seek #opt-rounds').fill('1');
    await a.page.locator('.custom-seek #opt-rounds').dispatchEvent('change');
    await a.page.locator('.custom-seek').getByRole('button', { name: 'Seek this game' }).click();
    await b.page.locator('.seek-row', { hasText: a.name }).getByRole('button', { name: 'Join' }).click();
    await Promise.all([a, b].map((p) => p.page.locator('.board').waitFor()));
    await Promise.all([a, b].map((p) => playToTheEnd(p.page)));
    // B's dialog names A; B blocks A there.
    const row = b.page.locator('.block-players li', { hasText: a.name });
    await row.getByRole('button', { name: 'Block' }).click();
    await row.getByRole('button', { name: 'Unblock' }).waitFor();
    expect(await row.getByRole('button', { name: 'Unblock' }).getAttribute('aria-pressed')).toBe('true');
    await row.locator('.block-note').waitFor();
    expect(
      await b.page.locator('.block-players li', { hasText: b.name }).count(),
      'nobody is offered to block themselves',
    ).toBe(0);
    await b.page.screenshot({ path: join(OUTPUT_DIR, 'lobby-block-en-390x844.png') });
    // A reports the game in their own words; the page says so once the server has stored it.
    await a.page.getByRole('button', { name: 'Report this game' }).click();
    await a.page.getByLabel(/What happened/).fill('My opponent left the game mid-round.');
    await a.page.getByRole('button', { name: 'Send the report' }).click();
    await a.page.locator('.report-done').waitFor();
    await a.page.screenshot({ path: join(OUTPUT_DIR, 'lobby-report-en-1280x800.png') });
    // Back in the lobby, the block holds.
    for (const p of [a, b]) {
      await p.page.goto(`${h().base}?nosw#/lobby`);
      await p.page.locator('.pool').first().waitFor();
      await noBots(p.page);
    }
    const third = await stranger();
    await noBots(third.page);
    await keptApart(b, a, third);
    for (const p of [a, b, third]) await p.page.context().close();
  }, 300_000);

  it('fits a phone (360×740, 390×844) and a laptop in English and Japanese: no sideways scroll, fingers-size controls; screenshots of the lobby and the wait', async () => {
    // Someone seeks a custom game and someone waits in a pool, so the lobby has something in it.
    const seeker = await stranger();
    await noBots(seeker.page);
    await customGame(seeker.page, 'nara');
    await seeker.page.locator('.custom-seek').getByRole('button', { name: 'Seek this game' }).click();
    await seeker.page.locator('.wait-panel').waitFor();
    const waiter = await stranger();
    await noBots(waiter.page);
    await pool(waiter.page, 'sakura-3').click();
    await waiter.page.locator('.wait-panel').waitFor();

    for (const [width, height, phone] of [
      [360, 740, true],
      [390, 844, true],
      [1280, 800, false],
    ] as const) {
      const viewer = await stranger(width, height, phone);
      for (const lang of ['en', 'ja'] as const) {
        if (lang === 'ja') await viewer.page.getByRole('button', { name: /Language/ }).click();
        await viewer.page.locator('.seek-row', { hasText: seeker.name }).waitFor();
        await viewer.page.locator('[data-pool="sakura-3"] .pool-waiting.some').waitFor();
        const size = `${width}x${height}`;
        expect(await misfits(viewer.page, phone), `the lobby, ${lang}, ${size}`).toEqual([]);
        // What a player sees on opening the page, then the custom seek's form scrolled to.
        await viewer.page.screenshot({ path: join(OUTPUT_DIR, `lobby-${lang}-${size}.png`) });
        await viewer.page.locator('.custom-seek').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await viewer.page.screenshot({ path: join(OUTPUT_DIR, `lobby-custom-${lang}-${size}.png`) });
        await viewer.page.evaluate(() => scrollTo(0, 0));
        await pool(viewer.page, 'koikoi-12').click();
        await viewer.page.locator('.wait-panel .wait-elapsed').waitFor();
        expect(await misfits(viewer.page, phone), `the wait, ${lang}, ${size}`).toEqual([]);
        await viewer.page.screenshot({ path: join(OUTPUT_DIR, `lobby-wait-${lang}-${size}.png`) });
        await viewer.page.locator('.wait-panel button').click();
        await viewer.page.locator('.wait-panel').waitFor({ state: 'detached' });
      }
      await viewer.page.context().close();
    }
    for (const p of [seeker, waiter]) await p.page.context().close();
  }, 120_000);
});
