/**
 * A round's breakdown, side by side, as data both front ends format: the card points by value,
 * each yaku scored with the cards that made it (the engine's, under the game's options), and
 * the line that turns them into the round's score.
 */
import {
  assertNever,
  type GameView,
  type KoiKoiDoubling,
  koiKoiDoublings,
  type KoiKoiOptions,
  type KoiKoiRoundResult,
  NARA_BASE,
  naraYakuPayments,
  pileYakuProgress,
  SAKURA_YAKU_PENALTY,
} from '@hanafuda/engine';
import { valueRows } from './card-points.js';
import { pileRulesOf } from './game-rules.js';

/** How a Koi-Koi winner's score came about. */
export interface KoiKoiWin {
  readonly seat: number;
  /** The yaku total, and the score it made. */
  readonly total: number;
  readonly score: number;
  /** Each ×2, in order. */
  readonly doublings: readonly KoiKoiDoubling[];
  /** The winner's own calls where koiKoiBonus "own-calls" adds for them; 0 otherwise. */
  readonly ownCalls: number;
  /** handsOut "dealer-one": the dealer's 1 point when the hands ran out. */
  readonly dealerOne: boolean;
  /** Oya-ken, a hand check or the dealer's point: scored as it is, no multiplier. */
  readonly asIs: boolean;
}

/** The Koi-Koi winner's score worked out (null when nobody scored). */
export function koikoiWin(r: KoiKoiRoundResult, options: KoiKoiOptions): KoiKoiWin | null {
  if (r.winner === null) return null;
  const seat = r.winner;
  const [total, score] = [r.yakuTotals[seat], r.scores[seat]];
  const dealerOne = r.end === 'hands-empty' && options.handsOut === 'dealer-one';
  const asIs = dealerOne || r.end === 'hand-check' || r.yaku[seat].includes('oyaken');
  if (asIs) return { seat, total, score, doublings: [], ownCalls: 0, dealerOne, asIs };
  const ownCalls = options.koiKoiBonus === 'own-calls' ? r.koikoi[seat] : 0;
  return {
    seat,
    total,
    score,
    doublings: koiKoiDoublings(total, r.koikoi[1 - seat] > 0, options),
    ownCalls,
    dealerOne,
    asIs,
  };
}

/** Sakura and Oi-bana: a side's card points less the penalty for each yaku the other sides made. */
export const yakuPenalty = (yaku: readonly (readonly string[])[], side: number) => {
  const count = yaku.reduce((n, ids, other) => n + (other === side ? 0 : ids.length), 0);
  return { each: SAKURA_YAKU_PENALTY, count, total: SAKURA_YAKU_PENALTY * count };
};

export type BreakdownLine =
  /** Sakura, Oi-bana: points − each × count. */
  | { readonly kind: 'penalty'; readonly points: number; readonly each: number; readonly count: number }
  /** Nara: the card score (points − base), plus what the others pay for this seat's yaku, less what it pays for theirs. */
  | {
      readonly kind: 'nara';
      readonly cardScore: number;
      readonly received: number;
      readonly paid: number;
      readonly score: number;
    }
  /** Koi-Koi: the winner's score worked out, or a loser's yaku total. */
  | { readonly kind: 'koikoi-win'; readonly win: KoiKoiWin }
  | { readonly kind: 'koikoi-total'; readonly total: number };

export interface SideBreakdown {
  /** The side's index in the table's sides, and its seats. */
  readonly side: number;
  readonly members: readonly number[];
  readonly winner: boolean;
  /** The round's score (Oi-bana: the money paid or received). */
  readonly score: number;
  /** The point games, when the captures are known: the engine's points, the base they are measured from, the pile by value. */
  readonly cardPoints: {
    readonly points: number;
    readonly base: number;
    readonly rows: readonly { readonly value: number; readonly cards: readonly string[] }[];
  } | null;
  /** Each yaku scored, with the captured cards that made it (none when the captures are not known, or for a yaku of the hand). */
  readonly yaku: readonly { readonly id: string; readonly cards: readonly string[] }[];
  readonly line: BreakdownLine | null;
}

export interface BreakdownInput {
  /** A view of the game: its game and options. */
  readonly view: GameView;
  readonly round: number;
  /** The round's result (the round-end event or the view's results entry). */
  readonly result: Readonly<Record<string, unknown>>;
  /** Per seat: the captures at the round's end (null when not seen). */
  readonly captured: readonly (readonly string[])[] | null;
  readonly sides: readonly (readonly number[])[];
}

/** The result's fields, read as the round-end event or a results entry carries them (absent: empty). */
const nums = (v: unknown): number[] => (Array.isArray(v) ? (v as number[]) : []);
const lists = (v: unknown): string[][] => (Array.isArray(v) ? (v as string[][]) : []);

/** The sides of a round's breakdown, in the order shown (Oi-bana: its two duelists). */
export function roundBreakdown(input: BreakdownInput): SideBreakdown[] {
  const { view, round, captured, sides } = input;
  const result = input.result;
  const r = {
    points: nums(result.points),
    yaku: lists(result.yaku),
    scores: nums(result.scores),
    winner: result.winner,
  };
  const sideCards = (side: number) => (captured ? sides[side].flatMap((s) => captured[s] ?? []) : null);
  const yakuOf = (side: number, calledKoiKoi: boolean) => {
    const cards = sideCards(side);
    const progress = cards ? pileYakuProgress(pileRulesOf(view, round, calledKoiKoi), cards) : [];
    return (r.yaku[side] ?? []).map((id) => ({ id, cards: progress.find((y) => y.id === id)?.cards ?? [] }));
  };
  const pointsOf = (side: number, base: number) => {
    const cards = sideCards(side);
    return cards && r.points[side] !== undefined
      ? { points: r.points[side], base, rows: valueRows(view.game, cards) }
      : null;
  };
  const side = (
    index: number,
    line: BreakdownLine | null,
    calledKoiKoi = false,
    base: number | null = 0,
  ): SideBreakdown => ({
    side: index,
    members: sides[index],
    winner: r.winner === index,
    score: r.scores[index] ?? 0,
    cardPoints: base === null ? null : pointsOf(index, base),
    yaku: yakuOf(index, calledKoiKoi),
    line,
  });
  const penalty = (index: number): BreakdownLine | null => {
    const { each, count } = yakuPenalty(r.yaku, index);
    return count > 0 && r.points[index] !== undefined
      ? { kind: 'penalty', points: r.points[index], each, count }
      : null;
  };
  switch (view.game) {
    case 'sakura':
      return sides.map((_, i) => side(i, penalty(i)));
    case 'oibana':
      return nums(result.duelists).map((seat) =>
        side(
          sides.findIndex((m) => m.includes(seat)),
          penalty(seat),
        ),
      );
    case 'koikoi': {
      const [totals, calls] = [nums(result.yakuTotals), nums(result.koikoi)];
      const win =
        r.winner === null || r.winner === undefined
          ? null
          : koikoiWin(result as unknown as KoiKoiRoundResult, view.options);
      return sides.map((_, i) =>
        side(
          i,
          win?.seat === i
            ? { kind: 'koikoi-win', win }
            : totals[i]
              ? { kind: 'koikoi-total', total: totals[i] }
              : null,
          (calls[i] ?? 0) > 0,
          null,
        ),
      );
    }
    case 'nara': {
      const { received, paid } = naraYakuPayments(r.yaku);
      return sides.map((_, i) => {
        const line: BreakdownLine | null =
          result.special || r.points[i] === undefined
            ? null
            : {
                kind: 'nara',
                cardScore: r.points[i] - NARA_BASE,
                received: received[i],
                paid: paid[i],
                score: r.scores[i] ?? 0,
              };
        return side(i, line, false, NARA_BASE);
      });
    }
    default:
      return assertNever(view);
  }
}
