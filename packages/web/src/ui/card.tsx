/** One card, drawn from the project's SVG deck, with its screen-reader label. */
import { CLASS_NAMES, cardBackSvg, cardLabel, cardSvg } from '@hanafuda/cards-art';
import { CARDS, cardById } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { cardPoints, isGameId } from '@hanafuda/table';
import { getPrefs, type Prefs } from './prefs.js';

const cache = new Map<string, string>();

/** The accessible name: "Cherry blossom with curtain, 20 points" (or the class, in Koi-Koi). */
export function labelOf(id: string, game: string, lang: Prefs['lang']): string {
  const points = isGameId(game) ? cardPoints(game, id) : undefined;
  if (points !== undefined) return cardLabel(id, lang, points);
  const info = CARDS[cardById(id) ?? 0];
  return `${cardLabel(id, lang)}${lang === 'ja' ? '、' : ', '}${CLASS_NAMES[info.cls][lang]}`;
}

/** The SVG markup of a card face; `context` keeps the SVG ids of separate views apart. */
export function faceMarkup(id: string, game: string, prefs: Prefs, context: string): string {
  const key = `${id}|${game}|${prefs.lang}|${prefs.learner}|${prefs.theme}|${context}`;
  let svg = cache.get(key);
  if (svg === undefined) {
    svg = cardSvg(id, {
      learner: prefs.learner,
      theme: prefs.theme,
      lang: prefs.lang,
      points: isGameId(game) ? cardPoints(game, id) : undefined,
      label: labelOf(id, game, prefs.lang),
      idPrefix: `${context}-${id}`,
    });
    cache.set(key, svg);
  }
  return svg;
}

const backMarkup = (lang: Prefs['lang']) => {
  const key = `back|${lang}`;
  let svg = cache.get(key);
  if (svg === undefined) {
    svg = cardBackSvg({ lang, idPrefix: 'back' });
    cache.set(key, svg);
  }
  return svg;
};

export interface CardProps {
  readonly id: string;
  readonly game: string;
  readonly context?: string;
  readonly size?: 'sm' | 'md' | 'lg';
  /** Makes the card a button. */
  readonly onChoose?: () => void;
  readonly highlight?: 'match' | 'target' | 'hint' | 'selected' | null;
  /** Part of the last move (played, drawn or captured): marked until the next move. */
  readonly marked?: boolean;
  readonly disabled?: boolean;
  readonly extraLabel?: string;
  readonly onFocusCard?: (focused: boolean) => void;
  readonly animKey?: boolean;
}

export function Card(props: CardProps): JSX.Element {
  const prefs = getPrefs();
  const size = props.size ?? 'md';
  const cls = `card card-${size}${props.highlight ? ` is-${props.highlight}` : ''}${props.marked ? ' is-last' : ''}`;
  const html = { __html: faceMarkup(props.id, props.game, prefs, props.context ?? 'b') };
  const dataCard = props.animKey === false ? undefined : props.id;
  if (props.onChoose) {
    const label =
      labelOf(props.id, props.game, prefs.lang) + (props.extraLabel ? ` — ${props.extraLabel}` : '');
    return (
      <button
        type="button"
        class={cls}
        data-card={dataCard}
        aria-label={label}
        aria-pressed={props.highlight === 'selected' ? true : undefined}
        disabled={props.disabled}
        onClick={props.onChoose}
        onMouseEnter={() => props.onFocusCard?.(true)}
        onMouseLeave={() => props.onFocusCard?.(false)}
        onFocus={() => props.onFocusCard?.(true)}
        onBlur={() => props.onFocusCard?.(false)}
      >
        <span class="face" aria-hidden="true" dangerouslySetInnerHTML={html} />
      </button>
    );
  }
  return <span class={cls} data-card={dataCard} dangerouslySetInnerHTML={html} />;
}

/** A face-down card (a hand held by another seat, a pile). */
export function CardBack(props: {
  readonly size?: 'sm' | 'md' | 'lg';
  readonly label?: string;
}): JSX.Element {
  const prefs = getPrefs();
  return (
    <span
      class={`card card-${props.size ?? 'sm'} card-back`}
      role={props.label ? 'img' : undefined}
      aria-label={props.label}
      aria-hidden={props.label ? undefined : 'true'}
      dangerouslySetInnerHTML={{ __html: backMarkup(prefs.lang) }}
    />
  );
}
