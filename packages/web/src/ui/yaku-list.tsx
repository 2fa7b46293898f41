/**
 * Yaku named in a sentence ("Sanko (three brights), Tanzaku (five ribbons)"): each gloss its own
 * element, which a phone leaves out (styles.css: .yaku-gloss) unless `glossed` keeps it (the
 * yaku moment, where a newcomer learns what the yaku is); `quote` brackets each name (「と」).
 */
import { type GameId, yakuName, yakuShortName } from '@hanafuda/table';
import { Fragment, type JSX } from 'preact';
import type { Lang } from '../i18n/i18n.js';

export function YakuList(props: {
  readonly game: GameId;
  readonly ids: readonly string[];
  readonly lang: Lang;
  readonly separator: string;
  readonly quote?: (name: string) => string;
  readonly glossed?: boolean;
}): JSX.Element {
  const quote = props.quote ?? ((name: string) => name);
  return (
    <>
      {props.ids.map((id, i) => {
        const short = yakuShortName(props.game, id, props.lang);
        const gloss = yakuName(props.game, id, props.lang).slice(short.length);
        const [open, close] = quote('\u0000').split('\u0000');
        return (
          <Fragment key={id}>
            {i > 0 ? props.separator : ''}
            {open}
            {short}
            {props.glossed ? gloss : <span class="yaku-gloss">{gloss}</span>}
            {close}
          </Fragment>
        );
      })}
    </>
  );
}

/** A translated sentence with the yaku list in the place its template gives `yaku` (the templates take a string). */
export function withYakuList(sentence: (yaku: string) => string, list: JSX.Element): JSX.Element {
  const [before, after = ''] = sentence('\u0000').split('\u0000');
  return (
    <>
      {before}
      {list}
      {after}
    </>
  );
}
