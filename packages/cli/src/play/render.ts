/** The table as lines of at most the terminal's width (80 columns at most): a title bar, one or two lines per side, the field, the hand. */
import { CARDS, cardById } from '@hanafuda/engine';
import { type Paint, fit, padEnd, visibleWidth } from './ansi.js';
import type { Board, Side } from './board.js';
import { type Seats, nameSeats } from './seats.js';
import { cardWord, paintCard, paintMonth, paintWord, shortMonth } from './cards.js';

/** The widest the table is laid out, and the narrowest (below it lines wrap, as a terminal must). */
export const MAX_WIDTH = 80;
const MIN_WIDTH = 40;

/** The width every line is laid out to now: the terminal's, at most 80 columns (set by the session before it draws). */
export let WIDTH = MAX_WIDTH;

/** Lays out what is drawn next for a terminal of `columns` (0 or unknown: 80). */
export function setWidth(columns: number): void {
  WIDTH = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.floor(columns) || MAX_WIDTH));
}

const CLASS_ORDER = ['bright', 'animal', 'ribbon', 'chaff', 'blank'] as const;
const CLASS_MARK: Readonly<Record<string, string>> = {
  bright: '✦',
  animal: '◆',
  ribbon: '▬',
  chaff: '·',
  blank: '□',
};
const CLASS_STYLE: Readonly<Record<string, string>> = {
  bright: '93',
  animal: '97',
  ribbon: '91',
  chaff: '2',
  blank: '97',
};

const info = (id: string) => CARDS[cardById(id) ?? 0];

/** Captures grouped by class: `✦ crane moon  ◆ deer  ▬ poetry blue  · 7` (chaff counted, the rest named). */
export function capturesByClass(paint: Paint, cards: readonly string[], full = false): string {
  return captureGroups(paint, cards, full).join('  ');
}

/** The groups of `capturesByClass`, one per class, to lay out in lines. */
export function captureGroups(paint: Paint, cards: readonly string[], full = false): string[] {
  const groups: string[] = [];
  for (const cls of CLASS_ORDER) {
    const ids = cards.filter((id) => info(id).cls === cls);
    if (!ids.length) continue;
    const mark = paint.style(CLASS_STYLE[cls], CLASS_MARK[cls]);
    const named =
      cls === 'chaff' && !full
        ? chaffSummary(paint, ids)
        : ids
            .map((id) => (full ? paintCard(paint, id) : paintMonth(paint, info(id).month, cardWord(id))))
            .join(' ');
    groups.push(`${mark} ${named}`);
  }
  return groups;
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

/** Text wrapped at spaces after a label, so nothing is cut: the way long log and summary lines are shown. */
export function wrapText(label: string, text: string, width = WIDTH): string[] {
  return wrapItems(label, text.split(' '), width, ' ');
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
  const yaku = [
    ...side.yakuHeld.map((y) => paint.style('1;92', y)),
    ...side.yakuNear.map((y) => paint.style('33', y)),
    ...side.notes.map((n) => paint.style('95', n)),
  ];
  // Aligned columns where the width allows; a narrow terminal gets the facts one after another, uncut.
  const [nameCol, handCol, pointsCol] = WIDTH >= 70 ? [22, 10, 9] : [0, 0, 0];
  const left = `${mark} ${padEnd(names, nameCol)} ${padEnd(paint.style('2', `hand ${hands}`), handCol)} ${padEnd(side.points, pointsCol)}`;
  const total = paint.style(mine ? '1;96' : '1', `Σ ${side.total}`);
  const room = WIDTH - visibleWidth(total) - 1;
  // Yaku and notes follow on the first line when they fit, else on lines of their own: never cut.
  const inline = yaku.length ? `${left} ${yaku.join(' ')}` : left;
  const fits = visibleWidth(inline) <= room;
  const first = `${padEnd(fits ? inline : fit(left, room), room)} ${total}`;
  const more = fits || !yaku.length ? [] : wrapItems('    ', yaku, WIDTH, ' ');
  if (compact) return [first, ...more];
  // Wrapped, never cut: the chaff count comes last and must stay on screen.
  const caught = captureGroups(paint, side.captured);
  return [first, ...more, ...wrapItems('    ', caught.length ? caught : [paint.style('2', 'no captures')])];
}

/** Many sides on a short screen: a line per side, captures left to the `c` command. */
export const isCompact = (board: Board, maxLines: number): boolean =>
  board.sides.length > 4 || (board.sides.length > 2 && maxLines < 24);

/** The table: title bar, sides, field, pending card, hand, standing notes. */
export function renderBoard(paint: Paint, board: Board, seats: Seats, maxLines = 24): string[] {
  const turn =
    board.toMove === null
      ? 'game over'
      : board.toMove === seats.you
        ? 'your turn'
        : `${seats.name(board.toMove)} to play`;
  const facts = [board.title, board.round, `dealer ${seats.name(board.dealer)}`, board.pile, turn].filter(
    Boolean,
  );
  // The title bar wraps between facts rather than lose one (whose turn comes last).
  const lines = wrapItems(' ', facts, WIDTH, ' · ').map((l) =>
    paint.on ? paint.style('1;97;44', padEnd(l, WIDTH)) : l,
  );
  const compact = isCompact(board, maxLines);
  for (const side of board.sides)
    lines.push(...sideLines(paint, board, side, seats, compact || side.captured.length === 0));
  if (board.field.length || board.game !== 'oibana')
    lines.push(
      ...wrapItems(
        `${paint.style('1', 'field')}  `,
        board.field.length ? fieldGroups(paint, board.field) : [paint.style('2', '(empty)')],
      ),
    );
  if (board.pending)
    lines.push(
      `${paint.style('1', 'up   ')}  ${paintCard(paint, board.pending)} ${paint.style('2', '(waiting for a choice)')}`,
    );
  lines.push(
    ...wrapItems(
      `${paint.style('1', 'hand ')}  `,
      board.hand.length ? board.hand.map((id) => paintCard(paint, id)) : [paint.style('2', '(empty)')],
    ),
  );
  for (const note of board.notes) lines.push(fit(paint.style('95', `  ${nameSeats(note, seats)}`), WIDTH));
  return lines;
}

/** Choices in two aligned columns when every one fits in half the width, else one per line. */
export function columns(items: readonly string[], width = WIDTH): string[] {
  const half = Math.floor(width / 2);
  if (items.some((i) => visibleWidth(i) > half - 2)) return items.map((i) => fit(i, width));
  const rows: string[] = [];
  for (let i = 0; i < items.length; i += 2)
    rows.push(items[i + 1] === undefined ? items[i] : padEnd(items[i], half) + items[i + 1]);
  return rows;
}

/** Every side's captures in full, grouped by class (the `c` command). */
export function renderCaptures(paint: Paint, board: Board, seats: Seats): string[] {
  const lines = [paint.style('1', 'captures')];
  for (const side of board.sides) {
    lines.push(`  ${paint.style('1', sideName(side, seats))}: ${side.points}`);
    if (!side.captured.length) lines.push('    none');
    for (const cls of CLASS_ORDER) {
      const ids = side.captured.filter((id) => info(id).cls === cls);
      // One class a line (or more), card by card, so a long class wraps instead of being cut.
      if (ids.length)
        lines.push(
          ...wrapItems(
            `    ${CLASS_MARK[cls]} `,
            ids.map((id, i) => `${paintCard(paint, id)}${i < ids.length - 1 ? ',' : ''}`),
            WIDTH,
            ' ',
          ),
        );
    }
  }
  return lines;
}

export const monthTitle = (month: number): string => `${month} ${shortMonth(month)}`;
