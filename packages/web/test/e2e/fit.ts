/**
 * Measures a screen of the game as a player on a phone or a large screen sees it: the page
 * does not scroll, the main action is in the window, every tappable control is big enough for
 * a finger on a touch screen, the hand's cards are big enough on a phone, nothing in the
 * player's own area is cut off (a row made to be swiped sideways excepted) and none of its yaku
 * chips is left out, and a Japanese screen shows no program ids.
 */
import type { CDPSession, Page } from 'playwright-core';

export interface Viewport {
  readonly width: number;
  readonly height: number;
  /** A phone: touch, 2× pixels, mobile viewport. */
  readonly phone: boolean;
}

export const VIEWPORTS: readonly Viewport[] = [
  { width: 360, height: 740, phone: true },
  { width: 390, height: 844, phone: true },
  { width: 1280, height: 720, phone: false },
  { width: 1366, height: 768, phone: false },
  { width: 1920, height: 1080, phone: false },
];

/** The smallest tap target (CSS px), as the platforms' guidelines give it. */
export const MIN_TAP = 44;

/** Emulates the device through the DevTools protocol, so one page switches between a phone and a desktop. */
export async function emulate(page: Page, cdp: CDPSession, v: Viewport): Promise<void> {
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: v.width,
    height: v.height,
    deviceScaleFactor: v.phone ? 2 : 1,
    mobile: v.phone,
  });
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: v.phone, maxTouchPoints: 5 });
  await cdp.send('Emulation.setEmitTouchEventsForMouse', { enabled: v.phone, configuration: 'mobile' });
  // Layout follows in the next frames; then the cards in flight land.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
  // A cancelled animation (its element left the page: a yaku moment replaced or gone) is settled too.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export interface FitReport {
  readonly problems: readonly string[];
  /** The hand's card width (CSS px), for the report. */
  readonly handCard: number;
}

/**
 * `main` is the selector of the screen's main action (the first match must be in the window);
 * `touch` checks the tap targets and the hand's size; `ja` checks for program ids in the text.
 */
export function measureFit(
  page: Page,
  args: { main: string; allMain: boolean; field: boolean; touch: boolean; ja: boolean; minHand: number },
): Promise<FitReport> {
  return page.evaluate(
    ({ main, allMain, field, touch, ja, minHand, minTap }) => {
      const problems: string[] = [];
      const name = (el: Element) => {
        const cls =
          typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 3).join('.') : '';
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '')
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 24);
        return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${el.getAttribute('data-card') ? `[${el.getAttribute('data-card')}]` : ''} "${text}"`;
      };
      const shown = (el: Element) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 &&
          r.height > 0 &&
          el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })
        );
      };
      const inWindow = (r: DOMRect) =>
        r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;

      // The page must see the touch screen as a phone's browser reports it (else the emulation failed).
      if (touch !== matchMedia('(pointer: coarse)').matches)
        problems.push(`the page's (pointer: coarse) is ${!touch}`);
      const root = document.scrollingElement ?? document.documentElement;
      if (root.scrollWidth > innerWidth)
        problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${innerWidth}`);
      if (root.scrollHeight > innerHeight)
        problems.push(`the page scrolls down: ${root.scrollHeight} > ${innerHeight}`);

      /** In the window and on top at its centre and near its corners. */
      const reachable = (el: Element, what: string) => {
        const r = el.getBoundingClientRect();
        if (!inWindow(r))
          return problems.push(
            `${what} ${name(el)} is outside the window: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`,
          );
        for (const [fx, fy] of [
          [0.5, 0.5],
          [0.2, 0.2],
          [0.8, 0.8],
        ]) {
          const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
          if (!hit || !(hit === el || el.contains(hit)))
            return problems.push(`${what} ${name(el)} is covered by ${hit ? name(hit) : 'nothing'}`);
        }
        return 0;
      };
      const actions = [...document.querySelectorAll(main)].filter(shown);
      if (actions.length === 0) problems.push(`no main action (${main})`);
      for (const action of allMain ? actions : actions.slice(0, 1)) reachable(action, 'the main action');
      // The field's cards (a stacked month's top card) in sight, not squeezed out by what is above or below it.
      if (field)
        document
          .querySelectorAll('.field .month-group')
          .forEach((group) => reachable([...group.querySelectorAll('.card')].at(-1)!, 'field card'));

      const hand = [...document.querySelectorAll('.hand .card')].filter(shown);
      let handCard = 0;
      for (const card of hand) {
        const r = card.getBoundingClientRect();
        handCard = handCard === 0 ? r.width : Math.min(handCard, r.width);
        if (!inWindow(r)) problems.push(`hand card ${name(card)} is outside the window`);
        if (touch && r.width < minHand - 0.5)
          problems.push(`hand card ${name(card)} is ${r.width.toFixed(1)} px wide, under ${minHand}`);
      }

      if (touch) {
        const controls = document.querySelectorAll(
          'button, a[href], summary, select, input:not([type=hidden]):not([type=file]), [role=button], label.file-open',
        );
        for (const el of controls) {
          // A checkbox or radio is tapped through its label.
          const target =
            el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
              ? (el.closest('label') ?? el)
              : el;
          if (
            !shown(target) ||
            target.closest('[aria-hidden=true]') ||
            (target as HTMLButtonElement).disabled
          )
            continue;
          const r = target.getBoundingClientRect();
          if (r.width < minTap - 0.5 || r.height < minTap - 0.5)
            problems.push(`control ${name(target)} is ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
        }
      }

      // Every yaku chip of the player's row is there to be read (on a phone, a swipe away), none left out.
      for (const chip of document.querySelectorAll('.me .yaku-chips .chip'))
        if (getComputedStyle(chip).display === 'none')
          problems.push(`the yaku chip ${name(chip)} is left out`);

      // The player's own area and what is asked of them: no content wider than its box (text cut off, a row spilling out).
      for (const area of document.querySelectorAll('.me, .prompt, .dialog, .review, .lesson-panel')) {
        for (const el of [area, ...area.querySelectorAll('*')]) {
          if (
            !(el instanceof HTMLElement) ||
            !shown(el) ||
            el.closest('svg') ||
            el.classList.contains('visually-hidden')
          )
            continue;
          const style = getComputedStyle(el);
          if (style.display === 'inline' || style.display === 'contents') continue;
          // A row made to be swiped sideways (the phone's yaku chips) is not cut off: its rest is a swipe away.
          const swiped = style.overflowX === 'auto' || style.overflowX === 'scroll';
          if (el.scrollWidth > el.clientWidth + 1 && !swiped)
            problems.push(`${name(el)} overflows its box: ${el.scrollWidth} > ${el.clientWidth}`);
          else if (
            (style.overflowY === 'hidden' || style.overflowY === 'clip') &&
            el.scrollHeight > el.clientHeight + 1
          )
            problems.push(`${name(el)} is cut off below: ${el.scrollHeight} > ${el.clientHeight}`);
        }
      }

      if (ja) {
        const text = document.body.innerText;
        const id = text.match(/\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\(\d{3}\)/);
        if (id)
          problems.push(
            `a program id on a Japanese screen: "${id[0]}" in "…${text.slice(Math.max(0, id.index! - 30), id.index! + 30).replace(/\s+/g, ' ')}…"`,
          );
      }
      return { problems, handCard };
    },
    { ...args, minTap: MIN_TAP },
  );
}
