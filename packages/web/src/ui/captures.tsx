/** A capture pile grouped in the game's terms (Koi-Koi by class, the point games by value), with the yaku it is building. */
import { cardLabel } from '@hanafuda/cards-art';
import { MONTHS, NARA_BASE, cardById, monthOf } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { captureGroups, type CaptureGroup, type LiveScore } from '../games/capture-groups.js';
import { yakuProgress } from '../games/yaku-progress.js';
import type { Strings } from '../i18n/en.js';
import { Card } from './card.js';
import { getPrefs } from './prefs.js';

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
        // A fixed set shows what it is made of without hover: each card's month, lit once captured.
        const marks = y.cards.map((c) => ({ id: c, got: props.cards.includes(c), month: monthOf(cardById(c)!) }));
        return (
          <li key={y.id} class={done ? 'chip done' : 'chip'} title={lang === 'ja' ? y.ja : y.name}>
            {done ? '✓ ' : ''}
            {name}{' '}
            {marks.length > 0 ? (
              <span class="chip-marks" role="img" aria-label={marks.map((m) => `${cardLabel(m.id, lang)}${m.got ? ' ✓' : ''}`).join(', ')}>
                {marks.map((m) => (
                  <span key={m.id} class={`chip-mark${m.got ? ' got' : ''}`} aria-hidden="true">
                    {lang === 'ja' ? MONTHS[m.month - 1].ja[0] : m.month}
                  </span>
                ))}
              </span>
            ) : (
              <span class="chip-count">
                {Math.min(y.have, y.need)}/{y.need}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const signed = (n: number) => (n < 0 ? `−${-n}` : String(n));

/** A side's live score: "35 pts", "90 − 160 = −70" (Nara), "Yaku 5"; `short` keeps only the figure for a compact seat. */
export function liveScoreText(score: LiveScore, t: Strings, short = false): string {
  if (score.kind === 'yaku') return `${t.yaku} ${score.value}`;
  if (short) return `${signed(score.value)}${t.pointsUnit}`;
  if (score.kind === 'nara') return `${score.points} − ${NARA_BASE} = ${signed(score.value)}${t.pointsUnit}`;
  return `${score.value}${t.pointsUnit}`;
}

/** A group's name: "Brights" in Koi-Koi, "20" (points) in the point games. */
export function groupLabel(group: CaptureGroup, t: Strings): string {
  return group.kind === 'class' ? t.classes[group.key] : `${group.key}${t.pointsUnit}`;
}

/** A capture pile in a line that always fits: each group's name and count ("20×2", "Ribbons×3"). */
export function CaptureCounts(props: { readonly game: string; readonly cards: readonly string[]; readonly t: Strings }): JSX.Element {
  return (
    <>
      {captureGroups(props.game, props.cards).map((g) => (
        <span key={g.key} class={`sum-group group-${g.kind}`}>
          {g.kind === 'value' ? g.key : props.t.classes[g.key]}×{g.cards.length}
        </span>
      ))}
    </>
  );
}

export interface CapturesProps {
  readonly game: string;
  readonly cards: readonly string[];
  /** The cards whose yaku progress is shown: the whole side's, in team play. */
  readonly yakuCards?: readonly string[];
  readonly t: Strings;
  readonly size?: 'sm' | 'md';
  readonly label: string;
  /** The cards of the last move. */
  readonly marked?: ReadonlySet<string>;
}

export function Captures(props: CapturesProps): JSX.Element {
  return (
    <div class="captures" role="group" aria-label={props.label}>
      <div class="capture-groups">
        {captureGroups(props.game, props.cards).map((group) => (
          <div key={group.key} class={`capture-group group-${group.kind}`} role="group" aria-label={`${groupLabel(group, props.t)}: ${group.cards.length}`}>
            <span class="group-name" aria-hidden="true">
              {groupLabel(group, props.t)} ×{group.cards.length}
            </span>
            <div class="group-cards">
              {group.cards.map((id) => (
                <Card key={id} id={id} game={props.game} size={props.size ?? 'sm'} marked={props.marked?.has(id)} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <YakuChips game={props.game} cards={props.yakuCards ?? props.cards} />
    </div>
  );
}
