/**
 * The yaku moment in Chromium: a seeded game played by clicking until a side completes a
 * yaku; the moment shows that yaku's cards (the engine's tables), its name and what it
 * scores in English and Japanese, plays a chime when sounds are on, takes no tap, keeps off
 * the prompt and the hand, honours reduced motion, and goes by itself.
 */
import {
  KOIKOI_YAKU,
  SAKURA_VALUES,
  SAKURA_YAKU,
  SAKURA_YAKU_PENALTY,
  cardById,
  cardId,
} from '@hanafuda/engine';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  launchChromium,
  newGame,
  OUTPUT_DIR,
  playChoices,
  playOnce,
  useHarness,
  describeInChromium,
} from './e2e/browser.js';

interface Seen {
  /** Per banner (one a side), the yaku it announces. */
  readonly yaku: string[][];
  readonly cards: string[][];
  readonly lines: string[];
  readonly stakes: string[];
  readonly pointerEvents: string;
  /** Hand buttons whose centre's hit is the moment. */
  readonly handBlocked: number;
  /** Whether a real tap at the showcase's centre reached the moment. */
  readonly tapReachedMoment: boolean;
  /** Whether a tap at the showcase's centre lands on the moment. */
  readonly showcaseTakesTap: boolean;
  /** The moment's overlap (px²) with the prompt and with the hand. */
  readonly overPrompt: number;
  readonly overHand: number;
  readonly animations: number;
  readonly chimes: number;
}

/** Plays by clicking, or tapping (continuing between rounds) until the moment shows, then reads it at once. */
async function playToYaku(page: Page, limit = 800, how: 'click' | 'tap' = 'click'): Promise<Seen> {
  for (let i = 0; i < limit; i++) {
    if (await page.locator('.yaku-moment').isVisible()) {
      // The cards have come forward (at once under reduced motion).
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.yaku-card')].every((c) =>
          c.getAnimations().every((a) => a.playState === 'finished'),
        ),
      );
      // The moment is fitted again when the field's box changes (a Koi-Koi call's prompt, shown
      // with it, takes room on a phone), by a ResizeObserver in the next frame: read it once the
      // layout has held still from one frame to the next, not between a change and its fitting.
      // The layout kept from an earlier moment is dropped first: only two frames of this one compare.
      await page.evaluate(() => delete (window as unknown as { lastLayout?: string }).lastLayout);
      await page.waitForFunction(
        () => {
          const w = window as unknown as { lastLayout?: string };
          const box = (selector: string) =>
            JSON.stringify(document.querySelector(selector)?.getBoundingClientRect());
          const now = box('.yaku-moment') + box('.prompt') + box('.hand');
          const still = w.lastLayout === now;
          w.lastLayout = now;
          return still;
        },
        undefined,
        { polling: 'raf', timeout: 5000 },
      );
      const seen: Omit<Seen, 'tapReachedMoment'> = await page.evaluate(() => {
        const moment = document.querySelector<HTMLElement>('.yaku-moment')!;
        const box = moment.getBoundingClientRect();
        const overlap = (selector: string) => {
          const r = document.querySelector(selector)?.getBoundingClientRect();
          if (!r) return 0;
          return (
            Math.max(0, Math.min(r.right, box.right) - Math.max(r.left, box.left)) *
            Math.max(0, Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top))
          );
        };
        const hit = (r: DOMRect) => document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const banners = [...moment.querySelectorAll<HTMLElement>('.yaku-banner')];
        return {
          yaku: banners.map((b) => b.dataset.yaku!.split(' ')),
          cards: banners.map((b) =>
            [...b.querySelectorAll<HTMLElement>('[data-yaku-card]')].map((c) => c.dataset.yakuCard!),
          ),
          lines: banners.map((b) => b.querySelector('.yaku-line')!.textContent!),
          stakes: banners.map((b) => b.querySelector('.yaku-stake')!.textContent!),
          pointerEvents: getComputedStyle(moment).pointerEvents,
          handBlocked: [...document.querySelectorAll<HTMLElement>('.hand button.card')].filter((b) =>
            moment.contains(hit(b.getBoundingClientRect())),
          ).length,
          showcaseTakesTap: moment.contains(
            hit(moment.querySelector('.yaku-showcase')!.getBoundingClientRect()),
          ),
          overPrompt: overlap('.prompt'),
          overHand: overlap('.hand'),
          animations: (window as unknown as { cardAnimations: number }).cardAnimations,
          chimes: (window as unknown as { chimes: number }).chimes,
        };
      });
      // A real tap where the cards are: it goes to the table under them, never to the moment.
      const centre = await page.locator('.yaku-showcase').first().boundingBox();
      const tapped = page.evaluate(
        () =>
          new Promise<boolean>((resolve) =>
            addEventListener(
              'pointerdown',
              (e) => resolve(document.querySelector('.yaku-moment')?.contains(e.target as Node) ?? false),
              {
                once: true,
                capture: true,
              },
            ),
          ),
      );
      await page.mouse.move(centre!.x + centre!.width / 2, centre!.y + centre!.height / 2);
      await page.mouse.down();
      await page.mouse.up();
      return { ...seen, tapReachedMoment: await tapped };
    }
    const next = page.locator('.dialog.summary .btn.primary');
    if (await next.isVisible()) await next[how]();
    else if (!(await playOnce(page, '.hand button.card:not([disabled])', how))) await page.waitForTimeout(30);
  }
  throw new Error('no yaku was completed');
}

/** A 360×740 touch phone, as a person holds one: the tests on it tap. */
async function openPhone(url: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  // Every waiting line and every turn a screen reader announces, as the page shows them (bots play at once: no poll would see them all).
  await page.addInitScript(() => {
    const w = window as unknown as { waits: Set<string>; turns: Set<string> };
    w.waits = new Set();
    w.turns = new Set();
    new MutationObserver(() => {
      const wait = document.querySelector('.prompt-text.waiting')?.textContent;
      const turn = document.querySelector('.seat-panel.is-turn')?.getAttribute('aria-label');
      if (wait) w.waits.add(wait);
      if (turn) w.turns.add(turn);
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.goto(url);
  return { page, close: () => browser.close() };
}

/** Taps on until the round's summary shows, each tap once the page offers the next thing to tap. */
async function tapToSummary(page: Page): Promise<void> {
  const summary = page.locator('.dialog.summary');
  const anything = page.locator([...playChoices(), '.dialog.summary'].join(', ')).first();
  for (let i = 0; i < 400 && !(await summary.isVisible()); i++) {
    await anything.waitFor();
    await playOnce(page, '.prompt-lines .btn.primary', 'tap');
  }
  await summary.waitFor();
}

/** The page's preferences (language, sounds) before it loads, a count of the yaku chime's top note and of the yaku cards' entrances. */
async function openAt(page: Page, url: string, lang: 'en' | 'ja'): Promise<void> {
  await page.addInitScript((l) => {
    localStorage.setItem('hanafuda.prefs.v1', JSON.stringify({ lang: l, sound: true }));
    const w = window as unknown as { chimes: number; cardAnimations: number };
    w.chimes = 0;
    // Counted as they start, not polled: on a loaded machine a card may have finished coming forward before a poll.
    w.cardAnimations = 0;
    addEventListener(
      'animationstart',
      (e) => {
        if ((e as AnimationEvent).animationName === 'yaku-card-in') w.cardAnimations++;
      },
      true,
    );
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const osc = create.call(this);
      // The chime's last note (sounds.ts) is set on the oscillator after it is made.
      queueMicrotask(() => {
        if (Math.round(osc.frequency.value) === 784) w.chimes++;
      });
      return osc;
    };
  }, lang);
  await page.goto(url);
}

const sakuraCards = (id: string) =>
  SAKURA_YAKU.find((y) => y.id === id)!
    .cards.map(cardId)
    .sort();

describeInChromium('yaku e2e', 'the yaku moment in Chromium', () => {
  const h = useHarness(90_000);

  for (const [lang, width, height] of [
    ['en', 1366, 768],
    ['ja', 360, 740],
  ] as const) {
    it(`Sakura in ${lang} at ${width}x${height}: the yaku's cards, name and −50 each, never in the way`, async () => {
      const page = await h().newPage(width, height);
      await openAt(page, `${h().base}?seed=yaku-moment&botDelay=0&nosw#/`, lang);
      await newGame(page, 'sakura', 3);
      const seen = await playToYaku(page);
      await page.screenshot({ path: join(OUTPUT_DIR, `yaku-moment-sakura-${lang}-${width}x${height}.png`) });
      for (const [i, ids] of seen.yaku.entries()) {
        expect([...seen.cards[i]!].sort()).toEqual([...new Set(ids.flatMap(sakuraCards))].sort());
        const penalty = SAKURA_YAKU_PENALTY * ids.length;
        if (lang === 'en') {
          for (const id of ids) expect(seen.lines[i]).toContain(SAKURA_YAKU.find((y) => y.id === id)!.name);
          expect(seen.stakes[i]).toBe(`the others −${penalty} each`);
        } else {
          // The yaku's name (after the makers' names, which may be Latin) in Japanese.
          expect(seen.lines[i]).toMatch(/が[^A-Za-z]+を完成$/);
          expect(seen.stakes[i]).toBe(`相手はそれぞれ −${penalty}点`);
        }
      }
      expect(seen.pointerEvents).toBe('none');
      expect(seen.showcaseTakesTap).toBe(false);
      expect(seen.tapReachedMoment).toBe(false);
      expect(seen.handBlocked).toBe(0);
      expect(seen.overPrompt).toBe(0);
      expect(seen.overHand).toBe(0);
      expect(seen.animations).toBeGreaterThan(0);
      expect(seen.chimes).toBeGreaterThan(0);
      await page.locator('.yaku-moment').waitFor({ state: 'detached', timeout: 10_000 });
      await page.close();
    }, 180_000);
  }

  for (const [lang, width, height] of [
    ['ja', 1366, 768],
    ['en', 360, 740],
  ] as const) {
    it(`Koi-Koi in ${lang} at ${width}x${height}: the yaku's cards and points, with reduced motion`, async () => {
      const page = await h().newPage(width, height);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openAt(page, `${h().base}?seed=yaku-moment&botDelay=0&nosw#/`, lang);
      await newGame(page, 'koikoi', 3);
      const seen = await playToYaku(page);
      await page.screenshot({ path: join(OUTPUT_DIR, `yaku-moment-koikoi-${lang}-${width}x${height}.png`) });
      for (const [i, ids] of seen.yaku.entries()) {
        for (const id of ids) {
          const yaku = KOIKOI_YAKU.find((y) => y.id === id)!;
          expect(seen.lines[i]).toContain(lang === 'ja' ? yaku.ja : yaku.name);
        }
        expect(seen.stakes[i]).toMatch(lang === 'ja' ? /^\d+点$/ : /^worth \d+ points?$/);
        expect(seen.cards[i]!.length).toBeGreaterThan(0);
      }
      expect(seen.showcaseTakesTap).toBe(false);
      expect(seen.tapReachedMoment).toBe(false);
      expect(seen.handBlocked).toBe(0);
      expect(seen.overPrompt).toBe(0);
      expect(seen.overHand).toBe(0);
      // Reduced motion: the cards come forward without moving.
      expect(seen.animations).toBe(0);
      await page.locator('.yaku-moment').waitFor({ state: 'detached', timeout: 10_000 });
      await page.close();
    }, 180_000);
  }

  it('speaks Japanese as a Japanese player reads it: katakana names, bracketed yaku, no "&", natural turns (phone, taps)', async () => {
    const { page, close } = await openPhone(`${h().base}?seed=yaku-moment&botDelay=0&nosw#/`);
    // Switched to Japanese as a person does it: by the language button.
    await page.getByRole('button', { name: /Language/ }).tap();
    await page.getByRole('button', { name: '札を配る' }).waitFor();
    await newGame(page, 'sakura', 3);
    const seen = await playToYaku(page, 800, 'tap');
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-yaku-moment-ja-360x740.png') });
    for (const [i, ids] of seen.yaku.entries()) {
      // 「ツキが「と（藤・菖蒲・萩のタネ）」を完成」: the makers (あなた or katakana, joined by と), が, each yaku bracketed, を完成.
      expect(seen.lines[i]).toMatch(
        /^(あなた|[ァ-ヿ]+)(と(あなた|[ァ-ヿ]+))*が「[^」]+」(・「[^」]+」)*を完成$/,
      );
      expect(seen.lines[i]).not.toMatch(/[A-Za-z&]/);
      expect(seen.stakes[i]).toBe(`相手はそれぞれ −${SAKURA_YAKU_PENALTY * ids.length}点`);
    }
    // The seats' captures in words: 「取り札 35点」, and what a tap shows.
    for (const words of await page.locator('.seat-panel .sum-words').allTextContents())
      expect(words).toMatch(/^取り札 \d+点$/);
    await tapToSummary(page);
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-round-summary-ja-360x740.png') });
    const summary = await page.evaluate(() => ({
      headline: document.querySelector('#sum-title')!.textContent!,
      names: [...document.querySelectorAll('.sum-side h3, .totals th')].map((e) => e.textContent!),
    }));
    expect(summary.headline).toMatch(/^第\d+局終了：((あなた|[ァ-ヿ]+)の勝ち|得点なし)$/);
    for (const name of summary.names) expect(name).not.toMatch(/[A-Za-z&]/);
    const { waits, turns } = await page.evaluate(() => {
      const w = window as unknown as { waits: Set<string>; turns: Set<string> };
      return { waits: [...w.waits], turns: [...w.turns] };
    });
    // 「ツキの番です…」, not 「待機中 Tsuki…」; a screen reader hears 「カゼの番」, not 「Kaze, の番」.
    expect(waits.length).toBeGreaterThan(0);
    for (const line of waits) expect(line).toMatch(/^[ァ-ヿ]+の番です…$/);
    expect(turns.length).toBeGreaterThan(0);
    for (const label of turns) expect(label).toMatch(/^[ァ-ヿ]+の番$/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-round-summary-ja-1280x800.png') });
    await page.locator('.dialog.summary .btn.primary').tap();
    await page.locator('.dialog.summary').waitFor({ state: 'detached' });
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-seats-ja-1280x800.png') });
    await close();
  }, 180_000);

  it('says a seat’s score in words a newcomer reads, the compact count a tap away (English phone, taps)', async () => {
    const { page, close } = await openPhone(`${h().base}?seed=yaku-moment&botDelay=0&nosw#/`);
    await newGame(page, 'sakura', 3);
    // A bot's seat once it has captured: the first to show its points.
    const seat = page.locator('.seat-panel', { has: page.locator('.sum-words') }).first();
    const words = seat.locator('.sum-words');
    for (let i = 0; i < 200 && !(await words.isVisible()); i++) {
      await page.locator(playChoices().join(', ')).first().waitFor();
      await playOnce(page, '.prompt-lines .btn.primary', 'tap');
    }
    expect(await words.textContent()).toMatch(/^\d+ points? from cards$/);
    expect(await seat.locator('summary .tap-how').textContent()).toBe('tap for how');
    expect(await seat.locator('summary').textContent()).not.toMatch(/×/);
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-seats-en-360x740.png') });
    await seat.locator('summary').tap();
    const compact = seat.locator('.capture-compact');
    await compact.waitFor();
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-seat-open-en-360x740.png') });
    // The cards the tap shows, counted by the engine's values (docs/rules.md 3.4): the words and the compact form agree with them.
    // Read in one go: the bots play on meanwhile, and the three must speak of the same cards.
    const [said, compactText, cards] = await seat.evaluate(
      (el) =>
        [
          el.querySelector('.sum-words')?.textContent ?? '',
          el.querySelector('.capture-compact')?.textContent ?? '',
          [...el.querySelectorAll('.capture-popover [data-card]')].map((e) => e.getAttribute('data-card')!),
        ] as const,
    );
    const points = cards.reduce((sum, id) => sum + SAKURA_VALUES[cardById(id)!]!, 0);
    expect(said).toBe(`${points} ${points === 1 ? 'point' : 'points'} from cards`);
    expect(compactText).toMatch(new RegExp(`^(\\d+×\\d+)+= ${points} pts$`));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-seats-en-1280x800.png') });
    await tapToSummary(page);
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-round-summary-en-1280x800.png') });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-round-summary-en-360x740.png') });
    await close();
  }, 120_000);

  it('says Nara’s card points against the 160 that breaks even, in words (English phone, taps)', async () => {
    const { page, close } = await openPhone(`${h().base}?seed=yaku-moment&botDelay=0&nosw#/`);
    await newGame(page, 'nara', 1);
    const words = page.locator('.seat-panel .sum-words').first();
    for (let i = 0; i < 200 && !(await words.isVisible()); i++) {
      await page.locator(playChoices().join(', ')).first().waitFor();
      await playOnce(page, '.prompt-lines .btn.primary', 'tap');
    }
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-seats-nara-en-360x740.png') });
    // A tap says how: docs/rules.md 5.4, a seat's card score is its card points less 160.
    const seat = page.locator('.seat-panel', { has: page.locator('.sum-words') }).first();
    await seat.locator('summary').tap();
    await seat.locator('.capture-how').waitFor();
    // The bots play on meanwhile: the seat's words and its detail are read in one go, so they speak of the same cards.
    const [seatText, howText] = await seat.evaluate((el) => [
      el.querySelector('.sum-words')?.textContent ?? '',
      el.querySelector('.capture-how')?.textContent ?? '',
    ]);
    const said = /^(−?\d+) points from cards$/.exec(seatText)?.[1];
    const [, points, score] = /^(\d+) card points, 160 needed to break even: ([+−]?\d+)$/.exec(howText) ?? [];
    expect(Number(score!.replace('−', '-'))).toBe(Number(points) - 160);
    expect(said).toBe(score!.replace('+', ''));
    await page.screenshot({ path: join(OUTPUT_DIR, 'words-seat-open-nara-en-360x740.png') });
    await close();
  }, 120_000);
});
