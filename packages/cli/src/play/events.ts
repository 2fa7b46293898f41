/** Event lines for the person at the table: the replay templates, with seats named and cards coloured. */
import type { GameEvent } from '@hanafuda/engine';
import type { GameId } from '@hanafuda/table';
import { describeEvent } from '../describe-event.js';
import type { Paint } from './ansi.js';
import { monthName, paintIds } from './cards.js';
import { type Seats, nameSeats } from './seats.js';

/** One line per event worth telling, or null (other seats' deals say only a count). */
export function eventLine(paint: Paint, event: GameEvent, seats: Seats, game?: GameId): string | null {
  if ((event.type === 'deal' && !event.cards) || event.type === 'game-end') return null;
  if (event.type === 'piles-dealt' && event.seat !== seats.you) return null;
  const text = nameSeats(describeEvent(event, game), seats).replace(
    /\bmonth (\d+)\b/g,
    (m, n: string) => `${m} (${monthName(Number(n))})`,
  );
  const line = paintIds(paint, text);
  if (event.type === 'round-start' || event.type === 'auction-start') return paint.style('1;94', line);
  if (event.type === 'round-end' || event.type === 'game-end') return paint.style('1', line);
  if (
    event.type === 'hiki' ||
    event.type === 'hiki-taken' ||
    event.type.startsWith('gaji') ||
    event.type === 'koikoi' ||
    event.type === 'shobu' ||
    event.type === 'yaku'
  ) {
    return paint.style('95', line);
  }
  return line;
}

/**
 * Lines for one update's events: a play or a draw and what became of the card share one
 * line (`Bot 3 plays maple-blue → takes maple-deer`), so a turn reads in two lines.
 */
export function eventLines(
  paint: Paint,
  events: readonly GameEvent[],
  seats: Seats,
  game?: GameId,
): string[] {
  const lines: string[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const next = events[i + 1];
    if ((e.type === 'play' || e.type === 'draw') && next) {
      const cards = Array.isArray(next.cards) ? (next.cards as string[]) : [];
      const took = next.type === 'capture' && next.seat === e.seat && cards[0] === e.card;
      const stayed = next.type === 'to-field' && next.card === e.card;
      if (took || stayed) {
        const first = eventLine(paint, e, seats, game) ?? '';
        const verb = e.seat === seats.you ? 'take' : 'takes';
        const rest = took
          ? `${verb} ${cards.slice(1).join(', ')}${next.wild ? ' (wild)' : ''}`
          : 'to the field';
        lines.push(`${first} ${paint.style('2', '→')} ${paintIds(paint, rest)}`);
        i++;
        continue;
      }
    }
    const line = eventLine(paint, e, seats, game);
    if (line !== null) lines.push(line);
  }
  return lines;
}
