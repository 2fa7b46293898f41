/** The end of a round (its breakdown, side by side) and the end of the game. */
import {
  type KoiKoiOptions,
  type KoiKoiRoundResult,
  type NaraRoundResult,
  type OibanaRoundResult,
  type SakuraRoundResult,
  type GameView,
  assertNever,
  SAKURA_YAKU_PENALTY,
} from '@hanafuda/engine';
import { type GameId, koikoiWin, yakuPenalty, yakuShortName } from '@hanafuda/table';
import { type Paint, fit, padEnd } from './ansi.js';
import { paintIds } from './cards.js';
import { WIN_LABELS } from '../describe-event.js';
import { WIDTH, wrapItems, wrapText } from './render.js';
import { type Seats, nameSeats } from './seats.js';

interface Row {
  readonly name: string;
  readonly cells: readonly string[];
}

function table(
  paint: Paint,
  headers: readonly string[],
  rows: readonly Row[],
  widths: readonly number[],
): string[] {
  const line = (name: string, cells: readonly string[]) =>
    fit(`  ${padEnd(name, 18)}${cells.map((c, i) => padEnd(c, widths[i])).join('')}`, WIDTH);
  return [paint.style('2', line('', headers)), ...rows.map((r) => line(r.name, r.cells))];
}

/**
 * Each row's yaku by name for a column `width` wide: a list too long for it is counted there and
 * spelled out under the table, so no name is cut and the columns stay in line.
 */
function yakuColumn(
  game: GameId,
  lists: readonly (readonly string[])[],
  names: readonly string[],
  width: number,
): { cells: string[]; below: string[] } {
  const below: string[] = [];
  const cells = lists.map((ids, i) => {
    if (ids.length === 0) return '-';
    const text = ids.map((id) => yakuShortName(game, id, 'en')).join(', ');
    if (text.length < width) return text;
    below.push(...wrapText(`  ${names[i].trim()}: `, text));
    return `${ids.length} yaku, below`;
  });
  return { cells, below };
}

/** Who deals next; after the game's last round, nobody (the breakdown is followed by the game's end). */
const dealsNext = (over: boolean, seat: number, seats: Seats) =>
  over ? 'that was the last round.' : nameSeats(`seat ${seat} deals next.`, seats);
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
const sideName = (members: readonly number[], seats: Seats) => members.map(seats.name).join(' + ');

function sakuraRound(
  paint: Paint,
  r: SakuraRoundResult,
  sides: readonly (readonly number[])[],
  totals: readonly number[],
  seats: Seats,
  victories: boolean,
  over: boolean,
): string[] {
  const names = sides.map((members, side) => `${side === r.winner ? '★ ' : '  '}${sideName(members, seats)}`);
  const yaku = yakuColumn('sakura', r.yaku, names, 16);
  const rows = sides.map((_, side) => ({
    name: names[side],
    cells: [String(r.points[side]), yaku.cells[side], signed(r.scores[side]), String(totals[side])],
  }));
  const lines = [
    ...table(paint, ['points', 'yaku', 'score', victories ? 'victories' : 'total'], rows, [8, 16, 8, 8]),
    ...yaku.below,
  ];
  const label = r.label ? ` (${WIN_LABELS[r.label]})` : '';
  const winner =
    sides[r.winner].length > 1
      ? `${sideName(sides[r.winner], seats)} win`
      : nameSeats(`seat ${sides[r.winner][0]} wins`, seats);
  lines.push(
    `  ${winner} the round${label}${victories ? `: ${r.victories} victor${r.victories === 1 ? 'y' : 'ies'}` : ''}; ${dealsNext(over, r.nextDealer, seats)}`,
  );
  // Where a side paid for the others' yaku, say so: its score is not its points.
  const paid = sides.map((_, side) => yakuPenalty(r.yaku, side).total);
  if (paid.some((n) => n > 0)) {
    const who = sides.flatMap((members, side) =>
      paid[side] ? [`${sideName(members, seats)} −${paid[side]}`] : [],
    );
    lines.push(
      ...wrapText('  ', `score = points −${SAKURA_YAKU_PENALTY} per opposing yaku: ${who.join(', ')}`),
    );
  }
  if (r.claimed.length)
    lines.push(...wrapItems('  the Gaji claimed: ', [paintIds(paint, r.claimed.join(', '))]));
  if (r.dead.length) lines.push(...wrapItems('  dead cards: ', [paintIds(paint, r.dead.join(', '))]));
  return lines;
}

const DOUBLING_TEXT = {
  seven: '×2 (7 or more)',
  koikoi: (opponent: number) => `×2 (seat ${opponent} called Koi-Koi)`,
} as const;

/** The winner's score worked out: `seat 1 scores 20 = 10 ×2 (7 or more)`; oya-ken and hand checks score as they are. */
function koikoiScore(r: KoiKoiRoundResult, options: KoiKoiOptions): string {
  const win = koikoiWin(r, options);
  if (win === null) return 'nobody scores';
  const w = win.seat;
  const scored = `seat ${w} scores ${win.score}`;
  // Koi-Koi Japan's bonus for the winner's own calls comes after the doublings.
  const calls = win.ownCalls;
  const bonus = calls > 0 ? ` with the bonus for ${calls} own call${calls > 1 ? 's' : ''}` : '';
  if (!win.doublings.length && !bonus) return scored;
  return `${scored} = ${win.total}${win.doublings.map((d) => ` ${d === 'seven' ? DOUBLING_TEXT.seven : DOUBLING_TEXT.koikoi(1 - w)}`).join('')}${bonus}`;
}

function koikoiRound(
  paint: Paint,
  r: KoiKoiRoundResult,
  totals: readonly number[],
  options: KoiKoiOptions,
  seats: Seats,
  over: boolean,
): string[] {
  const names = [0, 1].map((seat) => `${seat === r.winner ? '★ ' : '  '}${seats.name(seat)}`);
  const yaku = yakuColumn('koikoi', r.yaku, names, 22);
  const rows = [0, 1].map((seat) => ({
    name: names[seat],
    // How often the seat called Koi-Koi: a count, not a multiplier (the score line gives those).
    cells: [
      yaku.cells[seat],
      String(r.yakuTotals[seat]),
      r.koikoi[seat] ? `${r.koikoi[seat]} call${r.koikoi[seat] > 1 ? 's' : ''}` : '-',
      signed(r.scores[seat]),
      String(totals[seat]),
    ],
  }));
  const lines = [
    ...table(paint, ['yaku', 'yaku pts', 'koi-koi', 'score', 'total'], rows, [22, 9, 8, 7, 7]),
    ...yaku.below,
  ];
  lines.push(
    ...wrapText(
      '  ',
      `${nameSeats(`${koikoiScore(r, options)} (${r.end})`, seats)}; ${dealsNext(over, r.nextDealer, seats)}`,
    ),
  );
  return lines;
}

function naraRound(
  paint: Paint,
  r: NaraRoundResult,
  totals: readonly number[],
  seats: Seats,
  over: boolean,
): string[] {
  const names = r.points.map((_, seat) => `  ${seats.name(seat)}`);
  const yaku = yakuColumn('nara', r.yaku, names, 22);
  const rows = r.points.map((p, seat) => ({
    name: names[seat],
    cells: [String(p), yaku.cells[seat], signed(r.scores[seat]), String(totals[seat])],
  }));
  const lines = [...table(paint, ['points', 'yaku', 'result', 'total'], rows, [8, 22, 8, 8]), ...yaku.below];
  lines.push(
    `  ${r.special ? 'a special hand voids card scores and yaku; ' : ''}${dealsNext(over, r.nextDealer, seats)}`,
  );
  if (r.claimed.length)
    lines.push(...wrapItems('  the blank claimed: ', [paintIds(paint, r.claimed.join(', '))]));
  return lines;
}

function oibanaRound(
  paint: Paint,
  r: OibanaRoundResult,
  bankrolls: readonly number[],
  seats: Seats,
): string[] {
  const names = r.duelists.map((seat) => `${seat === r.winner ? '★ ' : '  '}${seats.name(seat)}`);
  const yaku = yakuColumn(
    'oibana',
    r.duelists.map((seat) => r.yaku[seat]),
    names,
    16,
  );
  const rows = r.duelists.map((seat, i) => ({
    name: names[i],
    cells: [
      String(r.bids[seat]),
      String(r.points[seat]),
      yaku.cells[i],
      signed(r.payments[seat]),
      String(bankrolls[seat]),
    ],
  }));
  const lines = [
    ...table(paint, ['bid', 'points', 'yaku', 'paid', 'bankroll'], rows, [6, 8, 16, 8, 8]),
    ...yaku.below,
  ];
  lines.push(
    `  ${nameSeats(`seat ${r.winner} wins`, seats)}${r.label ? ` (${WIN_LABELS[r.label]})` : ''}; bankrolls ${bankrolls.join(' / ')}.`,
  );
  return lines;
}

/** The breakdown of the latest round, or nothing if no round has ended. */
export function roundBreakdown(paint: Paint, view: GameView, seats: Seats): string[] {
  const head = (round: number) => paint.style('1;97;44', padEnd(` Round ${round} is over`, WIDTH));
  const over = view.phase === 'over';
  switch (view.game) {
    case 'sakura': {
      const r = view.results.at(-1);
      return r
        ? [
            head(r.round),
            ...sakuraRound(
              paint,
              r,
              view.sides,
              view.totals,
              seats,
              view.options.scoring === 'victories',
              over,
            ),
          ]
        : [];
    }
    case 'koikoi': {
      const r = view.results.at(-1);
      return r ? [head(r.round), ...koikoiRound(paint, r, view.totals, view.options, seats, over)] : [];
    }
    case 'nara': {
      const r = view.results.at(-1);
      return r ? [head(r.round), ...naraRound(paint, r, view.totals, seats, over)] : [];
    }
    case 'oibana': {
      const r = view.results.at(-1);
      return r ? [head(r.round), ...oibanaRound(paint, r, view.bankrolls, seats)] : [];
    }
    default:
      return assertNever(view);
  }
}

/** Final standings, best first, and who won. */
export function gameEnd(paint: Paint, view: GameView, seats: Seats): string[] {
  const sides: readonly (readonly number[])[] =
    view.game === 'sakura'
      ? view.sides
      : Array.from({ length: view.game === 'koikoi' ? 2 : view.players }, (_, s) => [s]);
  const totals = view.game === 'oibana' ? view.bankrolls : view.totals;
  const order = sides.map((_, i) => i).sort((a, b) => totals[b] - totals[a]);
  const top = totals[order[0]];
  const winners = order.filter((i) => totals[i] === top);
  const youWon = winners.some((i) => sides[i].includes(seats.you));
  const verdict = youWon
    ? winners.length > 1
      ? 'You share the win!'
      : 'You win!'
    : `${winners.map((i) => sideName(sides[i], seats)).join(' and ')} ${winners.length > 1 || sides[winners[0]].length > 1 ? 'win' : 'wins'}.`;
  return [
    paint.style('1;97;45', padEnd(' Game over', WIDTH)),
    ...order.map((i, rank) => `  ${rank + 1}. ${padEnd(sideName(sides[i], seats), 24)} ${totals[i]}`),
    paint.style('1', `  ${verdict}`),
  ];
}
