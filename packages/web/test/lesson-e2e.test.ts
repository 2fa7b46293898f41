/**
 * The guided first games in Chromium: each lesson is played to its end by following its
 * prompts (the prompt shown must be the step's, then its move is made by clicking), a wrong
 * move is explained and not played, the first-visit offer shows once, and the Rules page
 * links the lessons and shows the deck chart. Screenshots in test-output/web/.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Action } from '@hanafuda/engine';
import { LESSONS, learnerSteps, type Lesson } from '@hanafuda/table';
import { en } from '../src/i18n/en.js';
import { ja } from '../src/i18n/ja.js';
import {
  launchChromium,
  OUTPUT_DIR,
  seriousA11yViolations,
  settle,
  useHarness,
  describeInChromium,
} from './e2e/browser.js';

type Lang = 'en' | 'ja';
const STRINGS = { en, ja };
const SIZES: Record<'desktop' | 'phone', [number, number]> = { desktop: [1280, 800], phone: [390, 844] };

async function setLang(page: Page, base: string, lang: Lang): Promise<void> {
  await page.goto(`${base}?nosw#/rules`);
  await page.evaluate((l) => localStorage.setItem('hanafuda.prefs.v1', JSON.stringify({ lang: l })), lang);
  // The page reads its preferences when it loads.
  await page.reload();
}

const panel = (page: Page) => page.locator('.lesson-panel');

/** Waits until the lesson awaits the learner's step `index` (or its end) and returns the prompt shown. */
async function promptAt(page: Page, index: number | 'end'): Promise<string> {
  await page.locator(`.lesson-panel[data-lesson-step="${index}"]`).waitFor({ timeout: 20_000 });
  await settle(page);
  return (await page.locator('.lesson-say').innerText()).trim();
}

/** Makes a move by clicking, as the prompt tells a person to. */
async function perform(page: Page, action: Action, lang: Lang): Promise<void> {
  const t = STRINGS[lang];
  if ('play' in action) {
    await page.locator(`.hand button.card[data-card="${action.play}"]`).click();
    if ('take' in action && action.take)
      await page.locator(`.field button.card.is-target[data-card="${action.take}"]`).click();
  } else if ('hiki' in action) await page.locator('.prompt .btn', { hasText: t.takeHiki }).click();
  else if ('koikoi' in action) await page.locator('.prompt .btn', { hasText: t.callKoikoi }).click();
  else if ('shobu' in action) await page.locator('.prompt .btn', { hasText: t.callShobu }).click();
  else if ('pile' in action) await page.locator('.prompt .pile-choice').nth(action.pile).click();
  else throw new Error(`the test cannot click ${JSON.stringify(action)}`);
}

/** A move the step does not want, by clicking: another playable hand card (and its first target), or the other pile. */
async function performWrong(page: Page, action: Action): Promise<string> {
  if ('pile' in action) {
    await page
      .locator('.prompt .pile-choice')
      .nth(1 - action.pile)
      .click();
    return `pile ${1 - action.pile}`;
  }
  if (!('play' in action)) throw new Error('the first step of each lesson is a play or a pile');
  const other = page.locator(`.hand button.card:not([disabled]):not([data-card="${action.play}"])`).first();
  const id = (await other.getAttribute('data-card'))!;
  await other.click();
  const target = page.locator('.field button.card.is-target').first();
  if (await target.isVisible()) await target.click();
  return id;
}

async function playLesson(
  page: Page,
  base: string,
  lesson: Lesson,
  lang: Lang,
  size: keyof typeof SIZES,
): Promise<void> {
  const t = STRINGS[lang];
  const shot = (stage: string) =>
    page.screenshot({ path: join(OUTPUT_DIR, `lesson-${lesson.id}-${lang}-${size}-${stage}.png`) });
  await page.goto(`${base}?botDelay=150&nosw#/learn/${lesson.id}`);
  await expect
    .poll(() => panel(page).locator('.lesson-title').innerText())
    .toContain(t.lessons[lesson.title]);
  const steps = learnerSteps(lesson);
  for (const [i, step] of steps.entries()) {
    expect(await promptAt(page, i), `${lesson.id} step ${i}`).toBe(t.lessons[step.say!]);
    expect(await page.locator('.lesson-wrong').count(), 'a right move clears the correction').toBe(0);
    if (i === 0) {
      expect(await page.locator('.lesson-intro').innerText()).toBe(t.lessons[lesson.intro]);
      await shot('1-start');
      // A wrong move: explained kindly, not played (the hand and the step stay as they were).
      const handBefore = await page.locator('.hand button.card').count();
      const tried = await performWrong(page, step.action);
      await expect.poll(() => page.locator('.lesson-wrong').innerText()).toContain(t.lessons[step.wrong!]);
      // ... in sight at the top of the prompt (the panel scrolls on a phone), and the card to look for lit.
      const [box, within] = await Promise.all([
        page.locator('.lesson-wrong').boundingBox(),
        panel(page).boundingBox(),
      ]);
      expect(box!.y).toBeGreaterThanOrEqual(within!.y);
      expect(box!.y + box!.height).toBeLessThanOrEqual(within!.y + within!.height);
      if ('play' in step.action)
        await page.locator(`.hand button.card.is-hint[data-card="${step.action.play}"]`).waitFor();
      await shot('2-wrong-move');
      if (size === 'desktop') expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await page.locator('.hand button.card').count(), `${tried} was not played`).toBe(handBefore);
      expect(await panel(page).getAttribute('data-lesson-step')).toBe('0');
    }
    if (i === 2) {
      // The middle of the lesson: the hand card of the step selected, its targets offered where it has a choice.
      if ('play' in step.action && 'take' in step.action) {
        await page.locator(`.hand button.card[data-card="${step.action.play}"]`).click();
        await page.locator('.field button.card.is-target').first().waitFor();
        await shot('3-choice');
        await page.locator(`.field button.card.is-target[data-card="${step.action.take}"]`).click();
        continue;
      }
      await shot('3-step');
    }
    await perform(page, step.action, lang);
  }
  expect(await promptAt(page, 'end')).toBe(t.lessons[lesson.end]);
  // The round's breakdown, then the end of the lesson with its closing words.
  await page.locator('.dialog.summary').waitFor();
  await shot('4-round-end');
  await page.locator('.dialog.summary .btn.primary.big').click();
  await page.locator('.lesson-end').waitFor();
  expect(await page.locator('.lesson-end').innerText()).toContain(t.lessons[lesson.end]);
  await shot('5-end');
}

/** Whether the element is inside the window and on top at its centre (a finger can reach it). */
function reachable(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      if (
        r.width === 0 ||
        r.left < 0 ||
        r.top < 0 ||
        r.right > innerWidth + 0.5 ||
        r.bottom > innerHeight + 0.5
      )
        return false;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && (hit === el || el.contains(hit));
    });
}

/** The selector of what a step asks the learner to tap first. */
function expectedTarget(action: Action, t: (typeof STRINGS)[Lang]): string {
  if ('play' in action) return `.hand button.card[data-card="${action.play}"]`;
  if ('koikoi' in action) return `.prompt .btn:has-text("${t.callKoikoi}")`;
  if ('shobu' in action) return `.prompt .btn:has-text("${t.callShobu}")`;
  if ('hiki' in action) return `.prompt .btn:has-text("${t.takeHiki}")`;
  if ('pile' in action) return `.prompt .pile-choice >> nth=${action.pile}`;
  throw new Error(`no target for ${JSON.stringify(action)}`);
}

/** One wrong tap for the step (the other decision, another hand card, or another card to take); false when the step leaves none (its only card, one way to play it). */
async function tapWrong(page: Page, action: Action, t: (typeof STRINGS)[Lang]): Promise<boolean> {
  if ('koikoi' in action) await page.locator('.prompt .btn', { hasText: t.callShobu }).tap();
  else if ('shobu' in action) await page.locator('.prompt .btn', { hasText: t.callKoikoi }).tap();
  else if ('pile' in action)
    await page
      .locator('.prompt .pile-choice')
      .nth(1 - action.pile)
      .tap();
  else if ('hiki' in action) await page.locator('.hand button.card:not([disabled])').first().tap();
  else if (!('play' in action)) throw new Error(`the test cannot tap ${JSON.stringify(action)} wrongly`);
  else {
    const other = page.locator(`.hand button.card:not([disabled]):not([data-card="${action.play}"])`).first();
    if ((await other.count()) > 0) {
      await other.tap();
      const target = page.locator('.field button.card.is-target').first();
      if (await target.isVisible()) await target.tap();
      return true;
    }
    // The only card to play: the wrong tap is another card it could take, if it has a choice.
    const others = `.field button.card:not([data-card="${'take' in action ? action.take : ''}"])`;
    if (!('take' in action)) return false;
    await page.locator(`.hand button.card[data-card="${action.play}"]`).tap();
    await page.waitForFunction(
      (play) =>
        !document.querySelector(`.hand [data-card="${play}"]`) ||
        document.querySelector('.field button.card') !== null,
      action.play,
    );
    if ((await page.locator(others).count()) === 0)
      throw new Error(`${action.play} has no wrong capture to tap`);
    await page.locator(others).first().tap();
  }
  return true;
}

/** Makes the step's move by taps. */
async function tapRight(page: Page, action: Action, t: (typeof STRINGS)[Lang]): Promise<void> {
  await page.locator(expectedTarget(action, t)).first().tap();
  if (!('play' in action && 'take' in action && action.take)) return;
  // A card with one capture plays at once; one with two offers its targets (a field card is a button only then; the hint may light it instead of the target's glow).
  const target = page.locator(`.field button.card[data-card="${action.take}"]`);
  await page.waitForFunction(
    (play) =>
      !document.querySelector(`.hand [data-card="${play}"]`) ||
      document.querySelector('.field button.card') !== null,
    action.play,
  );
  if ((await target.count()) > 0)
    await target.tap({ timeout: 5000 }).catch(async (e: unknown) => {
      await page.screenshot({ path: join(OUTPUT_DIR, 'lesson-tap-failed.png') });
      throw e;
    });
}

describeInChromium('lesson e2e', 'the guided first games in Chromium', () => {
  const h = useHarness(90_000);

  /** A 360×740 touch phone whose app speaks `lang` (set as a player's stored choice). */
  async function touchPhoneIn(
    browser: Browser,
    lang: 'en' | 'ja',
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto(`${h().base}?nosw#/rules`);
    await page.evaluate((l) => localStorage.setItem('hanafuda.prefs.v1', JSON.stringify({ lang: l })), lang);
    return { context, page };
  }

  for (const id of ['koikoi', 'sakura'] as const) {
    it(`${id}: completed by taps alone on a 360×740 touch phone in both languages, with one wrong tap at every step`, async () => {
      const browser = await launchChromium();
      try {
        for (const lang of ['en', 'ja'] as const) {
          const t = STRINGS[lang];
          const { context, page } = await touchPhoneIn(browser, lang);
          await page.goto(`${h().base}?botDelay=100&nosw#/learn/${id}`);
          const lesson = LESSONS[id];
          for (const [i, step] of learnerSteps(lesson).entries()) {
            expect(await promptAt(page, i), `${id} ${lang} step ${i}`).toBe(t.lessons[step.say!]);
            if (!(await tapWrong(page, step.action, t))) {
              await tapRight(page, step.action, t);
              continue;
            }
            await expect.poll(() => page.locator('.lesson-wrong').count()).toBe(1);
            await settle(page);
            expect(
              await panel(page).getAttribute('data-lesson-step'),
              `${id} ${lang} step ${i}: the wrong tap was not played`,
            ).toBe(String(i));
            // After the correction, what to tap is still in sight and on top; a decision's right button is the primary one, the wrong one never.
            const target = expectedTarget(step.action, t);
            expect(await reachable(page, target), `${id} ${lang} step ${i}: ${target} within reach`).toBe(
              true,
            );
            if ('koikoi' in step.action || 'shobu' in step.action) {
              expect(await page.locator(target).getAttribute('class')).toContain('primary');
              expect(await page.locator('.prompt .decision-row .btn.primary').count()).toBe(1);
              await page.screenshot({
                path: join(OUTPUT_DIR, `lesson-${id}-${lang}-360x740-decision-after-wrong.png`),
              });
            }
            await tapRight(page, step.action, t);
          }
          await page.locator('.dialog.summary .btn.primary').tap();
          const newGame = page.locator('.dialog.game-over a.btn.primary', { hasText: t.newGame });
          await newGame.waitFor();
          expect(await reachable(page, '.dialog.game-over a.btn.primary')).toBe(true);
          await page.screenshot({ path: join(OUTPUT_DIR, `lesson-${id}-${lang}-360x740-end.png`) });
          await newGame.tap();
          await page.locator('.new-game').waitFor();
          await context.close();
        }
      } finally {
        await browser.close();
      }
    }, 180_000);
  }

  it("keeps each step's instruction in sight on a 360×740 phone, whole, with the field's cards readable above the hand (every lesson, by taps)", async () => {
    const started = Date.now();
    const browser = await launchChromium();
    const problems: string[] = [];
    try {
      for (const lang of ['en', 'ja'] as const) {
        const t = STRINGS[lang];
        const { context, page } = await touchPhoneIn(browser, lang);
        // Every lesson in English; Nara, whose steps say the most, in Japanese too.
        for (const lesson of lang === 'en'
          ? [LESSONS.nara, LESSONS.koikoi, LESSONS.sakura]
          : [LESSONS.nara]) {
          await page.goto(`${h().base}?botDelay=0&nosw#/learn/${lesson.id}`);
          for (const [i, step] of learnerSteps(lesson).entries()) {
            expect(await promptAt(page, i)).toBe(t.lessons[step.say!]);
            const seen = await page.evaluate(() => {
              const say = document.querySelector('.lesson-say')!.getBoundingClientRect();
              const box = document.querySelector('.lesson-panel')!.getBoundingClientRect();
              const center = document.querySelector('.center')!.getBoundingClientRect();
              const inside = (r: DOMRect, o: { top: number; bottom: number; left: number; right: number }) =>
                r.top >= o.top - 0.5 &&
                r.bottom <= o.bottom + 0.5 &&
                r.left >= o.left - 0.5 &&
                r.right <= o.right + 0.5;
              const window = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
              return {
                say: inside(say, box) && inside(say, window),
                // Readable: at least two thirds of each field card in sight in the field's box (not a strip of half cards).
                cut: [...document.querySelectorAll('.field .month-group > .card:last-child')]
                  .filter((c) => {
                    const r = c.getBoundingClientRect();
                    return (
                      Math.min(r.bottom, center.bottom) - Math.max(r.top, center.top) < (r.height * 2) / 3
                    );
                  })
                  .map((c) => c.getAttribute('data-card')),
              };
            });
            const where = `${lesson.id} ${lang} step ${i + 1}`;
            if (!seen.say) problems.push(`${where}: the instruction is out of sight`);
            if (seen.cut.length > 0) problems.push(`${where}: field cards cut off: ${seen.cut.join(', ')}`);
            if (!seen.say || seen.cut.length > 0)
              await page.screenshot({
                path: join(OUTPUT_DIR, `lesson-${lesson.id}-${lang}-360x740-step-${i + 1}-cut.png`),
              });
            if (i === 0)
              await page.screenshot({
                path: join(OUTPUT_DIR, `lesson-${lesson.id}-${lang}-360x740-instruction.png`),
              });
            // In Japanese, the first step (the longest words) is enough.
            if (lang === 'ja') break;
            // A move out of reach (a field card squeezed under the panel or the hand) is a problem too, and ends that lesson.
            const tapped = await tapRight(page, step.action, t).then(
              () => true,
              () => false,
            );
            if (!tapped) {
              problems.push(`${where}: the step's move could not be tapped`);
              break;
            }
          }
        }
        await context.close();
      }
    } finally {
      await browser.close();
    }
    console.log(`[lesson e2e] instructions in sight: ${Date.now() - started} ms`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('offers the lessons once on the first visit, dismissable', async () => {
    const page = await h().newPage(...SIZES.desktop);
    await page.goto(`${h().base}?nosw#/`);
    const offer = page.locator('.lesson-offer');
    await offer.waitFor();
    expect(await offer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      ['#/learn/sakura', '#/learn/koikoi', '#/learn/nara'],
    );
    await page.screenshot({ path: join(OUTPUT_DIR, 'lesson-offer-en-desktop.png') });
    await offer.getByRole('button', { name: en.learnLater }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.new-game, form').first().waitFor();
    expect(await page.locator('.lesson-offer').count()).toBe(0);
    await page.close();
  }, 60_000);

  for (const lesson of Object.values(LESSONS)) {
    for (const [lang, size] of [
      ['en', 'desktop'],
      ['ja', 'phone'],
    ] as const) {
      it(`${lesson.id}: follows the prompts to the end of the round (${lang}, ${size}), a wrong move corrected`, async () => {
        const page = await h().newPage(...SIZES[size]);
        await setLang(page, h().base, lang);
        await playLesson(page, h().base, lesson, lang, size);
        await page.close();
      }, 120_000);
    }
  }

  it('links the lessons from the Rules page, under a deck chart of every card', async () => {
    for (const [lang, size] of [
      ['en', 'desktop'],
      ['ja', 'phone'],
    ] as const) {
      const page = await h().newPage(...SIZES[size]);
      await setLang(page, h().base, lang);
      await page.goto(`${h().base}?nosw#/rules/sakura`);
      await page.locator('.learn-box a').first().waitFor();
      expect(await page.locator('.learn-box a').count()).toBe(3);
      const chart = page.locator('.deck-chart');
      expect(await chart.locator('tr').count()).toBe(13);
      expect(await chart.locator('.card').count()).toBe(49);
      expect(await chart.locator('tr').first().innerText()).toContain(STRINGS[lang].gameNames.sakura);
      if (size === 'desktop') expect(await seriousA11yViolations(page)).toEqual([]);
      await page
        .locator('.learn-box')
        .screenshot({ path: join(OUTPUT_DIR, `rules-learn-${lang}-${size}.png`) });
      await chart.locator('tr').nth(0).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(OUTPUT_DIR, `rules-deck-chart-${lang}-${size}.png`) });
      await page.locator('.learn-box a').first().click();
      await page.locator('.lesson-panel').waitFor();
      await page.close();
    }
  }, 60_000);
});
