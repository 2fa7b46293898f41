/** Starts the built app on a free port and Debian's Chromium on a fresh profile, for the end-to-end tests. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { WEB_DIR } from './build-app.js';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** A suite of browser tests, skipped with one line saying why where Chromium is missing. */
export function describeInChromium(suite: string, name: string, body: () => void): void {
  if (!hasChromium)
    console.warn(
      `\n[web ${suite}] SKIPPED: ${CHROMIUM} is missing (apt-get install -y chromium to run the browser tests)\n`,
    );
  describe.skipIf(!hasChromium)(name, body);
}
/** Screenshots go to the repository's test-output/ (git-ignored). */
export const OUTPUT_DIR = resolve(WEB_DIR, '../../test-output/web');

export interface Harness {
  readonly base: string;
  readonly context: BrowserContext;
  newPage(width: number, height: number): Promise<Page>;
  close(): Promise<void>;
}

/** A harness for the suite it is called in: started before its tests, closed after them; the tests read it through the getter. */
export function useHarness(startTimeoutMs = 90_000, options: HarnessOptions = {}): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness(options);
  }, startTimeoutMs);
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error('the browser harness has not started');
    return harness;
  };
}

/** Chromium's flags for the tests (DESIGN.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A browser whose contexts do not share storage: one per person at an online table. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface HarnessOptions {
  /** The test emulates each device itself through the DevTools protocol (test/e2e/fit.ts): Playwright sets no viewport of its own. */
  readonly deviceEmulation?: boolean;
}

/** The app this run's global setup built (build-once.ts), for a suite to serve; it is never written again. */
export function builtApp(): string {
  const dir = inject('webDist');
  if (!dir)
    throw new Error(
      'the browser tests serve the app their global setup builds: run them in the browser project',
    );
  return dir;
}

/** Serves the app this run built on a free port, and opens Debian's Chromium on a fresh profile. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  // serve.js is plain JavaScript, shared with `npm start`.
  const { startServer } = (await import(join(WEB_DIR, 'serve.js'))) as {
    startServer: (port: number, host: string, dir: string) => Promise<Server>;
  };
  const server = await startServer(0, '127.0.0.1', builtApp());
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const profile = mkdtempSync(join(tmpdir(), 'hanafuda-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: options.deviceEmulation ? null : { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  // Only one page at a time: the blank first page would keep later ones in the background.
  for (const page of context.pages()) await page.close();
  mkdirSync(OUTPUT_DIR, { recursive: true });
  return {
    base: `http://127.0.0.1:${port}/`,
    context,
    async newPage(width, height) {
      const page = await context.newPage();
      // A page in the background gets no animation frames, and Playwright waits for them.
      await page.bringToFront();
      await page.setViewportSize({ width, height });
      page.on('pageerror', (e) => console.error('page error:', e.message));
      return page;
    },
    async close() {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Chooses a game, optionally its players and team layout, and its length on the new-game screen, then deals. */
export async function newGame(
  page: Page,
  game: string,
  rounds: number,
  table: { players?: number; teams?: string } = {},
): Promise<void> {
  await page.locator(`input[name=game][value=${game}]`).check({ force: true });
  if (table.players !== undefined)
    await page.getByRole('combobox', { name: /Players|人数/ }).selectOption(String(table.players));
  if (table.teams !== undefined)
    await page.getByRole('combobox', { name: /^(Teams|チーム)/ }).selectOption(table.teams);
  const length = page.locator('#opt-rounds, #opt-length');
  await length.fill(game === 'nara' ? `rounds:${rounds}` : String(rounds));
  await length.dispatchEvent('change');
  await page.getByRole('button', { name: /Deal the cards|札を配る/ }).click();
  await page.locator('.board').waitFor();
}

/**
 * Plays as a person would, by clicking, until `done` is visible: a field card to choose when
 * one is offered, else a playable hand card, else the first decision button (`prefer` first).
 */
export async function playUntil(
  page: Page,
  done: string,
  prefer = '.prompt-lines .btn.primary',
  limit = 600,
): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await page.locator(done).isVisible()) return;
    const clicked = await playOnce(page, prefer);
    await page.waitForTimeout(clicked ? 60 : 40);
  }
  throw new Error(`${done} never appeared`);
}

/** What a person clicks to play, in order: a field card to choose, a playable hand card, a decision (`prefer` first). */
export const playChoices = (prefer = '.prompt-lines .btn.primary'): string[] => [
  '.field button.card.is-target',
  '.hand button.card:not([disabled])',
  prefer,
  '.prompt-lines .btn',
];

/** One click of `playUntil` (a target, a hand card or a decision), if one is offered; true if it clicked. `tap` taps instead, on a touch screen. */
export async function playOnce(
  page: Page,
  prefer = '.prompt-lines .btn.primary',
  how: 'click' | 'tap' = 'click',
): Promise<boolean> {
  const choices = playChoices(prefer);
  for (const selector of choices) {
    const target = page.locator(selector).first();
    if (await target.isVisible().catch(() => false)) {
      await target[how]({ timeout: 2000 }).catch(() => undefined);
      return true;
    }
  }
  return false;
}

/** Waits for the cards in flight to land (the endless pulse of a card to choose is not waited for). */
export function settle(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        // A cancelled animation (its element left the page) is settled too.
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Plays `turns` of the person's turns by clicking (the first playable card, the first target offered), then waits for their next turn. */
export async function playTurns(page: Page, turns: number): Promise<void> {
  for (let i = 0; i < turns; i++) {
    await page.locator('.hand button.card:not([disabled])').first().waitFor();
    const before = await page.locator('.hand button.card').count();
    await page.locator('.hand button.card:not([disabled])').first().click();
    // A capture choice, when the card matches two on the field, then the card leaves the hand.
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('.hand button.card').length < n ||
        document.querySelector('.field button.card.is-target') !== null,
      before,
    );
    const target = page.locator('.field button.card.is-target').first();
    if (await target.isVisible()) await target.click();
    await page.waitForFunction((n) => document.querySelectorAll('.hand button.card').length < n, before);
  }
  await page.locator('.hand button.card:not([disabled])').first().waitFor();
}

/** What the person sees of the position once it is their turn: their hand, the field, every seat's captures and the round. */
export async function seatPosition(
  page: Page,
): Promise<{ hand: string[]; field: string[]; captures: string[]; round: string }> {
  await page.locator('.hand button.card:not([disabled])').first().waitFor();
  await settle(page);
  return page.evaluate(() => {
    const cards = (selector: string) =>
      [...document.querySelectorAll(selector)].map((el) => el.getAttribute('data-card') ?? '');
    return {
      hand: cards('.hand .card'),
      field: cards('.field .card').sort(),
      captures: cards('.captures .card').sort(),
      round: document.querySelector('.round-info')?.textContent ?? '',
    };
  });
}

/** The play log's lines, newest first. */
export const logLines = (page: Page): Promise<string[]> => page.locator('.log li').allTextContents();

/** axe-core's serious and critical findings on the page as it is now (empty when there are none). */
export async function seriousA11yViolations(
  page: Page,
): Promise<{ id: string; impact: string; nodes: number }[]> {
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axe });
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (el: Element) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>;
        };
      }
    ).axe.run(document.body);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const GAME_OVER = '.dialog.game-over';

/**
 * Plays this page's turns by clicking, as a person would, until the game-over dialog shows;
 * after each click it waits for the page to take it (the card leaves, or a target is asked for).
 */
export async function playToTheEnd(page: Page): Promise<void> {
  const anything = [...playChoices(), '.dialog.summary .btn.primary', GAME_OVER].join(', ');
  for (let i = 0; i < 1000; i++) {
    await page.locator(anything).first().waitFor({ timeout: 120_000 });
    if (await page.locator(GAME_OVER).isVisible()) return;
    const summary = page.locator('.dialog.summary .btn.primary');
    const choice = (await summary.isVisible()) ? summary : page.locator(playChoices().join(', ')).first();
    const handle = await choice.elementHandle({ timeout: 1000 }).catch(() => null);
    if (!handle) continue;
    await handle.click({ timeout: 5000 }).catch(() => undefined);
    await page
      .waitForFunction(
        (el) =>
          !el.isConnected ||
          (el as HTMLButtonElement).disabled ||
          (!el.matches('.is-target') && document.querySelector('.field button.card.is-target') !== null),
        handle,
        { timeout: 30_000 },
      )
      .catch(() => undefined);
  }
  throw new Error('the game never ended');
}
