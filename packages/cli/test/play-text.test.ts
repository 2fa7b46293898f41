/** What the terminal says in words: one card taken reads as one, scores are worked out, seats and piles named alike. */
import {
  CARDS,
  type GameView,
  gameById,
  KOIKOI_YAKU,
  type KoiKoiView,
  NARA_YAKU,
  type NaraView,
  randomInt,
  seedRng,
} from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { describeEvent } from '../src/describe-event.js';
import { PLAIN, stripAnsi } from '../src/play/ansi.js';
import { boardOf } from '../src/play/board.js';
import { eventLines } from '../src/play/events.js';
import { nameSeats } from '../src/play/seats.js';
import { buildMenu } from '../src/play/menu.js';
import { roundBreakdown } from '../src/play/summary.js';

const seats = { you: 0, name: (s: number) => (s === 0 ? 'You' : `Bot ${s}`) };

/** A seat's view after `steps` random legal decisions. */
function viewAfter(id: string, players: number, steps: number): GameView {
  const game = gameById(id)!;
  const start = game.newGame({ players, seed: 'text' });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  const rng = seedRng('text-moves');
  for (let i = 0; i < steps && game.toMove(state) !== null; i++) {
    const legal = game.legalActions(state);
    const next = game.apply(state, legal[randomInt(rng, legal.length)]);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return game.view(state, 0) as GameView;
}

describe('the menu', () => {
  it('a card meeting two alike (plain chaff of a month) takes one of them, and says so', () => {
    const menu = buildMenu(
      PLAIN,
      [{ seat: 0, play: 'susuki-moon' }],
      ['susuki-chaff-1', 'susuki-chaff-2', 'pine-crane'],
      null,
    );
    expect(menu.choices[0].label).toBe('susuki moon → takes one susuki chaff (of 2 alike)');
  });

  it('a card meeting a stack of three takes all three', () => {
    const menu = buildMenu(
      PLAIN,
      [{ seat: 0, play: 'iris-bridge' }],
      ['iris-chaff-1', 'iris-chaff-2', 'iris-ribbon'],
      null,
    );
    expect(menu.choices[0].label).toBe('iris bridge → takes iris chaff, iris chaff, iris ribbon');
  });

  it("names Nara's piles as the log does", () => {
    const menu = buildMenu(
      PLAIN,
      [
        { seat: 0, pile: 0 },
        { seat: 0, pile: 1 },
      ],
      [],
      null,
    );
    expect(menu.choices.map((c) => c.label)).toEqual([
      'the first pile as your hand',
      'the second pile as your hand',
    ]);
    expect(describeEvent({ type: 'pile-chosen', seat: 0, pile: 1, hand: ['pine-crane'] })).toBe(
      'seat 0 chooses the second pile as the hand: pine-crane',
    );
    expect(describeEvent({ type: 'pile-chosen', seat: 2, pile: 0 })).toBe(
      'seat 2 chooses the first pile as the hand',
    );
  });
});

describe('event lines', () => {
  it('say "1 point", not "1 points"', () => {
    expect(describeEvent({ type: 'shobu', seat: 1, total: 1 })).toBe('seat 1 calls Shobu with 1 point');
    expect(describeEvent({ type: 'koikoi', seat: 1, total: 1, calls: 1 })).toBe(
      'seat 1 calls Koi-Koi at 1 point (call 1)',
    );
    expect(describeEvent({ type: 'shobu', seat: 1, total: 7 })).toBe('seat 1 calls Shobu with 7 points');
  });
});

describe('the round summary', () => {
  const koikoiView = (r: object, options: object) =>
    ({ game: 'koikoi', results: [r], totals: [0, 40], options }) as unknown as GameView;
  const won = {
    round: 1,
    dealer: 0,
    end: 'shobu',
    winner: 1,
    yaku: [[], ['sanko', 'tane']],
    yakuTotals: [0, 10],
    scores: [0, 40],
    koikoi: [1, 0],
    nextDealer: 1,
  };

  it("works out a Koi-Koi score: ×2 for 7 or more, ×2 for the opponent's Koi-Koi", () => {
    const text = roundBreakdown(
      PLAIN,
      koikoiView(won, { sevenDouble: true, koiKoiDouble: true }),
      seats,
    ).join('\n');
    expect(text).toContain('Bot 1 scores 40 = 10 ×2 (7 or more) ×2 (You called Koi-Koi) (shobu)');
    // The koi-koi column counts calls; it is not a multiplier.
    expect(text).toMatch(/You +- +0 +1 call /);
    expect(text).not.toContain('×1');
  });

  it('names only the doublings that apply', () => {
    const text = roundBreakdown(
      PLAIN,
      koikoiView({ ...won, scores: [0, 20], koikoi: [0, 0] }, { sevenDouble: true, koiKoiDouble: true }),
      seats,
    ).join('\n');
    expect(text).toContain('Bot 1 scores 20 = 10 ×2 (7 or more) (shobu)');
    const small = { ...won, yakuTotals: [0, 5], scores: [0, 5], koikoi: [0, 0] };
    expect(
      roundBreakdown(PLAIN, koikoiView(small, { sevenDouble: true, koiKoiDouble: true }), seats).join('\n'),
    ).toContain('Bot 1 scores 5 (shobu)');
  });

  it("names Koi-Koi Japan's bonus for the winner's own calls, and scores the dealer's point as it is", () => {
    // 10 with two own calls under koiKoiBonus "own-calls": 10 ×2 (7 or more) + 2 = 22.
    const bonus = { ...won, scores: [0, 22], koikoi: [0, 2] };
    const options = { sevenDouble: true, koiKoiDouble: false, koiKoiBonus: 'own-calls' };
    expect(roundBreakdown(PLAIN, koikoiView(bonus, options), seats).join('\n')).toContain(
      'Bot 1 scores 22 = 10 ×2 (7 or more) with the bonus for 2 own calls (shobu)',
    );
    const handsOut = { ...won, end: 'hands-empty', winner: 0, scores: [1, 0], koikoi: [0, 0] };
    expect(
      roundBreakdown(PLAIN, koikoiView(handsOut, { ...options, handsOut: 'dealer-one' }), seats).join('\n'),
    ).toContain('You score 1 (hands-empty)');
  });

  it("states Sakura's −50 per opposing yaku for the side that paid it", () => {
    const r = {
      round: 1,
      dealer: 0,
      points: [95, 110],
      yaku: [[], ['Ha', 'Ni']],
      scores: [-5, 110],
      winner: 1,
      victories: 1,
      label: null,
      nextDealer: 1,
      claimed: [],
      dead: [],
    };
    const view = {
      game: 'sakura',
      results: [r],
      sides: [[0], [1]],
      totals: [-5, 110],
      options: { scoring: 'points' },
    } as unknown as GameView;
    const text = roundBreakdown(PLAIN, view, seats).join('\n');
    expect(text).toContain('score = points −50 per opposing yaku: You −100');
    const none = { ...r, yaku: [[], []], scores: [95, 110] };
    expect(roundBreakdown(PLAIN, { ...view, results: [none] } as GameView, seats).join('\n')).not.toContain(
      'opposing yaku',
    );
  });

  it("names the next dealer, except after the game's last round", () => {
    const r = {
      round: 6,
      dealer: 0,
      points: [95, 110],
      yaku: [[], []],
      scores: [95, 110],
      winner: 1,
      victories: 1,
      label: null,
      nextDealer: 1,
      claimed: [],
      dead: [],
    };
    const view = {
      game: 'sakura',
      phase: 'hand',
      results: [r],
      sides: [[0], [1]],
      totals: [300, 420],
      options: { scoring: 'points' },
    } as unknown as GameView;
    expect(roundBreakdown(PLAIN, view, seats).join('\n')).toContain('Bot 1 deals next.');
    const last = roundBreakdown(PLAIN, { ...view, phase: 'over' } as GameView, seats).join('\n');
    expect(last).not.toMatch(/deals? next/);
    expect(last).toContain('that was the last round.');
  });
});

describe('the table', () => {
  it("Nara: the blank's owner reads as a sentence for every seat", () => {
    const view = viewAfter('nara', 4, 0) as NaraView;
    const mine = boardOf({ ...view, blank: { seat: 0, with: 'maple-deer' } }).notes.map((n) =>
      nameSeats(n, seats),
    );
    expect(mine).toContain('the blank belongs to you (it took maple-deer)');
    const theirs = boardOf({ ...view, blank: { seat: 2, with: null } }).notes.map((n) => nameSeats(n, seats));
    expect(theirs).toContain('the blank belongs to Bot 2');
  });

  it("Koi-Koi: a yaku is within reach only while its missing card is not in the opponent's captures", () => {
    const view = viewAfter('koikoi', 2, 0) as KoiKoiView;
    const near = (captured: string[][]) => boardOf({ ...view, captured }).sides[0].yakuNear.map(stripAnsi);
    expect(near([['peony-blue', 'chrysanthemum-blue'], []])).toContain('Aotan 2/3');
    expect(near([['peony-blue', 'chrysanthemum-blue'], ['maple-blue']])).not.toContain('Aotan 2/3');
    // Five ribbons of ten: with six in the opponent's captures, four can never become five.
    const ribbons = [
      'pine-poetry',
      'plum-poetry',
      'cherry-poetry',
      'peony-blue',
      'chrysanthemum-blue',
      'maple-blue',
      'wisteria-ribbon',
      'iris-ribbon',
      'clover-ribbon',
      'willow-ribbon',
    ];
    expect(near([ribbons.slice(0, 4), []])).toContain('ribbons 4/5');
    expect(near([ribbons.slice(0, 4), ribbons.slice(4)])).not.toContain('ribbons 4/5');
  });
});

describe('without colour', () => {
  // Ids such as `pine-crane` or `susuki-chaff-1` are for records; a person reads the board's names.
  const ids = CARDS.map((c) => c.id).filter((id) => id.includes('-'));
  it.each([
    ['sakura', 4],
    ['koikoi', 2],
    ['nara', 4],
  ] as const)(
    '%s: the event lines of a whole game name cards as the board does, never by id',
    (id, players) => {
      const game = gameById(id)!;
      const start = game.newGame({ players, seed: 'plain-names' });
      if (!start.ok) throw new Error(start.error.message);
      let state = start.value.state;
      const rng = seedRng('plain-names-moves');
      const lines: string[] = [];
      while (game.toMove(state) !== null) {
        const legal = game.legalActions(state);
        const next = game.apply(state, legal[randomInt(rng, legal.length)]);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value.state;
        lines.push(
          ...eventLines(
            PLAIN,
            next.value.events.map((e) => e.public),
            seats,
            id,
          ),
        );
      }
      const text = lines.join('\n');
      expect(text).toMatch(/plays (?:[a-z]+ [a-z]+)/);
      for (const card of ids) expect(text, card).not.toContain(card);
      // Yaku by name too (Sakura's ids are their iroha names already).
      const yakuIds =
        id === 'koikoi' ? KOIKOI_YAKU.map((y) => y.id) : id === 'nara' ? NARA_YAKU.map((y) => y.id) : [];
      for (const yaku of yakuIds) expect(text, yaku).not.toMatch(new RegExp(`(?<![\\w-])${yaku}(?![\\w-])`));
    },
  );

  it('a yaku line names the yaku as the rules do', () => {
    const line = eventLines(
      PLAIN,
      [{ type: 'yaku', seat: 1, yaku: ['hanami', 'tane'], total: 6 }],
      seats,
      'koikoi',
    );
    expect(line).toEqual(['  Bot 1 holds Hanami-zake, Tane (6 points)']);
    expect(
      eventLines(PLAIN, [{ type: 'yaku', seat: 0, yaku: ['upper-dango'], total: 30 }], seats, 'nara'),
    ).toEqual(['  You hold Upper Dango (30 points)']);
  });

  it("a round's table names its yaku, and spells out below a list too long for the column", () => {
    const view = (yaku: string[][]) =>
      ({
        game: 'koikoi',
        results: [
          {
            round: 1,
            dealer: 0,
            end: 'shobu',
            winner: 1,
            yaku,
            yakuTotals: [0, 10],
            scores: [0, 10],
            koikoi: [0, 0],
            nextDealer: 1,
          },
        ],
        totals: [0, 10],
        options: {},
      }) as unknown as GameView;
    const short = roundBreakdown(PLAIN, view([[], ['sanko', 'tane']]), seats).join('\n');
    expect(short).toMatch(/★ Bot 1 +Sanko, Tane +10/);
    const long = roundBreakdown(PLAIN, view([[], ['inoshikacho', 'tsukimi', 'hanami', 'tane']]), seats);
    expect(long.join('\n')).toMatch(/★ Bot 1 +4 yaku, below +10/);
    expect(long).toContain('  ★ Bot 1: Ino-Shika-Cho, Tsukimi-zake, Hanami-zake, Tane');
  });
});
