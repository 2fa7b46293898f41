/** The card frame, the learner overlay, the theme caption, the back: one SVG string per card. */
import { C, Ctx } from './art/shapes.js';
import { DRAW } from './art/index.js';
import {
  cardInfo,
  cardLabel,
  type CardRef,
  escapeHtml as escapeXml,
  learnerText,
  themeCaption,
  type Lang,
  type Theme,
} from './label.js';

export interface CardSvgOptions {
  /** Show the month number and the card's class in a corner ("3 · Bright"). */
  learner?: boolean;
  /** `hanafooda` adds the HanaFooda food name of the month as a caption (display only). */
  theme?: Theme;
  /** Language of the accessible label and of the learner overlay. */
  lang?: Lang;
  /** Points of the card in the game being played, read out in the accessible label and shown by the learner overlay. */
  points?: number;
  /** Overrides the accessible label entirely. */
  label?: string;
  /**
   * Prefix of the ids inside the SVG (gradients, symbols). The default is the card's
   * design; give a unique one when one page shows the same card twice and may hide one.
   */
  idPrefix?: string;
}

/** The viewBox of every card: 2:3. */
export const VIEWBOX = '0 0 200 300';
/** The face of a card, inside the dark edge. */
export const FACE = { x: 6, y: 6, width: 188, height: 288, rx: 9 } as const;

/** The drawing a card uses: the two plain chaff of a month share one. */
export const designOf = (id: string): string => id.replace(/-chaff-\d$/, '-chaff');

const faceRect = `x="${FACE.x}" y="${FACE.y}" width="${FACE.width}" height="${FACE.height}" rx="${FACE.rx}"`;

function svgRoot(label: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${VIEWBOX}" role="img" aria-label="${escapeXml(label)}">` +
    `${body}</svg>`
  );
}

/** A card face: the art, clipped to the rounded face, inside the dark edge. */
function frame(c: Ctx, art: string, face: string = C.face): string {
  const clip = c.id('clip', (id) => `<clipPath id="${id}"><rect ${faceRect}/></clipPath>`);
  const body =
    `<rect width="200" height="300" rx="14" fill="#2b1a17"/>` +
    `<rect ${faceRect} fill="${face}"/>` +
    `<g clip-path="url(#${clip})">${art}</g>` +
    `<rect ${faceRect} fill="none" stroke="#000" stroke-opacity=".35" stroke-width="1.5"/>`;
  return c.defsMarkup() + body;
}

function learnerBadge(text: string): string {
  // Width from the text: a rough advance of 0.58 em per Latin character and 1 em per
  // Japanese one at 17 units.
  const w = Math.round(16 + [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) >= 0x2e80 ? 17 : 9.8), 0));
  return (
    `<g font-family="system-ui,sans-serif" font-size="17" font-weight="700">` +
    `<rect x="10" y="10" width="${w}" height="26" rx="7" fill="#fffdf6" fill-opacity=".92" stroke="${C.ink}" stroke-width="1.5"/>` +
    `<text x="18" y="29" fill="${C.ink}">${escapeXml(text)}</text></g>`
  );
}

function captionBand(text: string): string {
  return (
    `<g font-family="system-ui,sans-serif" font-size="19" font-weight="700" text-anchor="middle">` +
    `<rect x="14" y="256" width="172" height="30" rx="8" fill="#fffdf6" fill-opacity=".93" stroke="${C.gold}" stroke-width="2"/>` +
    `<text x="100" y="277" fill="${C.ink}">${escapeXml(text)}</text></g>`
  );
}

/** The SVG of a card (any of the 48 ids, or `blank`; or the engine's card number). */
export function cardSvg(ref: CardRef, options: CardSvgOptions = {}): string {
  const info = cardInfo(ref);
  const id = info.id;
  const lang = options.lang ?? 'en';
  const design = designOf(id);
  const c = new Ctx(options.idPrefix ?? `hf-${design}`);
  let art: string;
  if (info.cls === 'blank') {
    art = '';
  } else {
    const draw = DRAW[design];
    if (!draw) throw new Error(`no drawing for card ${id}`);
    art = draw(c);
  }
  let overlay = '';
  const caption = themeCaption(id, options.theme ?? 'classic');
  if (caption) overlay += captionBand(caption);
  if (options.learner) overlay += learnerBadge(learnerText(id, lang, options.points));
  const label = options.label ?? cardLabel(id, lang, options.points);
  return svgRoot(label, frame(c, art, info.cls === 'blank' ? '#fdfcf8' : C.face) + overlay);
}

/** The back of every card: deep red with a gold crest, drawn by the project. */
export function cardBackSvg(options: { lang?: Lang; label?: string; idPrefix?: string } = {}): string {
  const c = new Ctx(options.idPrefix ?? 'hf-back');
  const label = options.label ?? (options.lang === 'ja' ? '札の裏' : 'Card back');
  const g = c.rgrad('bg', '#9b2420', '#5c1311');
  const petals = Array.from(
    { length: 8 },
    (_, i) => `<ellipse cx="0" cy="-17" rx="7" ry="13" transform="rotate(${i * 45})"/>`,
  ).join('');
  const body =
    `<rect width="200" height="300" rx="14" fill="#2b1a17"/>` +
    `<rect ${faceRect} fill="url(#${g})"/>` +
    `<rect x="16" y="16" width="168" height="268" rx="5" fill="none" stroke="${C.gold}" stroke-width="2"/>` +
    `<rect x="21" y="21" width="158" height="258" rx="3" fill="none" stroke="${C.gold}" stroke-width="1" stroke-opacity=".6"/>` +
    `<g transform="translate(100 150)" fill="none" stroke="${C.gold}" stroke-width="2.2">` +
    `<circle r="40"/><circle r="34" stroke-width="1"/>${petals}<circle r="6" fill="${C.gold}"/></g>` +
    `<g fill="${C.gold}">${[
      [30, 30],
      [170, 30],
      [30, 270],
      [170, 270],
    ]
      .map(([x, y]) => `<path d="M${x} ${y - 6}L${x + 6} ${y}L${x} ${y + 6}L${x - 6} ${y}Z"/>`)
      .join('')}</g>`;
  return svgRoot(label, c.defsMarkup() + body);
}
