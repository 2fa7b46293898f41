/**
 * Hints that say why: the move the search values most (its figures, from
 * the seat's view), and the reason as data for each client to word: what the move captures
 * and its points, the yaku it brings nearer or takes from another side, the card it keeps
 * from the others, and its expected points (and chance of winning the game, where the round
 * has a stake in it) against the next best move.
 */
import {
  type Action,
  type Card,
  KOIKOI_YAKU_COUNTS,
  KOIKOI_YAKU_SETS,
  NARA_VALUES,
  NARA_YAKU,
  type RngState,
  SAKURA_VALUES,
  SAKURA_YAKU,
  cardById,
  cardId,
  classOf,
  monthOf,
  sideOf,
} from '@hanafuda/engine';
import type { BotView } from '../bot.js';
import { greedyChoice } from '../greedy/index.js';
import { duelView } from '../greedy/oibana.js';
import { READING_PLAYS, actionFigures, searches } from '../search/search.js';

export interface HintReason {
  /** The cards the move captures at once (card ids; none when the card stays on the field or the capture waits for a choice). */
  readonly captures: readonly string[];
  /** Their card points in this game (absent in Koi-Koi, which scores yaku only). */
  readonly points?: number;
  /** Yaku (the engine's ids) the capture brings nearer for the seat's side, or completes. */
  readonly advances: readonly string[];
  /** Yaku another side had begun that the capture takes out of its reach. */
  readonly blocks: readonly string[];
  /** The best card the move takes off the field while another side could still match it. */
  readonly keeps?: string;
  /** The search's expected points (the seat's round score minus the others' mean) of this move and of the next best one. */
  readonly expected?: { readonly move: number; readonly next: number };
  /**
   * Where the round has a stake in the game (its last round; every round of a Koi-Koi game
   * without a bankroll): the chance of winning the game (0 to 1) after this move and after the
   * next best one. The moves are ranked for the game, so the best can expect fewer points.
   */
  readonly win?: { readonly move: number; readonly next: number };
}

export interface Hint {
  readonly action: Action;
  readonly reason: HintReason;
}

/** Simulations per hint: enough for figures worth quoting, a few milliseconds of one core. */
export const HINT_ITERATIONS = 1000;

interface Yaku {
  readonly id: string;
  readonly cards: readonly Card[];
  readonly need: number;
}

/** What the reason needs of a view, in any game (Oi-bana: its duel, a Sakura round). */
interface Sight {
  readonly game: string;
  readonly seat: number;
  readonly hand: readonly string[];
  readonly field: readonly string[];
  readonly pending: string | null;
  /** Per side (the seat's first), the cards it captured. */
  readonly sides: readonly (readonly Card[])[];
  readonly points?: (card: Card) => number;
  readonly yaku: readonly Yaku[];
}

const fixed = (defs: readonly { id: string; cards: readonly Card[] }[]): Yaku[] =>
  defs.map((y) => ({ id: y.id, cards: y.cards, need: y.cards.length }));

const KOIKOI_YAKU: readonly Yaku[] = [
  ...Object.entries(KOIKOI_YAKU_SETS).map(([id, cards]) => ({ id, cards: cards!, need: cards!.length })),
  ...Object.entries(KOIKOI_YAKU_COUNTS).map(([id, count]) => ({
    id,
    cards: count!.cards,
    need: count!.need,
  })),
];

const ids = (list: readonly string[]) => list.map((id) => cardById(id)!);

function sightOf(view: BotView): Sight | null {
  const seat = view.viewer;
  if (seat === null) return null;
  switch (view.game) {
    case 'sakura': {
      const mine = sideOf(view.sides, seat);
      const order = [mine, ...view.sides.map((_, i) => i).filter((i) => i !== mine)];
      return {
        game: 'sakura',
        seat,
        hand: view.hand,
        field: view.field,
        pending: view.pending?.card ?? null,
        sides: order.map((side) => ids(view.sides[side].flatMap((s) => view.captured[s]))),
        points: (c) => SAKURA_VALUES[c] ?? 0,
        yaku: view.options.yaku === 'on' ? fixed(SAKURA_YAKU) : [],
      };
    }
    case 'koikoi':
      return {
        game: 'koikoi',
        seat,
        hand: view.hand,
        field: view.field,
        pending: view.pending,
        sides: [seat, 1 - seat].map((s) => ids(view.captured[s])),
        yaku: KOIKOI_YAKU,
      };
    case 'nara':
      return {
        game: 'nara',
        seat,
        hand: view.hand,
        field: view.field,
        pending: view.pending,
        sides: [seat, ...view.captured.map((_, s) => s).filter((s) => s !== seat)].map((s) =>
          ids(view.captured[s]),
        ),
        points: (c) => NARA_VALUES[c] ?? 0,
        yaku: fixed(NARA_YAKU),
      };
    case 'oibana':
      return view.duel ? sightOf(duelView(view)) : null;
  }
}

/** The cards a play or a take captures at once, as far as the view tells (a choice still to come captures nothing yet). */
function capturesOf(sight: Sight, action: Action): Card[] {
  const a = action as { play?: string; take?: string };
  const played = a.play ?? sight.pending;
  if (played === undefined || played === null) return [];
  if (a.take !== undefined) return ids([played, a.take]);
  if (a.play === undefined) return [];
  const month = monthOf(cardById(played)!);
  const matches = sight.field.filter((id) => monthOf(cardById(id)!) === month);
  // One match is taken with it, three are all taken; none or two leave it (or its choice) for later.
  return matches.length === 1 || matches.length === 3 ? ids([played, ...matches]) : [];
}

const count = (cards: readonly Card[], set: readonly Card[]) => cards.filter((c) => set.includes(c)).length;
const CLASS_RANK: Readonly<Record<string, number>> = { bright: 3, animal: 2, ribbon: 1, chaff: 0, blank: 0 };

/** `figures`: what the search's figures add to the reason (the expected points, and the chance of winning the game where the round has a stake in it). */
export function hintReason(
  view: BotView,
  action: Action,
  figures: Pick<HintReason, 'expected' | 'win'> = {},
): HintReason {
  const sight = sightOf(view);
  if (!sight) return { captures: [], advances: [], blocks: [], ...figures };
  const taken = capturesOf(sight, action);
  const [mine, ...others] = sight.sides;
  const after = [...mine, ...taken];
  const advances = sight.yaku.filter((y) => {
    const before = count(mine, y.cards);
    const fixedSet = y.need === y.cards.length;
    const reachable = !fixedSet || others.every((side) => count(side, y.cards) === 0);
    return (
      before < y.need &&
      count(after, y.cards) > before &&
      reachable &&
      (fixedSet || count(after, y.cards) >= y.need - 1)
    );
  });
  const blocks = sight.yaku.filter(
    (y) =>
      y.need === y.cards.length &&
      count(taken, y.cards) > 0 &&
      others.some(
        (side) =>
          count(side, y.cards) > 0 &&
          others.every((o) => o === side || count(o, y.cards) === 0) &&
          count(mine, y.cards) === 0,
      ),
  );
  // A field card taken is kept from the others when a card of its month is out of the seat's sight (another hand, the pile).
  const seen = new Set([...sight.hand, ...sight.field, ...sight.sides.flat().map(cardId)]);
  const value = (c: Card) =>
    (sight.points ? sight.points(c) : 0) * 10 +
    CLASS_RANK[classOf(c)] +
    (sight.yaku.some((y) => y.cards.includes(c) && y.need === y.cards.length) ? 5 : 0);
  const kept = taken
    .filter((c) => sight.field.includes(cardId(c)) && CLASS_RANK[classOf(c)] > 0)
    .filter((c) => [0, 1, 2, 3].some((k) => !seen.has(cardId((monthOf(c) - 1) * 4 + k))))
    .sort((a, b) => value(b) - value(a))[0];
  return {
    captures: taken.map(cardId),
    ...(sight.points ? { points: taken.reduce((n, c) => n + sight.points!(c), 0) } : {}),
    advances: advances.map((y) => y.id),
    blocks: blocks.map((y) => y.id),
    ...(kept !== undefined ? { keeps: cardId(kept) } : {}),
    ...figures,
  };
}

/**
 * The hint for a seat's view: where the search simulates the decision, the move of the best
 * expected value over `iterations` simulations shared by the legal actions (the round's points,
 * and the game where the round has a stake in it, as the search values them); else greedy's.
 */
export function hintFor(view: BotView, rng: RngState, iterations = HINT_ITERATIONS): Hint {
  if (!searches(view)) {
    const action = greedyChoice(view);
    return { action, reason: hintReason(view, action) };
  }
  const figures = actionFigures(
    view,
    rng,
    Math.max(1, Math.floor(iterations / view.actions.length)),
    READING_PLAYS,
  );
  const best = figures.reduce((b, f, i) => (f.value > figures[b].value ? i : b), 0);
  const next = figures.reduce((b, f, i) => (i !== best && (b < 0 || f.value > figures[b].value) ? i : b), -1);
  const win = figures[best].win;
  const stake = win === undefined ? {} : { win: { move: win, next: figures[next].win! } };
  return {
    action: view.actions[best],
    reason: hintReason(view, view.actions[best], {
      expected: { move: figures[best].points, next: figures[next].points },
      ...stake,
    }),
  };
}
