/** One seat at the table: name, dealer and turn marks, team colour, hand size, captures and total. */
import { MONTHS } from '@hanafuda/engine';
import type { JSX } from 'preact';
import type { BoardModel, SeatModel } from '../games/board.js';
import type { Strings } from '../i18n/en.js';
import { Captures } from './captures.js';
import { CardBack } from './card.js';
import { getPrefs } from './prefs.js';

export function badgeText(badge: string, t: Strings): string {
  const [kind, value] = badge.split(':');
  const lang = getPrefs().lang;
  switch (kind) {
    case 'hiki':
      return value ? `${t.hikiHeld} (${lang === 'ja' ? MONTHS[Number(value) - 1].ja : MONTHS[Number(value) - 1].en})` : t.hikiHeld;
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
  readonly t: Strings;
  readonly compact?: boolean;
}

export function SeatPanel(props: SeatPanelProps): JSX.Element {
  const { board, seat, t } = props;
  const isTurn = board.toMove === seat.seat;
  const total = board.totals[seat.side];
  const teamPlay = board.sides.some((m) => m.length > 1);
  const classes = ['seat-panel', `side-${seat.side}`, isTurn ? 'is-turn' : '', seat.playing ? '' : 'sitting-out'].join(' ');
  const backs = Math.min(seat.handSize, 8);
  return (
    <section class={classes} aria-label={`${props.name}${isTurn ? `, ${t.turn}` : ''}`} data-anchor={`seat-${seat.seat}`}>
      <header class="seat-head">
        <span class="seat-name">
          {props.name}
          {props.detail ? <span class="seat-detail"> · {props.detail}</span> : null}
        </span>
        {board.dealer === seat.seat ? (
          <span class="badge dealer" title={t.dealer}>
            {t.dealer}
          </span>
        ) : null}
        {teamPlay ? <span class="badge team">{`${t.team} ${seat.side + 1}`}</span> : null}
        {seat.badges.map((b) => (
          <span key={b} class="badge note">
            {badgeText(b, t)}
          </span>
        ))}
        <span class="seat-total" title={board.totalsKind === 'bankroll' ? t.bankroll : board.totalsKind === 'victories' ? t.victories : t.total}>
          {total}
        </span>
      </header>
      {seat.playing ? (
        <div class="seat-hand" aria-label={`${seat.handSize} ${t.cards}`} role="img">
          {Array.from({ length: backs }, (_, i) => (
            <CardBack key={i} size="sm" />
          ))}
          <span class="hand-count">{seat.handSize}</span>
          {seat.drawSize !== undefined && seat.drawSize > 0 ? (
            <span class="draw-count">
              {t.pile} {seat.drawSize}
            </span>
          ) : null}
        </div>
      ) : (
        <p class="sitting-out-text">{t.sittingOut}</p>
      )}
      {seat.captured.length > 0 ? <Captures game={board.game} cards={seat.captured} t={t} size="sm" label={`${t.captures}: ${props.name}`} /> : null}
    </section>
  );
}
