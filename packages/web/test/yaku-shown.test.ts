// @vitest-environment happy-dom
/**
 * The web's yaku are the engine's: for 1,000 random positions of each game under every value of
 * every option that changes yaku (the sake cup's included), the chips the table shows (the
 * web's board model, the table's chip model, the chips as rendered) and the round breakdown's
 * yaku and their cards are the engine's scoring and the engine's cards.
 */
import { CARDS, type GameView, koikoi, yakuProgressOf, type YakuProgress } from '@hanafuda/engine';
import { boardOf, roundBreakdown } from '@hanafuda/table';
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { yakuPositions } from '../../table/test/support/yaku-positions.js';
import { stringsFor } from '../src/i18n/i18n.js';
import type { RoundSummary } from '../src/state/table-client.js';
import { YakuChips } from '../src/ui/captures.js';
import { RoundSummaryView } from '../src/ui/round-summary.js';

const POSITIONS = 1000;
const sorted = (cards: readonly string[]) => [...cards].sort();

/** The engine's scoring yaku of `seat` (Koi-Koi: the view's own tally). */
function scored(view: GameView, seat: number): string[] {
  if (view.game === 'koikoi') return view.yaku[seat].ids;
  return yakuProgressOf(view, seat)
    .filter((y) => y.points !== null)
    .map((y) => y.id);
}

/** The chips as the page draws them: id, whether done, the count shown or the months lit. */
function shownChips(game: GameView['game'], progress: readonly YakuProgress[]) {
  const root = document.createElement('div');
  render(h(YakuChips, { game, progress }), root);
  return [...root.querySelectorAll<HTMLElement>('.chip')].map((chip) => ({
    id: chip.dataset.yaku!,
    done: chip.classList.contains('done'),
    count: chip.querySelector('.chip-count')?.textContent ?? null,
    lit: chip.querySelectorAll('.chip-mark.got').length,
    marks: chip.querySelectorAll('.chip-mark').length,
  }));
}

describe("the web shows the engine's yaku", () => {
  it.each(['sakura', 'oibana', 'koikoi', 'nara'])(`%s: ${POSITIONS} random positions`, (game) => {
    const problems: string[] = [];
    let shown = 0;
    for (const { view, seat, options } of yakuPositions(game, POSITIONS)) {
      const board = boardOf(view);
      const side = board.sides.findIndex((m) => m.includes(seat));
      if (side < 0) continue;
      const engine = yakuProgressOf(view, seat);
      const scores = scored(view, seat);
      const at = `${JSON.stringify(options)} seat ${seat}`;
      // The board model carries the engine's progress for the seat's side.
      if (JSON.stringify(board.yaku[side]) !== JSON.stringify(engine))
        problems.push(`${at}: the board's progress is not the engine's`);
      const chips = shownChips(board.game, board.yaku[side]);
      if (chips.length > 0) shown++;
      const done = chips.filter((c) => c.done).map((c) => c.id);
      // Those that score come first, up to the chips' limit.
      const expected = scores.slice(0, chips.length);
      if (JSON.stringify(sorted(done)) !== JSON.stringify(sorted(expected)))
        problems.push(`${at}: shows ${done.join(',')} done, the engine scores ${scores.join(',')}`);
      for (const chip of chips) {
        const y = engine.find((e) => e.id === chip.id);
        if (!y) {
          problems.push(`${at}: shows ${chip.id}, which the engine does not list`);
          continue;
        }
        const have = chip.count === null ? chip.lit : Number(chip.count.split('/')[0]);
        const need = chip.count === null ? chip.marks : Number(chip.count.split('/')[1]);
        if (have !== Math.min(y.cards.length, y.need) || need !== y.need || chip.done !== (y.points !== null))
          problems.push(
            `${at}: shows ${chip.id} ${have}/${need}${chip.done ? ' done' : ''}; the engine: ${JSON.stringify(y)}`,
          );
      }
      // The breakdown, were the round to end here: each scoring yaku with the engine's cards.
      const captured = board.seats.map((s) => s.captured);
      const yaku = board.sides.map((members) => scored(view, members[0]));
      const result = {
        yaku,
        points: [],
        scores: [],
        winner: null,
        koikoi: view.game === 'koikoi' ? view.koikoi : [],
        duelists: view.game === 'oibana' ? view.duelists : [],
      };
      for (const b of roundBreakdown({ view, round: view.round, result, captured, sides: board.sides })) {
        if (b.side !== side) continue;
        for (const y of b.yaku) {
          const cards = engine.find((e) => e.id === y.id)?.cards ?? [];
          if (JSON.stringify(sorted(y.cards)) !== JSON.stringify(sorted(cards)))
            problems.push(
              `${at}: the breakdown shows ${y.id} made of ${y.cards.join(',')}; the engine counts ${cards.join(',')}`,
            );
        }
        if (JSON.stringify(b.yaku.map((y) => y.id)) !== JSON.stringify(scores))
          problems.push(`${at}: the breakdown lists ${b.yaku.map((y) => y.id).join(',')}`);
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    // Chips in many of them: the comparison is not of empty lists.
    expect(shown).toBeGreaterThan(POSITIONS / 5);
  });
});

const CHAFF = CARDS.filter((c) => c.cls === 'chaff').map((c) => c.id);
const SAKE = 'chrysanthemum-sake';

/** A Koi-Koi view under `sakeCup` with seat 0's captures replaced by `pile`. */
function koikoiView(sakeCup: string, pile: readonly string[]): GameView {
  const start = koikoi.newGame({ players: 2, seed: 'sake-cup', options: { sakeCup } });
  if (!start.ok) throw new Error(start.error.message);
  const view = koikoi.view(start.value.state, 0);
  return { ...view, captured: [pile, []] } as GameView;
}

describe('the sake cup counts as a chaff only where the option says so', () => {
  // Nine chaff and the cup: Kasu (ten chaff) with the cup as a chaff, 9 of 10 without.
  const nine = [...CHAFF.slice(0, 9), SAKE];
  it.each([
    ['animal', false],
    ['either', true],
    ['both', true],
  ])('sakeCup %s: Kasu made is %s on the chips', (sakeCup, made) => {
    const view = koikoiView(sakeCup, nine);
    const kasu = shownChips('koikoi', boardOf(view).yaku[0]).find((c) => c.id === 'kasu');
    expect(kasu).toMatchObject(made ? { done: true, count: '10/10' } : { done: false, count: '9/10' });
  });

  // Ten chaff and the cup: Kasu scores either way; the cup is one of its cards only where it counts as a chaff.
  const ten = [...CHAFF.slice(0, 10), SAKE];
  it.each([
    ['animal', false],
    ['both', true],
  ])("sakeCup %s: the breakdown's Kasu holds the cup: %s", (sakeCup, holds) => {
    const view = koikoiView(sakeCup, ten);
    const summary: RoundSummary = {
      round: 1,
      dealer: 0,
      result: {
        end: 'shobu',
        winner: 0,
        yakuTotals: [1, 0],
        scores: [1, 0],
        koikoi: [0, 0],
        yaku: [['kasu'], []],
      },
      captured: [ten, []],
      totals: [1, 0],
      events: [],
    };
    const [mine] = roundBreakdown({
      view,
      round: 1,
      result: summary.result,
      captured: summary.captured,
      sides: [[0], [1]],
    });
    expect(mine.yaku).toHaveLength(1);
    expect(mine.yaku[0].cards.includes(SAKE)).toBe(holds);
    expect(mine.yaku[0].cards).toHaveLength(holds ? 11 : 10);
    // And the page draws those cards.
    const root = document.createElement('div');
    const props = {
      game: 'koikoi' as const,
      summary,
      sides: [[0], [1]],
      t: stringsFor('en'),
      name: (s: number) => `P${s}`,
      view,
      onContinue: () => undefined,
    };
    render(h(RoundSummaryView, props), root);
    expect(root.querySelectorAll('.sum-yaku li[data-yaku="kasu"] .card')).toHaveLength(holds ? 11 : 10);
  });
});
