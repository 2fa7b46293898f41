/**
 * A family's evening online, where phones misbehave: three people in a Sakura room on the
 * real server, one on a laptop and two on phones. On her own turn one phone's page is frozen
 * (what a locked phone does: Chromium's Page.setWebLifecycleState through the DevTools
 * protocol, in a Chromium of its own, raw-page.ts), later woken; on his own turn the other loses its network (the context set
 * offline), and taps a card meanwhile, later comes back. The laptop plays on to the end.
 * Measured as the laptop sees it: how soon each is shown away, how long each stalled turn
 * waited. Shared by the browser test (a short timer) and `npm run measure:away` (the real one).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT_DIR, playOnce } from './browser.js';
import { RawPage } from './raw-page.js';

export interface AwayFigures {
  readonly turnSeconds: number;
  /** From the freeze (or going offline) to the laptop showing the seat away, ms. */
  readonly frozenAwayMs: number;
  readonly offlineAwayMs: number;
  /** From going offline to the phone itself saying so, ms. */
  readonly offlineShownMs: number;
  /** The stalled turns, each from its start to its end as the laptop saw them, ms: the frozen one first, then the offline one. */
  readonly stalledTurnMs: readonly number[];
  /** The frozen player's later turns while still away (the bot plays at once), ms. */
  readonly awayTurnMs: readonly number[];
  /** From waking (or going online) to the laptop showing the seat taken back, ms. */
  readonly wokenBackMs: number;
  readonly onlineBackMs: number;
}

export interface AwayOptions {
  readonly browser: Browser;
  /** The game server's address (serving the app). */
  readonly base: string;
  readonly turnSeconds: number;
  /** Screenshots into test-output/web/ (the countdown and the away state, phone and laptop). */
  readonly screenshots?: boolean;
  /** Checks made along the way (the test's expects); the script only measures. */
  readonly check?: (what: string, ok: boolean) => void;
  /** Told each step as it begins. */
  readonly progress?: (step: string) => void;
}

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** Creates a room through the page's own WebSocket (the new-game form offers timers of 30 s and up); answers its invite link's query (`room=ID&key=KEY`). */
export async function createRoomFromPage(page: Page, setup: unknown): Promise<string> {
  return page.evaluate(
    (s) =>
      new Promise<string>((resolve, reject) => {
        const ws = new WebSocket(new URL('ws', location.href).toString().replace(/^http/, 'ws'));
        ws.onopen = () => ws.send(JSON.stringify({ v: 1, type: 'create-room', setup: s }));
        ws.onmessage = (e) => {
          const m = JSON.parse(String(e.data)) as { type: string; invite?: string; message?: string };
          if (m.type === 'room-created') resolve(m.invite!.replace(/^\/\?/, ''));
          else if (m.type === 'error') reject(new Error(m.message));
          ws.close();
        };
      }),
    setup,
  );
}

/** Records, in the laptop's page, when each seat's turn begins and ends (the seat panel marked as the one to move). */
function watchTurns(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { turns: { name: string; from: number; to: number | null }[] };
    w.turns = [];
    let current = '';
    const look = () => {
      const now = performance.now();
      const turn =
        document.querySelector('.seat-panel.is-turn .seat-name')?.textContent ??
        (document.querySelector('.me.is-turn') ? 'me' : '');
      if (turn === current) return;
      const open = w.turns.at(-1);
      if (open && open.to === null) open.to = now;
      if (turn) w.turns.push({ name: turn, from: now, to: null });
      current = turn;
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
    look();
  });
}

const turnsOf = (page: Page, name: string, after: number): Promise<{ from: number; to: number | null }[]> =>
  page.evaluate(
    ({ name, after }) =>
      (window as unknown as { turns: { name: string; from: number; to: number | null }[] }).turns.filter(
        (t) => t.name === name && (t.to ?? Infinity) > after,
      ),
    { name, after },
  );
const nowIn = (page: Page): Promise<number> => page.evaluate(() => performance.now());
const myTurn = (page: Page) => page.locator('.hand button.card:not([disabled])').first();
const awayNote = (page: Page, name: string) =>
  page.locator('.room-bar .away-note', { hasText: `${name} is away` });

/** Someone at the table: a Playwright page, or the raw one that can freeze. */
type Player = Page | RawPage;
const play = (p: Player): Promise<boolean> => (p instanceof RawPage ? p.playOnce() : playOnce(p));

/** Plays the active players' turns (each click as a person would) until `done` holds; the round must not end first. */
async function playWhile(players: Player[], done: () => Promise<boolean>, toTheEnd = false): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await done()) return;
    const [first] = players;
    if (
      !toTheEnd &&
      (await (first instanceof RawPage
        ? first.visible('.dialog.summary')
        : first.locator('.dialog.summary').isVisible()))
    )
      throw new Error('the round ended first');
    let clicked = false;
    for (const p of players) if (await play(p)) clicked = true;
    if (!clicked) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held while playing');
}

export async function runAwayScenario(options: AwayOptions): Promise<AwayFigures> {
  const { browser, base, turnSeconds } = options;
  const check = options.check ?? (() => undefined);
  const step = options.progress ?? (() => undefined);
  const shot = async (page: Page, name: string) => {
    if (!options.screenshots) return;
    mkdirSync(OUTPUT_DIR, { recursive: true });
    await page.screenshot({ path: join(OUTPUT_DIR, name) });
  };
  const person = async (size: { width: number; height: number }, isMobile: boolean) => {
    const context = await browser.newContext({ viewport: size, isMobile, hasTouch: isMobile });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    return page;
  };
  const hana = await person(LAPTOP, false);
  const bea = await RawPage.launch(PHONE, true);
  const cole = await person(PHONE, true);
  const beaTurn = () => bea.visible('.hand button.card:not([disabled])');
  try {
    await hana.goto(`${base}?nosw`);
    const link = await createRoomFromPage(hana, {
      game: 'sakura',
      players: 3,
      options: { rounds: 1 },
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
      turnSeconds,
    });
    const invite = `${base}?${link}&nosw`;
    // Each page is a guest of its own, seated under that guest's name (the form shows it).
    const names: string[] = [];
    for (const page of [hana, cole]) {
      await page.goto(invite);
      names.push((await page.locator('.join-form .playing-as').innerText()).trim());
      await page.getByRole('button', { name: 'Join' }).click();
      await page.locator('.seat-row.mine').waitFor();
    }
    await bea.goto(invite);
    await bea.waitFor('document.querySelector(".join-form .playing-as")');
    const [, coleName] = names;
    const beaName = await bea.evaluate<string>(
      'document.querySelector(".join-form .playing-as").textContent.trim()',
    );
    await bea.click('.join-form button[type=submit]');
    for (const page of [hana, cole]) await page.locator('.board').waitFor();
    await bea.waitFor('document.querySelector(".board")');
    await watchTurns(hana);

    // Everyone plays until it is Bea's turn (the round has seven turns each: time for all that follows).
    step('play to the turn of Bea');
    await playWhile([hana, cole], beaTurn);
    // Her countdown, on her seat and on the laptop's (its screenshots come on Cole's turn: her 5 s are short).
    await bea.waitFor(
      '[...document.querySelectorAll(".me .badge.seat-note")].some((e) => e.textContent.includes("s left"))',
    );
    await hana.locator('.seat-panel.is-turn .seat-note', { hasText: 's left' }).waitFor();

    // Bea's phone locks: her page is frozen (her browser still answers the socket's pings).
    step('freeze the page of Bea');
    const frozenAt = await nowIn(hana);
    const frozenWall = Date.now();
    await bea.freeze();
    await awayNote(hana, beaName).waitFor({ timeout: 30_000 + turnSeconds * 1000 });
    const frozenAwayMs = Date.now() - frozenWall;
    check(`Bea is shown away within 15 s of freezing (${frozenAwayMs} ms)`, frozenAwayMs <= 15_000);
    // Everyone sees it on her seat too, the phone as well as the laptop.
    await cole
      .locator('.seat-panel', { hasText: beaName })
      .locator('.seat-note', { hasText: 'away' })
      .waitFor();
    await hana
      .locator('.seat-panel', { hasText: beaName })
      .locator('.seat-note', { hasText: 'away' })
      .waitFor();
    await shot(hana, 'online-away-1280x800.png');
    await shot(cole, 'online-away-390x844.png');
    // Her stalled turn is played by the timer; the others play on, her later turns at once.
    step('her stalled turn, the others play on');
    await playWhile(
      [hana, cole],
      async () => (await turnsOf(hana, beaName, frozenAt)).filter((t) => t.to !== null).length >= 2,
    );
    const beaTurns = await turnsOf(hana, beaName, frozenAt);
    const frozenTurnMs = beaTurns[0].to! - beaTurns[0].from;
    const awayTurnMs = beaTurns.slice(1, 2).map((t) => t.to! - t.from);

    // Bea unlocks her phone: her page runs again and takes the seat back, with her hand and the whole log.
    step('wake the page of Bea');
    const wokenWall = Date.now();
    await bea.wake();
    await awayNote(hana, beaName).waitFor({ state: 'detached', timeout: 15_000 });
    const wokenBackMs = Date.now() - wokenWall;
    await bea.waitFor(`document.querySelector(".me .seat-name")?.textContent === ${JSON.stringify(beaName)}`);
    await bea.waitFor(
      '[...document.querySelectorAll(".log li")].some((li) => li.textContent.includes("A bot plays for you"))',
    );
    const beaHand = await bea.evaluate<number>('document.querySelectorAll(".hand [data-card]").length');
    const beaShown = Number(
      await hana.locator('.seat-panel', { hasText: beaName }).locator('.hand-count').innerText(),
    );
    check(`Bea's hand (${beaHand}) is what the others see of it (${beaShown})`, beaHand === beaShown);
    const logs = [
      await hana.locator('.log li').count(),
      await bea.evaluate<number>('document.querySelectorAll(".log li").length'),
    ];
    check(`Bea's log is as long as Hana's (${logs.join(' and ')})`, logs[0] === logs[1]);

    // Cole's phone leaves the Wi-Fi on his own turn, and he taps a card meanwhile.
    step('Cole goes offline on his turn');
    await playWhile([hana, bea], () => myTurn(cole).isVisible());
    await shot(cole, 'online-countdown-390x844.png');
    await shot(hana, 'online-countdown-1280x800.png');
    const offlineAt = await nowIn(hana);
    const offlineWall = Date.now();
    await cole.context().setOffline(true);
    await cole.locator('.room-bar .connection-offline').waitFor({ timeout: 15_000 });
    const offlineShownMs = Date.now() - offlineWall;
    check(`Cole's phone says it is offline within 5 s (${offlineShownMs} ms)`, offlineShownMs <= 5000);
    await myTurn(cole).click();
    const target = cole.locator('.field button.card.is-target').first();
    if (await target.isVisible()) await target.click();
    await cole.locator('.room-bar .move-note', { hasText: 'Not sent yet' }).waitFor();
    await shot(cole, 'online-offline-390x844.png');
    await awayNote(hana, coleName).waitFor({ timeout: 30_000 + turnSeconds * 1000 });
    const offlineAwayMs = Date.now() - offlineWall;
    check(`Cole is shown away within 15 s of going offline (${offlineAwayMs} ms)`, offlineAwayMs <= 15_000);
    await playWhile([hana, bea], async () =>
      (await turnsOf(hana, coleName, offlineAt)).some((t) => t.to !== null),
    );
    const coleTurn = (await turnsOf(hana, coleName, offlineAt))[0];
    const offlineTurnMs = coleTurn.to! - coleTurn.from;

    // Back online: his seat, his hand, and word that the move he tapped was not sent.
    step('Cole back online');
    const onlineWall = Date.now();
    await cole.context().setOffline(false);
    await awayNote(hana, coleName).waitFor({ state: 'detached', timeout: 15_000 });
    const onlineBackMs = Date.now() - onlineWall;
    await cole.locator('.room-bar .move-note', { hasText: 'was not sent' }).waitFor();
    await cole.locator('.me .seat-name', { hasText: coleName }).waitFor();
    const coleHand = await cole.locator('.hand [data-card]').count();
    const coleShown = Number(
      await hana.locator('.seat-panel', { hasText: coleName }).locator('.hand-count').innerText(),
    );
    check(`Cole's hand (${coleHand}) is what the others see of it (${coleShown})`, coleHand === coleShown);
    await shot(cole, 'online-back-online-390x844.png');

    // And the game goes on to its end for everyone.
    step('play to the end');
    await playWhile(
      [hana, bea, cole],
      async () =>
        (await hana.locator('.dialog.summary').isVisible()) &&
        (await bea.visible('.dialog.summary')) &&
        (await cole.locator('.dialog.summary').isVisible()),
      true,
    );
    return {
      turnSeconds,
      frozenAwayMs,
      offlineAwayMs,
      offlineShownMs,
      stalledTurnMs: [frozenTurnMs, offlineTurnMs],
      awayTurnMs,
      wokenBackMs,
      onlineBackMs,
    };
  } finally {
    for (const page of [hana, cole]) await page.context().close();
    await bea.close();
  }
}
