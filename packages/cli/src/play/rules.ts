/** The `?` page: the rules of the table's option set, generated from the option specs and the game's own tables. */
import {
  CARDS,
  type GameModule,
  KOIKOI_YAKU,
  NARA_BASE,
  NARA_SPECIAL_HANDS,
  NARA_VALUES,
  NARA_YAKU,
  type OptionSpec,
  SAKURA_VALUES,
  SAKURA_YAKU,
} from '@hanafuda/engine';
import type { Paint } from './ansi.js';
import { paintCard } from './cards.js';
import { INPUT_HELP } from './menu.js';
import { WIDTH, wrapItems } from './render.js';

const show = (value: unknown): string =>
  typeof value === 'object' && value !== null
    ? Object.entries(value)
        .map(([k, v]) => `${k}:${v}`)
        .join(',')
    : String(value);

/** Wraps prose to the width, each line indented. */
export function wrapText(text: string, indent: string, width = WIDTH): string[] {
  return wrapItems(indent, text.split(/\s+/).filter(Boolean), width, ' ');
}

function optionLines(
  paint: Paint,
  specs: readonly OptionSpec[],
  options: Readonly<Record<string, unknown>>,
): string[] {
  const lines: string[] = [
    paint.style('1', 'House rules at this table') +
      paint.style('2', ' (changed ones in colour; set with --options JSON)'),
  ];
  for (const spec of specs) {
    const value = show(options[spec.name]);
    const changed = value !== String(spec.default);
    const head = `  ${spec.title} (${spec.name}) = ${changed ? paint.style('1;93', value) : paint.style('1', value)}`;
    // The help on lines of its own: wrapped beside the long heading it ran down a thin column.
    lines.push(head, ...wrapText(spec.help, '      '));
  }
  return lines;
}

const valueLines = (paint: Paint, values: readonly number[], order: readonly number[], deck: number) =>
  order
    .map((v) => {
      const ids = CARDS.slice(0, deck)
        .filter((c) => values[c.card] === v)
        .map((c) => c.id);
      return wrapItems(
        `  ${String(v).padStart(2)}: `,
        v === 0 ? [`${ids.length} other cards`] : ids.map((id) => paintCard(paint, id)),
        WIDTH,
        ', ',
      );
    })
    .flat();

function sakuraTables(paint: Paint, options: Readonly<Record<string, unknown>>): string[] {
  const lines = [
    paint.style('1', 'Play'),
    ...wrapText(
      'Play a hand card: it captures a field card of its month (two: you choose; three: all). Then the top of the pile is turned up and played the same way. The Gaji (willow lightning) played from the hand is wild and captures any one card. A hiki (all four of a month in your hand and on the field) may be taken instead of a hand play.',
      '  ',
    ),
    paint.style('1', 'Card values (the deck holds 240)'),
    ...valueLines(paint, SAKURA_VALUES, [20, 10, 5, 0], 48),
  ];
  if (options.yaku !== 'off') {
    lines.push(paint.style('1', 'Yaku: each costs every opponent 50'));
    for (const y of SAKURA_YAKU)
      lines.push(`  ${y.name.padEnd(34)} ${y.cards.map((c) => paintCard(paint, CARDS[c].id)).join(', ')}`);
  }
  lines.push(
    ...wrapText(
      'Round score: captured value − 50 × the yaku every opponent holds. The highest score wins the round and deals next.',
      '  ',
    ),
  );
  return lines;
}

function koikoiTables(paint: Paint): string[] {
  return [
    paint.style('1', 'Play'),
    ...wrapText(
      'Capture by month as in every hanafuda game: a hand play, then a draw. When your yaku total grows you choose: Shobu (stop and score it) or Koi-Koi (play on; if the other player then scores, it is doubled).',
      '  ',
    ),
    paint.style('1', 'Yaku (points; "+1" per extra card of the kind)'),
    ...KOIKOI_YAKU.filter((y) => y.family !== 'special').map(
      (y) => `  ${String(y.points).padStart(2)}${y.minimum ? '+' : ' '} ${y.name}`,
    ),
  ];
}

function naraTables(paint: Paint): string[] {
  return [
    paint.style('1', 'Play'),
    ...wrapText(
      'Choose one of your two piles as your hand; the other is your own draw pile. Five turns each: a hand play, then a draw from your own pile. The blank is wild.',
      '  ',
    ),
    paint.style('1', `Card values (the deck holds 640; your card score is value − ${NARA_BASE})`),
    ...valueLines(paint, NARA_VALUES, [40, 30, 20, 0], 49),
    paint.style('1', 'Yaku: each other player pays the holder'),
    ...NARA_YAKU.map((y) => `  ${String(y.value).padStart(3)} ${y.name}`),
    `  special hands: ${Object.entries(NARA_SPECIAL_HANDS)
      .map(([k, v]) => `${k} ${v} from each`)
      .join(', ')}`,
  ];
}

export function rulesPage(
  paint: Paint,
  game: GameModule,
  options: Readonly<Record<string, unknown>>,
): string[] {
  const id = game.id;
  const tables =
    id === 'sakura' || id === 'oibana'
      ? sakuraTables(paint, options)
      : id === 'koikoi'
        ? koikoiTables(paint)
        : id === 'nara'
          ? naraTables(paint)
          : [];
  const extra =
    id === 'oibana'
      ? wrapText(
          'Oi-bana: everyone bids once from the dealer; the two highest bidders play one 2-player Sakura round; the loser pays the winner.',
          '  ',
        )
      : [];
  return [
    paint.style('1;97;44', ` ${game.title}: the rules at this table `.padEnd(WIDTH)),
    ...extra,
    ...tables,
    ...optionLines(paint, game.optionSpecs, options),
    paint.style('1', 'Typing'),
    ...wrapText(
      `Answer with ${INPUT_HELP}. Two words answer a follow-up at once: "cur poetry" plays the curtain and takes the poetry ribbon.`,
      '  ',
    ),
  ];
}
