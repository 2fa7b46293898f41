/**
 * The terminal's yaku are the engine's: for 1,000 random positions of each game under every
 * value of every option that changes yaku (the sake cup's included), the yaku the board marks
 * as held are those the engine scores for the seat (Koi-Koi: the view's own tally), and those
 * it shows within reach are the engine's, with the engine's counts.
 */
import { type GameView, KOIKOI_YAKU, NARA_YAKU, SAKURA_YAKU, yakuProgressOf } from '@hanafuda/engine';
import { type GameId, yakuShortName } from '@hanafuda/table';
import { describe, expect, it } from 'vitest';
import { boardOf } from '../src/play/board.js';
import { yakuPositions } from '../../table/test/support/yaku-positions.js';

const POSITIONS = 1000;
/** The label's yaku: the board's short label back to the engine's id. */
const LABELS: Record<string, string> = {
  brights: 'sanko',
  ISC: 'inoshikacho',
  animals: 'tane',
  ribbons: 'tanzaku',
  chaff: 'kasu',
  'aka-ao': 'akatan-aotan',
  tsuki: 'tsukifuda',
  upper: 'upper-dango',
  lower: 'lower-dango',
};
/** The board's label (a short label, else the yaku's name) back to the engine's id. */
function idOf(game: GameId, label: string): string {
  const ids = (game === 'koikoi' ? KOIKOI_YAKU : game === 'nara' ? NARA_YAKU : SAKURA_YAKU).map((y) => y.id);
  return LABELS[label] ?? ids.find((id) => yakuShortName(game, id, 'en') === label) ?? label;
}

/** The engine's scoring yaku of `seat` in `view`. */
function scored(view: GameView, seat: number): string[] {
  if (view.game === 'koikoi') return view.yaku[seat].ids;
  return yakuProgressOf(view, seat)
    .filter((y) => y.points !== null)
    .map((y) => y.id);
}

describe("the terminal shows the engine's yaku", () => {
  it.each(['sakura', 'oibana', 'koikoi', 'nara'])(`%s: ${POSITIONS} random positions`, (game) => {
    const problems: string[] = [];
    let shown = 0;
    for (const { view, seat, options } of yakuPositions(game, POSITIONS)) {
      const side = boardOf(view).sides.find((s) => s.seats.includes(seat));
      if (!side) continue;
      const held = side.yakuHeld.filter((l) => l.endsWith(' ✓')).map((l) => idOf(view.game, l.slice(0, -2)));
      const near = side.yakuNear.map((l) => /^(.*) (\d+\/\d+)$/.exec(l)?.slice(1) ?? [l, '']);
      const engine = yakuProgressOf(view, seat);
      if (held.length + near.length > 0) shown++;
      if (JSON.stringify(held) !== JSON.stringify(scored(view, seat)))
        problems.push(
          `${JSON.stringify(options)}: shows ${held.join(',')} held, the engine scores ${scored(view, seat).join(',')}`,
        );
      for (const [label, count] of near) {
        const y = engine.find((e) => e.id === idOf(view.game, label!));
        if (!y || y.points !== null || count !== `${y.cards.length}/${y.need}`)
          problems.push(`shows ${label} ${count} within reach; the engine: ${JSON.stringify(y)}`);
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    // Yaku held or within reach in many of them: the comparison is not of empty lists.
    expect(shown).toBeGreaterThan(POSITIONS / 20);
  });
});
