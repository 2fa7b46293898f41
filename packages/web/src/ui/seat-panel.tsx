/** Another seat at the table: name, dealer and turn marks, team colour, hand size, captures and total. */
import { MONTHS } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { type BoardModel, liveScore, type SeatModel } from '@hanafuda/table';
import type { Strings } from '../i18n/en.js';
import type { LastMove } from '../state/last-move.js';
import { CaptureCounts, captureWords, Captures, liveScoreText } from './captures.js';
import { getPrefs } from './prefs.js';

export function badgeText(badge: string, t: Strings): string {
  const [kind, value] = badge.split(':');
  const lang = getPrefs().lang;
  switch (kind) {
    case 'hiki':
      return t.hikiOf(
        value ? (lang === 'ja' ? MONTHS[Number(value) - 1].ja : MONTHS[Number(value) - 1].en) : null,
      );
    case 'koikoi':
      return `${t.koikoiCalls} ×${value}`;
    case 'bid':
      return `${t.bid} ${value}`;
    case 'piles':
      return `${t.piles} ${value}`;
    default:
      return badge;
  }
}

export interface SeatPanelProps {
  readonly board: BoardModel;
  readonly seat: SeatModel;
  readonly name: string;
  readonly detail: string;
  /** Online: what the room says of the seat now (its turn's countdown, away). */
  readonly note?: string | null;
  readonly t: Strings;
  /** The seat's place in turn order from the viewer (its order on a phone's strip of seats). */
  readonly turnIndex: number;
  /** The last move: its seat is outlined, its cards marked in the capture pile. */
  readonly last?: LastMove;
}

/** Another seat, compact: name, marks, total, hand size, and its captures summarised by group (a tap shows the cards). */
export function SeatPanel(props: SeatPanelProps): JSX.Element {
  const { board, seat, t } = props;
  const isTurn = board.toMove === seat.seat;
  const total = board.totals[seat.side];
  const teamPlay = board.sides.some((m) => m.length > 1);
  const classes = [
    'seat-panel',
    `side-${seat.side}`,
    isTurn ? 'is-turn' : '',
    seat.playing ? '' : 'sitting-out',
    props.last?.seat === seat.seat ? 'moved-last' : '',
  ].join(' ');
  const score = liveScore(board, seat.side);
  const scoreText = liveScoreText(score, t, true);
  const scoreTitle = `${teamPlay ? `${t.team} ${seat.side + 1}: ` : ''}${liveScoreText(score, t)}`;
  const words = captureWords(score, seat.captured.length, teamPlay, t);
  const head = (
    <span class="seat-head">
      <span class="seat-name" title={props.detail || undefined}>
        {props.name}
      </span>
      {props.note ? <span class="badge seat-note">{props.note}</span> : null}
      {board.dealer === seat.seat ? (
        <span class="badge dealer" title={t.dealer}>
          {t.dealer}
        </span>
      ) : null}
      {teamPlay ? (
        <span class="badge team" title={scoreTitle}>
          <span class="team-name">{`${t.team} ${seat.side + 1} · `}</span>
          {scoreText}
        </span>
      ) : null}
      {seat.playing ? (
        <span class="hand-count" role="img" aria-label={t.cardCount(seat.handSize)}>
          <span class="mini-back" aria-hidden="true" />
          {seat.handSize}
        </span>
      ) : (
        <span class="sitting-out-text">{t.sittingOut}</span>
      )}
      <span
        class="seat-total"
        title={
          board.totalsKind === 'bankroll'
            ? t.bankroll
            : board.totalsKind === 'victories'
              ? t.victories
              : t.total
        }
      >
        {total}
      </span>
    </span>
  );
  const line = (
    <span class="seat-line">
      {seat.drawSize !== undefined && seat.drawSize > 0 ? (
        <span class="draw-count">
          {t.pile} {seat.drawSize}
        </span>
      ) : null}
      {props.detail ? <span class="seat-detail">{props.detail}</span> : null}
      {seat.badges.map((b) => (
        <span key={b} class="badge note">
          {badgeText(b, t)}
        </span>
      ))}
    </span>
  );
  return (
    <section
      class={classes}
      style={{ '--turn': props.turnIndex }}
      aria-label={t.seatLabel(props.name, isTurn)}
      data-anchor={`seat-${seat.seat}`}
    >
      {seat.captured.length > 0 ? (
        // The whole panel is the tap that opens the captures: a target a finger finds on a phone.
        <details class="seat-captures">
          <summary>
            {head}
            {line}
            <span class="capture-sum">
              <span class="visually-hidden">{t.captures}: </span>
              {/* In words, with what a tap shows; Koi-Koi's counts are words already ("Brights×3"). */}
              {board.game === 'koikoi' ? (
                <CaptureCounts game={board.game} cards={seat.captured} t={t} />
              ) : null}
              {words ? <span class="sum-words">{words}</span> : null}
              <span class="tap-how">{t.tapForHow}</span>
            </span>
          </summary>
          <div class="capture-popover">
            {/* Nara: how the card score is measured; then the compact form, for those who read it at a glance: "20×1 10×2 0×3 = 40 pts". */}
            {score.kind === 'nara' ? (
              <p class="capture-compact capture-how">{liveScoreText(score, t)}</p>
            ) : null}
            <p class="capture-compact">
              <CaptureCounts game={board.game} cards={seat.captured} t={t} />
              {teamPlay || (score.kind === 'yaku' && score.value === 0) ? null : (
                <span class="sum-points" title={scoreTitle}>
                  = {scoreText}
                </span>
              )}
            </p>
            <Captures
              game={board.game}
              cards={seat.captured}
              yaku={board.yaku[seat.side] ?? []}
              t={t}
              size="sm"
              label={`${t.captures}: ${props.name}`}
              marked={props.last?.cards}
            />
          </div>
        </details>
      ) : (
        <>
          {head}
          {line}
        </>
      )}
    </section>
  );
}
