/** A capture pile grouped in the game's terms (Koi-Koi by class, the point games by value), with the yaku it is building. */
import { cardLabel } from '@hanafuda/cards-art';
import { MONTHS, NARA_BASE, cardById, monthOf, type YakuProgress } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { type GameId, type LiveScore, yakuChips, yakuName, yakuShortName } from '@hanafuda/table';
import { captureGroups, type CaptureGroup } from '../games/capture-groups.js';
import type { Strings } from '../i18n/en.js';
import type { Lang } from '../i18n/i18n.js';
import { Card } from './card.js';
import { getPrefs } from './prefs.js';

/** A side's yaku as chips (the engine's progress, chosen by the table's `yakuChips`): each fixed set's months lit once captured, else a count. */
export function YakuChips(props: {
  readonly game: GameId;
  readonly progress: readonly YakuProgress[];
  readonly limit?: number;
}): JSX.Element | null {
  const lang = getPrefs().lang;
  const chips = yakuChips(props.progress, props.limit);
  if (chips.length === 0) return null;
  return (
    <ul class="yaku-chips">
      {chips.map((y) => (
        <li
          key={y.id}
          class={y.done ? 'chip done' : 'chip'}
          title={yakuName(props.game, y.id, lang)}
          data-yaku={y.id}
        >
          {y.done ? '✓ ' : ''}
          {yakuShortName(props.game, y.id, lang)}{' '}
          {y.marks ? (
            <span
              class="chip-marks"
              role="img"
              aria-label={y.marks.map((m) => `${cardLabel(m.card, lang)}${m.got ? ' ✓' : ''}`).join(', ')}
            >
              {y.marks.map((m) => (
                <span key={m.card} class={`chip-mark${m.got ? ' got' : ''}`} aria-hidden="true">
                  {monthMark(m.card, lang)}
                </span>
              ))}
            </span>
          ) : (
            <span class="chip-count">
              {Math.min(y.have, y.need)}/{y.need}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A card's month as a chip shows it: "3", or the month's first kanji. */
const monthMark = (card: string, lang: Lang) => {
  const month = monthOf(cardById(card)!);
  return lang === 'ja' ? MONTHS[month - 1].ja[0] : String(month);
};

const signed = (n: number) => (n < 0 ? `−${-n}` : String(n));

/** A side's live score: "35 pts", "90 card points, 160 needed to break even: −70" (Nara), "Yaku 5"; `short` keeps only the figure for a compact seat. */
export function liveScoreText(score: LiveScore, t: Strings, short = false): string {
  if (score.kind === 'yaku') return `${t.yaku} ${score.value}`;
  if (short) return `${signed(score.value)}${t.pointsUnit}`;
  if (score.kind === 'nara')
    return t.naraPointsWords(score.points, NARA_BASE, `${score.value > 0 ? '+' : ''}${signed(score.value)}`);
  return `${score.value}${t.pointsUnit}`;
}

/**
 * A seat's captures in words a newcomer reads: "40 points from cards" (Nara: its card score,
 * the ▾ detail saying how it is measured against the base), Koi-Koi's yaku in points (its
 * capture counts are words already: "Brights×3"); a team's seat counts its cards, the team's
 * score being on its badge.
 */
export function captureWords(score: LiveScore, cards: number, teamPlay: boolean, t: Strings): string | null {
  if (score.kind === 'yaku') return score.value > 0 ? t.yakuPointsWords(score.value) : null;
  if (teamPlay) return t.capturedWords(cards);
  if (score.kind === 'nara') return t.naraSeatWords(signed(score.value));
  return t.cardPointsWords(score.value);
}

/** A group's name: "Brights" in Koi-Koi, "20" (points) in the point games. */
export function groupLabel(group: CaptureGroup, t: Strings): string {
  return group.kind === 'class' ? t.classes[group.key] : `${group.key}${t.pointsUnit}`;
}

/** A capture pile in a line that always fits: each group's name and count ("20×2", "Ribbons×3"). */
export function CaptureCounts(props: {
  readonly game: GameId;
  readonly cards: readonly string[];
  readonly t: Strings;
}): JSX.Element {
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
  readonly game: GameId;
  readonly cards: readonly string[];
  /** The yaku progress shown: the whole side's, in team play. */
  readonly yaku: readonly YakuProgress[];
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
          <div
            key={group.key}
            class={`capture-group group-${group.kind}`}
            role="group"
            aria-label={`${groupLabel(group, props.t)}: ${group.cards.length}`}
          >
            <span class="group-name" aria-hidden="true">
              {groupLabel(group, props.t)} ×{group.cards.length}
            </span>
            <div class="group-cards">
              {group.cards.map((id) => (
                <Card
                  key={id}
                  id={id}
                  game={props.game}
                  size={props.size ?? 'sm'}
                  marked={props.marked?.has(id)}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
      <YakuChips game={props.game} progress={props.yaku} />
    </div>
  );
}
