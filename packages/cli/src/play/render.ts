/** The table as lines of at most 80 columns: a title bar, one or two lines per side, the field, the hand. */
import { CARDS, cardById } from '@hanafuda/engine';
import { type Paint, fit, padEnd, visibleWidth } from './ansi.js';
import type { Board, Side } from './board.js';
import { nameSeats } from './events.js';
import { cardWord, paintCard, paintMonth, paintWord, shortMonth } from './cards.js';

export interface Seats {
  /** The person's seat. */
  readonly you: number;
  readonly name: (seat: number) => string;
}

export const WIDTH = 80;

const CLASS_ORDER = ['bright', 'animal', 'ribbon', 'chaff', 'blank'] as const;
const CLASS_MARK: Readonly<Record<string, string>> = { bright: '✦', animal: '◆', ribbon: '▬', chaff: '·', blank: '□' };
const CLASS_STYLE: Readonly<Record<string, string>> = { bright: '93', animal: '97', ribbon: '91', chaff: '2', blank: '97' };

const info = (id: string) => CARDS[cardById(id) ?? 0];

/** Captures grouped by class: `✦ crane moon  ◆ deer  ▬ poetry blue  · 7` (chaff counted, the rest named). */
export function capturesByClass(paint: Paint, cards: readonly string[], full = false): string {
  const groups: string[] = [];
  for (const cls of CLASS_ORDER) {
    const ids = cards.filter((id) => info(id).cls === cls);
    if (!ids.length) continue;
    const mark = paint.style(CLASS_STYLE[cls], CLASS_MARK[cls]);
    const named = cls === 'chaff' && !full ? chaffSummary(paint, ids) : ids.map((id) => (full ? paintCard(paint, id) : paintMonth(paint, info(id).month, cardWord(id)))).join(' ');
    groups.push(`${mark} ${named}`);
  }
  return groups.join('  ');
}

/** Chaff is counted, but the two chaff that matter by name (lightning, yellow) are named. */
function chaffSummary(paint: Paint, ids: readonly string[]): string {
  const special = ids.filter((id) => !id.includes('-chaff-'));
  return `${ids.length}${special.length ? ` (${special.map((id) => paintWord(paint, id)).join(', ')})` : ''}`;
}

/** The field by month, in the order the months lie: `cherry curtain+chaff  maple deer`; three of a month read as a stack. */
export function fieldGroups(paint: Paint, field: readonly string[]): string[] {
  const months: number[] = [];
  for (const id of field) if (!months.includes(info(id).month)) months.push(info(id).month);
  return months.map((m) => {
    const ids = field.filter((id) => info(id).month === m);
    const words = ids.map((id) => paintWord(paint, id)).join('+');
    return `${m === 0 ? '' : `${paintMonth(paint, m)} `}${words}${ids.length === 3 ? paint.style('2', ' (stack)') : ''}`;
  });
}

/** Items laid out in lines after a label, wrapping at the width with the label's indent. */
export function wrapItems(label: string, items: readonly string[], width = WIDTH, gap = '  '): string[] {
  const indent = ' '.repeat(visibleWidth(label));
  const lines: string[] = [];
  let line = label;
  let empty = true;
  for (const item of items) {
    const next = empty ? line + item : line + gap + item;
    if (!empty && visibleWidth(next) > width) {
      lines.push(line);
      line = indent + item;
    } else line = next;
    empty = false;
  }
  lines.push(line);
  return lines.map((l) => fit(l, width));
}

export function sideName(side: Side, seats: Seats): string {
  return side.seats.map(seats.name).join(' + ');
}

function sideLines(paint: Paint, board: Board, side: Side, seats: Seats, compact: boolean): string[] {
  const mine = side.seats.includes(seats.you);
  const turn = board.toMove !== null && side.seats.includes(board.toMove);
  const mark = turn ? paint.style('1;92', '▶') : ' ';
  const names = side.seats
    .map((s) => {
      const n = seats.name(s);
      const styled = s === seats.you ? paint.style('1;96', n) : paint.style('1', n);
      return s === board.dealer ? `${styled}${paint.style('33', '·dealer')}` : styled;
    })
    .join(paint.style('2', '+'));
  const hands = side.hands.join('/');
  const yaku = [...side.yakuHeld.map((y) => paint.style('1;92', y)), ...side.yakuNear.map((y) => paint.style('33', y))].join(' ');
  const left = `${mark} ${padEnd(names, 22)} ${padEnd(paint.style('2', `hand ${hands}`), 10)} ${padEnd(side.points, 9)} ${yaku}${side.notes.length ? ` ${paint.style('95', side.notes.join(' '))}` : ''}`;
  const total = paint.style(mine ? '1;96' : '1', `Σ ${side.total}`);
  const room = WIDTH - visibleWidth(total) - 1;
  const first = `${padEnd(fit(left, room), room)} ${total}`;
  if (compact) return [first];
  const caught = capturesByClass(paint, side.captured);
  return [first, fit(`    ${caught || paint.style('2', 'no captures')}`, WIDTH)];
}

/** The table: title bar, sides, field, pending card, hand, standing notes. */
export function renderBoard(paint: Paint, board: Board, seats: Seats, maxLines = 24): string[] {
  const turn = board.toMove === null ? 'game over' : board.toMove === seats.you ? 'your turn' : `${seats.name(board.toMove)} to play`;
  const facts = [board.round, `dealer ${seats.name(board.dealer)}`, board.pile, turn].filter(Boolean).join(' · ');
  const title = ` ${board.title} · ${facts}`;
  const lines = [paint.on ? paint.style('1;97;44', padEnd(fit(title, WIDTH), WIDTH)) : fit(title, WIDTH)];
  const compact = board.sides.length > 4 || (board.sides.length > 2 && maxLines < 24);
  for (const side of board.sides) lines.push(...sideLines(paint, board, side, seats, compact || side.captured.length === 0));
  if (board.field.length || board.game !== 'oibana') lines.push(...wrapItems(`${paint.style('1', 'field')}  `, board.field.length ? fieldGroups(paint, board.field) : [paint.style('2', '(empty)')]));
  if (board.pending) lines.push(`${paint.style('1', 'up   ')}  ${paintCard(paint, board.pending)} ${paint.style('2', '(waiting for a choice)')}`);
  lines.push(...wrapItems(`${paint.style('1', 'hand ')}  `, board.hand.length ? board.hand.map((id) => paintCard(paint, id)) : [paint.style('2', '(empty)')]));
  for (const note of board.notes) lines.push(fit(paint.style('95', `  ${nameSeats(note, seats)}`), WIDTH));
  return lines;
}

/** Choices in two aligned columns when every one fits in half the width, else one per line. */
export function columns(items: readonly string[], width = WIDTH): string[] {
  const half = Math.floor(width / 2);
  if (items.some((i) => visibleWidth(i) > half - 2)) return items.map((i) => fit(i, width));
  const rows: string[] = [];
  for (let i = 0; i < items.length; i += 2) rows.push(items[i + 1] === undefined ? items[i] : padEnd(items[i], half) + items[i + 1]);
  return rows;
}

/** Every side's captures in full, grouped by class (the `c` command). */
export function renderCaptures(paint: Paint, board: Board, seats: Seats): string[] {
  const lines = [paint.style('1', 'captures')];
  for (const side of board.sides) {
    lines.push(`  ${paint.style('1', sideName(side, seats))}: ${side.points}`);
    lines.push(...wrapItems('    ', side.captured.length ? CLASS_ORDER.map((cls) => side.captured.filter((id) => info(id).cls === cls)).filter((g) => g.length).map((g) => `${CLASS_MARK[info(g[0]).cls]} ${g.map((id) => paintCard(paint, id)).join(', ')}`) : ['none']));
  }
  return lines;
}

export const monthTitle = (month: number): string => `${month} ${shortMonth(month)}`;
