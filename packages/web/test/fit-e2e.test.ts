/**
 * Every screen of a whole game on phones and large screens, in Debian's Chromium: for each game
 * (Sakura for 2, 4 and 7 players, Koi-Koi, Nara, Oi-bana) one round is played by clicking, and
 * each new screen (the table early and late in the round, each kind of decision, the round
 * summary, the game over, the review) is measured at 360×740 and 390×844 (touch, 2× pixels),
 * 1280×720, 1366×768 and 1920×1080 in the game's language, and at 360×740 in the other one:
 * no page scroll, the main action in the window, tap targets of 44 px on touch screens, hand
 * cards at least 44 px wide on phones, nothing cut off in the player's own area, no program
 * ids on a Japanese screen (test/e2e/fit.ts). Screenshots: test-output/web/fit-*.png.
 *
 * Then, on phones against the game server: every page and every choice of the new-game forms
 * no wider than a 360 or 390 px phone, and a whole game of Sakura, Koi-Koi and Nara by taps
 * with the hand's cards measured at each of the person's turns (one size all round, never
 * smaller than the field's).
 */
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  GAME_OVER,
  newGame,
  OUTPUT_DIR,
  playChoices,
  playOnce,
  settle,
  useHarness,
  describeInChromium,
} from './e2e/browser.js';
import { emulate, measureFit, VIEWPORTS, type Viewport } from './e2e/fit.js';
import { useOnlineHarness } from './e2e/game-server.js';
import { en } from '../src/i18n/en.js';

type Lang = 'en' | 'ja';

interface Walk {
  readonly game: string;
  readonly players?: number;
  readonly teams?: string;
  readonly lang: Lang;
  /** Rounds to play (Koi-Koi plays on until the person has a yaku to stop or call on). */
  readonly rounds?: number;
  /** The decisions that must have come up (each measured as its own screen). */
  readonly decisions?: readonly string[];
}

const WALKS: readonly Walk[] = [
  { game: 'sakura', players: 2, lang: 'en' },
  { game: 'sakura', players: 4, teams: '2x2', lang: 'ja' },
  { game: 'sakura', players: 7, lang: 'en' },
  { game: 'koikoi', lang: 'ja', rounds: 4, decisions: ['decision-koikoi-shobu'] },
  { game: 'nara', lang: 'en', decisions: ['decision-pile'] },
  { game: 'oibana', lang: 'ja', decisions: ['decision-bid'] },
];

/** The main action of each kind of screen. */
const MAIN: Record<string, string> = {
  table: '.hand button.card:not([disabled])',
  take: '.field button.card.is-target',
  decision: '.prompt-lines .btn',
  summary: '.dialog.summary .btn.primary',
  'game-over': '.dialog.game-over .btn.primary',
  review: '.review-timeline',
};

/** Hand cards on a phone: the issue's floor (a finger's width). */
const MIN_HAND = 44;

/** What the screen is now: a dialog, a decision (by its kinds), a card to take, the person's turn, or nothing to do (null). */
function screenKind(page: Page): Promise<{ kind: string; main: string; hand: number } | null> {
  return page.evaluate(() => {
    const hand = document.querySelectorAll('.hand .card').length;
    const visible = (sel: string) =>
      [...document.querySelectorAll(sel)].some((el) => el.getBoundingClientRect().width > 0);
    if (visible('.dialog.summary')) return { kind: 'summary', main: 'summary', hand };
    if (visible('.dialog.game-over')) return { kind: 'game-over', main: 'game-over', hand };
    const decision = document.querySelector('.prompt-lines[data-decision]')?.getAttribute('data-decision');
    // Sakura's offer of a hiki comes with the turn's play: that is the table.
    if (decision && decision !== 'hiki')
      return { kind: `decision-${decision.replace(/ /g, '-')}`, main: 'decision', hand };
    if (visible('.field button.card.is-target')) return { kind: 'take', main: 'take', hand };
    if (visible('.hand button.card:not([disabled])')) return { kind: 'table', main: 'table', hand };
    return null;
  });
}

async function setLang(page: Page, lang: Lang): Promise<void> {
  // The header's language button, as a person switches (clicked in the page: a dialog may lie over the header).
  if ((await page.evaluate(() => document.documentElement.lang)) === lang) return;
  await page.evaluate(() => (document.querySelector('button.lang') as HTMLButtonElement).click());
  await page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
}

describeInChromium('fit e2e', 'every screen of a round fits phones and large screens, in Chromium', () => {
  const h = useHarness(90_000, { deviceEmulation: true });

  /** Measures the screen at every viewport (and the other language on the small phone); returns the problems found. */
  async function measureAll(
    page: Page,
    cdp: CDPSession,
    label: string,
    main: string,
    lang: Lang,
  ): Promise<string[]> {
    const problems: string[] = [];
    const other: Lang = lang === 'en' ? 'ja' : 'en';
    const runs: [Viewport, Lang][] = [
      ...VIEWPORTS.map((v): [Viewport, Lang] => [v, lang]),
      [VIEWPORTS[0], other],
    ];
    for (const [v, l] of runs) {
      await setLang(page, l);
      await emulate(page, cdp, v);
      const where = `${label} ${l} ${v.width}x${v.height}`;
      await page.screenshot({ path: join(OUTPUT_DIR, `fit-${where.replace(/ /g, '-')}.png`) });
      // A replay's hand is only looked at: sized as the field, not as cards to tap.
      const dialog = main === 'summary' || main === 'game-over';
      const report = await measureFit(page, {
        main: MAIN[main],
        allMain: main === 'decision',
        field: !dialog,
        touch: v.phone,
        ja: l === 'ja',
        minHand: main === 'review' ? 0 : MIN_HAND,
      });
      problems.push(...report.problems.map((p) => `${where}: ${p}`));
    }
    await setLang(page, lang);
    return problems;
  }

  for (const walk of WALKS) {
    const label = `${walk.game}${walk.players ? `-${walk.players}p` : ''}`;
    it(`${label} (${walk.lang}): the table, each decision, the summary, the game over and the review fit every screen`, async () => {
      const page = await h().context.newPage();
      await page.bringToFront();
      page.on('pageerror', (e) => console.error('page error:', e.message));
      const cdp = await page.context().newCDPSession(page);
      await emulate(page, cdp, VIEWPORTS[2]);
      await page.goto(`${h().base}?seed=fit-${label}&botDelay=0&nosw#/`);
      await page.evaluate(
        (l) => localStorage.setItem('hanafuda.prefs.v1', JSON.stringify({ lang: l })),
        walk.lang,
      );
      await page.reload();
      await newGame(page, walk.game, walk.rounds ?? 1, { players: walk.players, teams: walk.teams });
      const seen = new Set<string>();
      const problems: string[] = [];
      let firstHand = 0;
      for (let i = 0; i < 600; i++) {
        // Cards in flight landed first: a screen read mid-flight, or a click on a moving card that
        // times out while its events are still queued (and then lands on the next turn's card), is
        // how a loaded machine lost or doubled a turn here.
        await settle(page);
        const screen = await screenKind(page);
        if (screen?.kind === 'table' && firstHand === 0) firstHand = screen.hand;
        // The table is measured on the first turn and again two turns later, with captures on it.
        const key = screen?.kind === 'table' && screen.hand <= firstHand - 2 ? 'table-late' : screen?.kind;
        if (screen && key && !seen.has(key)) {
          seen.add(key);
          problems.push(...(await measureAll(page, cdp, `${label}-${key}`, screen.main, walk.lang)));
          await emulate(page, cdp, VIEWPORTS[2]);
        }
        if (screen?.kind === 'summary') await page.locator(MAIN.summary).click();
        else if (screen?.kind === 'game-over') break;
        else if (
          screen?.kind === 'table' &&
          (await page.locator('.hand button.card.is-match:not([disabled])').count()) > 0
        ) {
          // A card that captures, as a player who wants a yaku plays (so Koi-Koi's decision comes up).
          // (The hand may change under the click, as playOnce allows for: then the loop looks again.)
          await page
            .locator('.hand button.card.is-match:not([disabled])')
            .first()
            .click({ timeout: 2000 })
            .catch(() => undefined);
        } else if (screen === null) {
          // Nothing of the person's to measure at the read above: only a decision button may be
          // pressed now. A hand card or a target that became playable since is left to the next
          // read, which measures its screen first (a 7-player hand of 3 has one late turn to miss).
          const button = page.locator('.prompt-lines .btn').first();
          if (await button.isVisible().catch(() => false))
            await button.click({ timeout: 2000 }).catch(() => undefined);
          else await page.waitForTimeout(40);
        } else if (!(await playOnce(page))) await page.waitForTimeout(40);
      }
      console.log(`[fit e2e] ${label}: measured ${[...seen].join(', ')}, review`);
      expect([...seen]).toEqual(
        expect.arrayContaining(['table', 'table-late', 'summary', 'game-over', ...(walk.decisions ?? [])]),
      );
      await page
        .locator('.dialog.game-over .btn', {
          hasText: walk.lang === 'ja' ? '自分の手を検討' : 'Review my game',
        })
        .click();
      await page.locator('.review-timeline').waitFor({ timeout: 60_000 });
      problems.push(...(await measureAll(page, cdp, `${label}-review`, 'review', walk.lang)));
      expect(problems).toEqual([]);
      await page.close();
      // A whole game with its review, measured at six sizes: a few minutes on a loaded machine.
    }, 300_000);
  }
});

/** The page no wider than the phone (a phone's browser widens its layout to what overflows, so the window's width is the device's), and each control inside it: the problems found. */
function widthProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate(
    ({ at, device }) => {
      const problems: string[] = [];
      const root = document.documentElement;
      const width = Math.min(innerWidth, device);
      if (root.scrollWidth > width)
        problems.push(`${at}: the page is ${root.scrollWidth} px wide, the phone ${width}`);
      for (const el of document.querySelectorAll('select, input:not([type=hidden]), button, textarea')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
          continue;
        if (r.left < -0.5 || r.right > width + 0.5)
          problems.push(
            `${at}: ${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" runs from ${Math.round(r.left)} to ${Math.round(r.right)}`,
          );
      }
      return problems;
    },
    { at: where, device: page.viewportSize()!.width },
  );
}

/** A new-game form (local, online or the lobby's seek) in every game, number of players and team layout a person can pick: the problems found. */
async function everyTableChoice(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  const form = page.locator('form.new-game').first();
  const games = await form
    .locator('input[name=game]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  for (const game of games) {
    await form.locator(`label.game-choice:has(input[value=${game}])`).tap();
    const players = form.getByRole('combobox', { name: /^(Players|人数)/ });
    const counts = (await players.isEnabled())
      ? await players.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))
      : [''];
    for (const count of counts) {
      if (count) await players.selectOption(count);
      const teams = form.getByRole('combobox', { name: /^(Teams|チーム)/ });
      const layouts =
        (await teams.count()) > 0
          ? await teams.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))
          : [];
      for (const layout of layouts.length > 0 ? layouts : [null]) {
        if (layout !== null) await teams.selectOption(layout);
        problems.push(...(await widthProblems(page, `${where} ${game} ${count} ${layout ?? ''}`)));
      }
    }
  }
  return problems;
}

describeInChromium(
  'fit e2e (phone pages)',
  'no page is wider than a phone, and the hand keeps its size all round',
  () => {
    const h = useOnlineHarness('fit-phone');

    it('every page, and the new-game forms in every game, players and teams, fit 360 and 390 px phones without panning sideways', async () => {
      const started = Date.now();
      const problems: string[] = [];
      for (const [width, height, lang] of [
        [360, 740, 'en'],
        [390, 844, 'ja'],
      ] as const) {
        const page = await h().person(width, height, true);
        await page.goto(`${h().base}?nosw#/rules`);
        await page.evaluate(
          (l) => localStorage.setItem('hanafuda.prefs.v1', JSON.stringify({ lang: l })),
          lang,
        );
        // The page reads its preferences when it loads.
        await page.reload();
        const at = (hash: string) => `${lang} ${width}px ${hash}`;
        for (const hash of ['#/', '#/online', '#/lobby']) {
          await page.goto(`${h().base}?nosw${hash}`);
          await page.locator('form.new-game').first().waitFor();
          problems.push(...(await everyTableChoice(page, at(hash))));
          await page.screenshot({
            path: join(OUTPUT_DIR, `fit-page-${lang}-${width}x${height}-${hash.slice(2) || 'home'}.png`),
          });
        }
        for (const hash of [
          '#/account',
          '#/history',
          '#/replay',
          '#/rules',
          '#/rules/koikoi',
          '#/rules/nara',
          '#/rules/oibana',
          '#/learn/nara',
          '#/learn/koikoi',
          '#/learn/sakura',
        ]) {
          await page.goto(`${h().base}?nosw${hash}`);
          await page.locator('main > *').first().waitFor();
          await settle(page);
          problems.push(...(await widthProblems(page, at(hash))));
        }
        // A room of one's own, made by tapping, and a table against bots.
        await page.goto(`${h().base}?nosw#/online`);
        await page.locator('form.new-game').first().waitFor();
        await page.getByRole('button', { name: /Create the room|部屋を作る/ }).tap();
        await page.locator('#invite-link, .board').first().waitFor();
        problems.push(...(await widthProblems(page, at('#/room'))));
        await page.screenshot({ path: join(OUTPUT_DIR, `fit-page-${lang}-${width}x${height}-room.png`) });
        await page.goto(`${h().base}?nosw&botDelay=0#/`);
        await page.getByRole('button', { name: /Deal the cards|札を配る/ }).tap();
        await page.locator('.board').waitFor();
        await settle(page);
        problems.push(...(await widthProblems(page, at('#/play'))));
        await page.context().close();
      }
      console.log(`[fit e2e] page widths: ${Date.now() - started} ms`);
      expect(problems).toEqual([]);
    }, 180_000);
    it("keeps the open Menu button's label readable on a phone (contrast of 4.5 or more)", async () => {
      const page = await h().person(360, 740, true);
      await page.goto(`${h().base}?nosw#/rules`);
      const toggle = page.locator('.nav-toggle');
      await toggle.tap();
      await page.locator('.app-nav.open').waitFor();
      // The phone's menu lists the leaderboards (a wider header leaves them to the lobby and one's name, to keep to one line).
      expect(await page.locator('.app-nav.open a[href="#/leaderboard"]').isVisible()).toBe(true);
      await page.screenshot({ path: join(OUTPUT_DIR, 'menu-open-360x740.png') });
      const ratio = await toggle.evaluate((el) => {
        // Relative luminance (WCAG) of a computed rgb()/rgba() colour, a translucent one laid over the header's.
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        const header = rgb(getComputedStyle(el.closest('.app-header')!).backgroundColor);
        const over = (c: number[], under: number[]) => {
          const a = c[3] ?? 1;
          return [0, 1, 2].map((i) => c[i] * a + under[i] * (1 - a));
        };
        // The header itself lies over the felt: near black (its colour at its own alpha over black).
        const base = over(header, [0, 0, 0]);
        const lum = (c: number[]) =>
          c
            .map((v) => v / 255)
            .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
            .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
        const style = getComputedStyle(el);
        const bg = over(rgb(style.backgroundColor), base);
        const [a, b] = [lum(over(rgb(style.color), bg)), lum(bg)].sort((x, y) => y - x);
        return (a + 0.05) / (b + 0.05);
      });
      await page.screenshot({
        path: join(OUTPUT_DIR, 'fit-menu-open-360x740.png'),
        clip: { x: 0, y: 0, width: 360, height: 320 },
      });
      await page.context().close();
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    });

    it('labels an Oi-bana player who bids 0 "sits out", as the bots sitting out are labelled', async () => {
      const page = await h().person(360, 740, true);
      // Bots at a pace a screenshot can catch; the moment itself is caught as the page changes, below.
      await page.goto(`${h().base}?seed=fit-sit-out&botDelay=400&nosw#/`);
      await page.locator('label.game-choice:has(input[value=oibana])').tap();
      // Four at the table: the two highest bids play the round, the others sit it out.
      await page.getByRole('combobox', { name: 'Players' }).selectOption('4');
      await page.getByRole('button', { name: 'Deal the cards' }).tap();
      const bid = page.locator('.bid-form');
      await bid.locator('select').selectOption('0');
      // The auction over: every seat shows its hand or that it sits out, two of the four sitting out, and the
      // person's own panel read in that same moment. It lasts one round, so a poll on a loaded machine can miss
      // it (landing between rounds, where nobody sits out yet): an observer of the page's changes records it.
      await page.evaluate(() => {
        const seen = window as unknown as { sitOutLabels?: (string | null)[] };
        const observer = new MutationObserver(() => {
          const over =
            document.querySelector('.bid-form') === null &&
            [...document.querySelectorAll('.seat-panel')].every(
              (p) => p.querySelector('.hand-count, .sitting-out-text') !== null,
            ) &&
            document.querySelectorAll('.sitting-out-text').length === 2;
          if (!over) return;
          seen.sitOutLabels = [...document.querySelectorAll('.me .sitting-out-text')].map(
            (e) => e.textContent,
          );
          observer.disconnect();
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      });
      await bid.getByRole('button', { name: /Bid/ }).tap();
      const label = await page.waitForFunction(
        () => (window as unknown as { sitOutLabels?: (string | null)[] }).sitOutLabels,
      );
      await page.screenshot({ path: join(OUTPUT_DIR, 'fit-oibana-sits-out-360x740.png') });
      expect(await label.jsonValue()).toEqual([en.sittingOut]);
      await page.context().close();
    });

    /** The hand's card width (each card's, so one figure when they agree) and the field's largest, at one of the person's turns. */
    interface TurnSizes {
      readonly round: string;
      readonly hand: number[];
      readonly field: number;
    }

    for (const game of ['sakura', 'koikoi', 'nara']) {
      it(`${game}: a whole game by taps on a 360×740 phone, the hand's cards one size all round and never smaller than the field's`, async () => {
        const started = Date.now();
        const page = await h().person(360, 740, true);
        await page.goto(`${h().base}?seed=fit-hand-${game}&botDelay=0&nosw#/`);
        // The shortest game the new-game page offers: one round.
        await page.locator(`label.game-choice:has(input[value=${game}])`).tap();
        const length = page.locator('#opt-rounds, #opt-length');
        await length.fill(game === 'nara' ? 'rounds:1' : '1');
        await length.dispatchEvent('change');
        await page.getByRole('button', { name: 'Deal the cards' }).tap();
        const turns: TurnSizes[] = [];
        const anything = [...playChoices(), '.dialog.summary .btn.primary', GAME_OVER].join(', ');
        for (let i = 0; i < 400; i++) {
          await page.locator(anything).first().waitFor({ timeout: 60_000 });
          // Cards in flight landed: a tap on a moving card could land on the next turn's.
          await settle(page);
          if (await page.locator(GAME_OVER).isVisible()) break;
          const summary = page.locator('.dialog.summary .btn.primary');
          if (await summary.isVisible()) {
            await summary.tap();
            await summary.waitFor({ state: 'hidden' });
            continue;
          }
          const hand = page.locator('.hand button.card:not([disabled])');
          if (
            (await page.locator('.field button.card.is-target').count()) === 0 &&
            (await hand.count()) > 0
          ) {
            turns.push(
              await page.evaluate(() => ({
                round: document.querySelector('.round-info')?.textContent ?? '',
                hand: [...document.querySelectorAll('.hand .card')].map(
                  (c) => c.getBoundingClientRect().width,
                ),
                field: Math.max(
                  ...[...document.querySelectorAll('.field .card')].map(
                    (c) => c.getBoundingClientRect().width,
                  ),
                ),
              })),
            );
          }
          // A card to take, else a hand card, else a decision (its primary button first), as playOnce taps them.
          for (const selector of playChoices()) {
            const target = page.locator(selector).first();
            if (!(await target.isVisible())) continue;
            const handle = (await target.elementHandle())!;
            await handle.tap({ timeout: 5000 }).catch(() => undefined);
            // Taken: the button is gone or disabled, or (a hand card's) a card to take is asked for.
            await page.waitForFunction(
              (el) =>
                !el.isConnected ||
                (el as HTMLButtonElement).disabled ||
                (!el.matches('.is-target') &&
                  document.querySelector('.field button.card.is-target') !== null),
              handle,
              { timeout: 30_000 },
            );
            break;
          }
        }
        await page.locator(GAME_OVER).waitFor();
        await page.context().close();
        console.log(`[fit e2e] ${game} hand: ${turns.length} turns in ${Date.now() - started} ms`);
        expect(turns.length).toBeGreaterThan(0);
        const problems: string[] = [];
        for (const [i, turn] of turns.entries()) {
          const first = turns.find((t) => t.round === turn.round)!;
          const where = `${turn.round}, turn ${i + 1}`;
          if (Math.min(...turn.hand) < turn.field - 0.5)
            problems.push(
              `${where}: hand cards ${Math.min(...turn.hand)} px, under the field's ${turn.field}`,
            );
          if (turn.hand.some((w) => Math.abs(w - first.hand[0]) > 0.5))
            problems.push(
              `${where}: hand cards ${turn.hand.join(', ')} px, ${first.hand[0]} at the round's first turn`,
            );
        }
        expect(problems).toEqual([]);
      }, 120_000);
    }
  },
);
