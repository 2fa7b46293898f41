/** The field: cards grouped by month, three of a month shown as one stack. */
import { cardById, monthOf } from '@hanafuda/engine';
import type { JSX } from 'preact';
import type { Strings } from '../i18n/en.js';
import { Card } from './card.js';

export function monthGroups(cards: readonly string[]): string[][] {
  const byMonth = new Map<number, string[]>();
  for (const id of cards) {
    const m = monthOf(cardById(id)!);
    const key = m === 0 ? 100 + byMonth.size : m;
    byMonth.set(key, [...(byMonth.get(key) ?? []), id]);
  }
  return [...byMonth.entries()].sort((a, b) => a[0] - b[0]).map(([, ids]) => ids);
}

export interface FieldProps {
  readonly game: string;
  readonly cards: readonly string[];
  readonly t: Strings;
  /** Field cards the player may choose now (a capture choice), with what choosing does. */
  readonly targets: ReadonlyMap<string, () => void>;
  /** Field cards to light up (the hovered card's month, or the hint). */
  readonly lit: ReadonlySet<string>;
  readonly hinted: ReadonlySet<string>;
  /** The cards of the last move. */
  readonly marked?: ReadonlySet<string>;
}

export function Field(props: FieldProps): JSX.Element {
  const groups = monthGroups(props.cards);
  return (
    <div class="field" role="group" aria-label={`${props.t.field}: ${props.t.cardCount(props.cards.length)}`}>
      {groups.map((ids) => (
        // A stack spreads out while its cards are to be chosen from, so each one can be clicked.
        <div
          key={ids[0]}
          class={`month-group${ids.length >= 3 && !ids.some((id) => props.targets.has(id)) ? ' stack' : ''}`}
          data-count={ids.length}
        >
          {ids.map((id) => {
            const choose = props.targets.get(id);
            const highlight = props.hinted.has(id)
              ? 'hint'
              : choose
                ? 'target'
                : props.lit.has(id)
                  ? 'match'
                  : null;
            return (
              <Card
                key={id}
                id={id}
                game={props.game}
                size="md"
                highlight={highlight}
                marked={props.marked?.has(id)}
                onChoose={choose}
              />
            );
          })}
          {ids.length >= 3 ? (
            <span class="stack-badge" aria-hidden="true">
              ×{ids.length}
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
}
