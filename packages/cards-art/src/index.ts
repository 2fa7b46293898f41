/**
 * The project's own hanafuda deck as SVG strings: original art drawn by code (see LICENSE).
 * Card ids and names come from `@hanafuda/engine`.
 */
export { cardSvg, cardBackSvg, designOf, VIEWBOX, type CardSvgOptions } from './card.js';
export {
  cardInfo,
  cardLabel,
  learnerText,
  themeCaption,
  CLASS_NAMES,
  type CardRef,
  type Lang,
  type Theme,
} from './label.js';
