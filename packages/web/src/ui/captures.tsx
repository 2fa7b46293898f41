/** A capture pile grouped by class, with the yaku it is building. */
import { CARDS, cardById } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { yakuProgress } from '../games/yaku-progress.js';
import type { Strings } from '../i18n/en.js';
import { Card } from './card.js';
import { getPrefs } from './prefs.js';

const CLASS_ORDER = ['bright', 'animal', 'ribbon', 'chaff', 'blank'] as const;

export function groupByClass(cards: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const cls of CLASS_ORDER) groups.set(cls, []);
  for (const id of cards) groups.get(CARDS[cardById(id)!].cls)!.push(id);
  return groups;
}

export function YakuChips(props: { readonly game: string; readonly cards: readonly string[]; readonly limit?: number }): JSX.Element | null {
  const lang = getPrefs().lang;
  const progress = yakuProgress(props.game, props.cards)
    .filter((y) => y.have > 0)
    .sort((a, b) => b.have / b.need - a.have / a.need)
    .slice(0, props.limit ?? 4);
  if (progress.length === 0) return null;
  return (
    <ul class="yaku-chips">
      {progress.map((y) => {
        const done = y.have >= y.need;
        const name = lang === 'ja' ? y.ja : y.name.replace(/ \(.*\)$/, '');
        return (
          <li key={y.id} class={done ? 'chip done' : 'chip'} title={y.name}>
            {done ? '✓ ' : ''}
            {name} <span class="chip-count">{Math.min(y.have, y.need)}/{y.need}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function Captures(props: { readonly game: string; readonly cards: readonly string[]; readonly t: Strings; readonly size?: 'sm' | 'md'; readonly label: string }): JSX.Element {
  const groups = groupByClass(props.cards);
  return (
    <div class="captures" role="group" aria-label={props.label}>
      <div class="capture-groups">
        {[...groups].filter(([, cards]) => cards.length > 0).map(([cls, cards]) => (
          <div key={cls} class={`capture-group cls-${cls}`} role="group" aria-label={`${props.t.classes[cls]}: ${cards.length}`}>
            <span class="group-name" aria-hidden="true">
              {props.t.classes[cls]} {cards.length}
            </span>
            <div class="group-cards">
              {cards.map((id) => (
                <Card key={id} id={id} game={props.game} size={props.size ?? 'sm'} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <YakuChips game={props.game} cards={props.cards} />
    </div>
  );
}
