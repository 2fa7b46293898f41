/** Yaku named in a sentence ("Sanko (three brights), Tanzaku (five ribbons)"): each gloss its own element, which a phone leaves out (styles.css: .yaku-gloss). */
import { type GameId, yakuName, yakuShortName } from '@hanafuda/table';
import { Fragment, type JSX } from 'preact';
import type { Lang } from '../i18n/i18n.js';

export function YakuList(props: { readonly game: GameId; readonly ids: readonly string[]; readonly lang: Lang; readonly separator: string }): JSX.Element {
  return (
    <>
      {props.ids.map((id, i) => {
        const short = yakuShortName(props.game, id, props.lang);
        return (
          <Fragment key={id}>
            {i > 0 ? props.separator : ''}
            {short}
            <span class="yaku-gloss">{yakuName(props.game, id, props.lang).slice(short.length)}</span>
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
