/** The play command's drawing: every game's table fits 80 columns, classes group captures, NO_COLOR is plain. */
import {
  CARDS,
  type GameModule,
  cardById,
  gameById,
  randomInt,
  seedRng,
  type GameView,
} from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { PLAIN, colourWanted, fit, makePaint, stripAnsi, visibleWidth } from '../src/play/ansi.js';
import { type Board, boardOf } from '../src/play/board.js';
import { cardWord, paintCard } from '../src/play/cards.js';
import { nameSeats } from '../src/play/seats.js';
import { buildMenu } from '../src/play/menu.js';
import {
  WIDTH,
  capturesByClass,
  columns,
  fieldGroups,
  renderBoard,
  isCompact,
  renderCaptures,
  wrapItems,
} from '../src/play/render.js';
import { rulesPage } from '../src/play/rules.js';
import { gameEnd, roundBreakdown } from '../src/play/summary.js';

const seats = { you: 0, name: (s: number) => (s === 0 ? 'You' : `Bot ${s}`) };
const COLOUR = makePaint(true);

/** A game played with random legal moves until `steps` decisions were made or `stop` says so. */
function playTo(
  game: GameModule,
  setup: { players: number; teams?: number[][]; options?: object },
  steps: number,
): unknown {
  const start = game.newGame({ ...setup, seed: 'render' });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  const rng = seedRng('moves');
  for (let i = 0; i < steps && game.toMove(state) !== null; i++) {
    const legal = game.legalActions(state);
    const next = game.apply(state, legal[randomInt(rng, legal.length)]);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return state;
}

/** Every field and hand card is named, and every side with captures shows its chaff count (unless the table is compact: `c` shows them). */
function expectNothingLost(board: Board, text: string, maxLines: number): void {
  for (const id of [...board.field, ...board.hand]) expect(text, id).toContain(stripAnsi(cardWord(id)));
  const shown = text.split('\n');
  if (board.hand.length)
    for (const line of wrapItems(
      `hand   `,
      board.hand.map((id) => paintCard(PLAIN, id)),
    ))
      expect(shown, 'the whole hand').toContain(line);
  if (isCompact(board, maxLines)) return;
  for (const side of board.sides) {
    const chaff = side.captured.filter((id) => CARDS[cardById(id)!].cls === 'chaff').length;
    if (chaff) expect(text, `chaff count ${chaff}`).toMatch(new RegExp(`· ${chaff}\\b`));
  }
}

const TABLES = [
  ['sakura 2p', 'sakura', { players: 2 }],
  [
    'sakura 4p teams',
    'sakura',
    {
      players: 4,
      teams: [
        [0, 2],
        [1, 3],
      ],
    },
  ],
  ['sakura 7p', 'sakura', { players: 7 }],
  ['koikoi', 'koikoi', { players: 2 }],
  ['nara', 'nara', { players: 4 }],
  ['oibana', 'oibana', { players: 3 }],
] as const;

describe.each(TABLES)('%s', (_, id, setup) => {
  const game = gameById(id)!;
  for (const steps of [0, 7, 15, 400]) {
    it(`fits 80 columns and 24 lines after ${steps} decisions, in colour and without`, () => {
      const state = playTo(game, setup as { players: number }, steps);
      for (const viewer of [0, 1]) {
        const view = game.view(state, viewer) as GameView;
        for (const paint of [PLAIN, COLOUR]) {
          const board = boardOf(view);
          const menu = buildMenu(paint, view.actions, board.field, board.pending);
          const lines = [
            ...renderBoard(paint, boardOf(view), seats, 23),
            menu.question,
            ...columns(menu.choices.map((c, i) => `${i + 1} ${c.label}`)),
          ];
          for (const line of lines) expect(visibleWidth(line), stripAnsi(line)).toBeLessThanOrEqual(WIDTH);
          expect(lines.length).toBeLessThanOrEqual(23);
          const all = [
            ...lines,
            ...roundBreakdown(paint, view, seats),
            ...gameEnd(paint, view, seats),
            ...renderCaptures(paint, boardOf(view), seats),
          ];
          for (const line of all) expect(visibleWidth(line), stripAnsi(line)).toBeLessThanOrEqual(WIDTH);
          // Fitting must not cost information: nothing is cut, and what the table knows is on it.
          for (const line of all) expect(stripAnsi(line), 'a line was cut').not.toContain('…');
          expectNothingLost(boardOf(view), stripAnsi(lines.join('\n')), 23);
          if (paint === PLAIN) expect(lines.join('\n')).not.toContain('\x1b');
        }
      }
    });
  }

  it('shows the rules of the option set in 80 columns', () => {
    const view = game.view(playTo(game, setup as { players: number }, 0), 0) as {
      options: Record<string, unknown>;
    };
    const page = rulesPage(PLAIN, game, view.options);
    for (const line of page) expect(visibleWidth(line), line).toBeLessThanOrEqual(WIDTH);
    for (const spec of game.optionSpecs) expect(page.join('\n')).toContain(`${spec.title} (${spec.name}) = `);
    // Each option's help is wrapped to the page's width on lines of its own, not down a thin column beside its heading.
    // Every line of a help paragraph but its last is filled (over 60 columns).
    const start = page.findIndex((l) => l.startsWith('House rules'));
    let paragraph: string[] = [];
    for (const line of [...page.slice(start + 1), '']) {
      if (line.startsWith('      ')) {
        paragraph.push(line);
        continue;
      }
      for (const l of paragraph.slice(0, -1)) expect(visibleWidth(l), l).toBeGreaterThan(60);
      paragraph = [];
    }
  });
});

describe('drawing', () => {
  it('groups captures by class: brights and animals named, chaff counted', () => {
    expect(
      capturesByClass(PLAIN, [
        'pine-crane',
        'maple-deer',
        'pine-chaff-1',
        'cherry-chaff-2',
        'pine-poetry',
        'susuki-moon',
        'paulownia-yellow',
      ]),
    ).toBe('✦ crane moon  ◆ deer  ▬ poetry  · 3 (yellow)');
  });

  it('lays the field out by month, a stack of three marked', () => {
    expect(
      fieldGroups(PLAIN, [
        'pine-crane',
        'maple-deer',
        'pine-chaff-1',
        'iris-chaff-1',
        'iris-chaff-2',
        'iris-bridge',
      ]),
    ).toEqual(['pine crane+chaff', 'maple deer', 'iris chaff+chaff+bridge (stack)']);
  });

  it('colours a card by month and class, and not at all when colour is off', () => {
    expect(paintCard(PLAIN, 'chrysanthemum-sake')).toBe('chrys sake');
    expect(paintCard(COLOUR, 'cherry-curtain')).toBe('\x1b[38;5;211mcherry\x1b[0m \x1b[1;93mcurtain\x1b[0m');
  });

  it('respects NO_COLOR and pipes', () => {
    expect(colourWanted({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colourWanted({}, true)).toBe(true);
    expect(colourWanted({}, false)).toBe(false);
    expect(colourWanted({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colourWanted({ TERM: 'dumb' }, true)).toBe(false);
  });

  it('wraps the captures rather than cutting them: the chaff count stays', () => {
    const game = gameById('sakura')!;
    const view = game.view(playTo(game, { players: 2 }, 0), 0) as GameView & { game: 'sakura' };
    // Every animal and ribbon named, then the chaff: more than one line's worth.
    const captured = CARDS.filter((c) => c.month > 0 && c.cls !== 'bright').map((c) => c.id);
    const lines = renderBoard(PLAIN, boardOf({ ...view, captured: [captured, []] }), seats);
    const text = lines.join('\n');
    expect(text).not.toContain('…');
    expect(text).toMatch(/· 24 \(lightning, yellow\)$/m);
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(WIDTH);
  });

  it('cuts long lines with an ellipsis, keeping the styles closed', () => {
    expect(fit('abcdef', 4)).toBe('abc…');
    expect(stripAnsi(fit(COLOUR.style('1', 'abcdef'), 4))).toBe('abc…');
  });

  it('names seats in event lines, with the verb agreeing', () => {
    expect(nameSeats('seat 0 plays pine-crane', seats)).toBe('You play pine-crane');
    expect(nameSeats('seat 2 captures pine-crane', seats)).toBe('Bot 2 captures pine-crane');
    expect(nameSeats('seat 0 has no hand: draws only', seats)).toBe('You have no hand: draws only');
    expect(nameSeats("the Gaji is blocked: x belongs to seat 0's hiki", seats)).toBe(
      'the Gaji is blocked: x belongs to your hiki',
    );
  });

  it('draws the Sakura table: title, whose turn, team sides, field and hand', () => {
    const game = gameById('sakura')!;
    const view = game.view(
      playTo(
        game,
        {
          players: 4,
          teams: [
            [0, 2],
            [1, 3],
          ],
        },
        0,
      ),
      0,
    ) as GameView;
    const lines = renderBoard(PLAIN, boardOf(view), seats);
    expect(lines[0]).toMatch(/^ Sakura · round 1 of 6 · dealer (You|Bot \d) · pile 20 · /);
    expect(lines.some((l) => /^[▶ ] You\+Bot 2/.test(l))).toBe(true);
    expect(lines.some((l) => /^[▶ ] Bot 1\+Bot 3/.test(l))).toBe(true);
    expect(
      lines
        .find((l) => l.startsWith('hand'))!
        .split('  ')
        .filter(Boolean),
    ).toHaveLength(6);
    expect(lines.some((l) => l.startsWith('field'))).toBe(true);
  });
});
