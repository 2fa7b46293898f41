/**
 * A member's rating after a rated game, in the game-over dialog: the pool, before → after and the
 * change, whether it is still provisional, and a forfeit said plainly. The server tells it (the
 * `rating` message) a moment after the game's end; until then, and for a casual game, nothing.
 */
import type { JSX } from 'preact';
import type { RatingServerMessage } from '@hanafuda/protocol';
import type { Strings } from '../i18n/en.js';

/** "+123", "−8" (a true minus sign), "±0". */
const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '\u00b10');

export function RatingChange(props: { rating: RatingServerMessage; t: Strings }): JSX.Element {
  const { rating, t } = props;
  const delta = rating.after - rating.before;
  return (
    <section class="rating-change">
      <p>
        <span class="rating-title">{t.rating.title(t.rating.pools[rating.format] ?? rating.format)}</span>
        <span class="rating-move">
          <strong>
            {rating.before} → {rating.after}
          </strong>{' '}
          <span class={`rating-delta ${delta > 0 ? 'up' : delta < 0 ? 'down' : 'same'}`}>
            ({signed(delta)})
          </span>
          {rating.provisional ? (
            <span class="rating-provisional" title={t.rating.provisionalHelp(rating.games)}>
              {t.rating.provisional}
            </span>
          ) : null}
        </span>
      </p>
      {rating.forfeited ? <p class="rating-forfeit">{t.rating.forfeited}</p> : null}
    </section>
  );
}
