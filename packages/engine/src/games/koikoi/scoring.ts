/** Koi-Koi round scoring (RULES.md 4.4): pure functions of the yaku totals and the Koi-Koi calls. */
import type { KoiKoiOptions } from './options.js';
import { OYAKEN_POINTS, SEVEN } from './tables.js';

type Multipliers = Pick<KoiKoiOptions, 'sevenDouble' | 'koiKoiDouble'>;

/** Why a winning total is doubled: 'seven' for 7 or more, 'koikoi' once if the opponent had called Koi-Koi. */
export type KoiKoiDoubling = 'seven' | 'koikoi';

/** The doublings a winning total earns, each ×2, in order (so a summary can name them). */
export function koiKoiDoublings(total: number, opponentCalled: boolean, options: Multipliers): KoiKoiDoubling[] {
  return [...(options.sevenDouble && total >= SEVEN ? ['seven' as const] : []), ...(options.koiKoiDouble && opponentCalled ? ['koikoi' as const] : [])];
}

/** A winning total with the multipliers: ×2 for each of its doublings. */
export function multiplied(total: number, opponentCalled: boolean, options: Multipliers): number {
  return total * 2 ** koiKoiDoublings(total, opponentCalled, options).length;
}

export interface RoundScore {
  readonly winner: number | null;
  readonly scores: number[];
  /** The dealer scored by oya-ken. */
  readonly oyaken: boolean;
}

const only = (winner: number, score: number): number[] => [0, 1].map((seat) => (seat === winner ? score : 0));

/** Shobu: the caller scores its total with the multipliers; the other scores 0. */
export function scoreShobu(caller: number, totals: readonly number[], koikoi: readonly number[], options: Multipliers): RoundScore {
  return { winner: caller, scores: only(caller, multiplied(totals[caller], koikoi[1 - caller] > 0, options)), oyaken: false };
}

/**
 * Both hands empty without Shobu: the higher total scores (with the multipliers), a tie
 * goes to the dealer; with no yaku at all the dealer scores 6 under oyaKen (a fixed
 * privilege, not a yaku total, so no multiplier), else nobody scores.
 */
export function scoreHandsEmpty(
  totals: readonly number[],
  koikoi: readonly number[],
  dealer: number,
  options: Multipliers & Pick<KoiKoiOptions, 'oyaKen'>,
): RoundScore {
  if (totals.every((t) => t === 0)) {
    return options.oyaKen ? { winner: dealer, scores: only(dealer, OYAKEN_POINTS), oyaken: true } : { winner: null, scores: [0, 0], oyaken: false };
  }
  const opponent = 1 - dealer;
  const winner = totals[opponent] > totals[dealer] ? opponent : dealer;
  return { winner, scores: only(winner, multiplied(totals[winner], koikoi[1 - winner] > 0, options)), oyaken: false };
}

/**
 * The next dealer: the round winner (003: "the winner of each round will be the oya at the
 * start of the next round"). A round nobody wins (no yaku, oyaKen off) leaves the deal
 * where it is, as a void deal does (RULES.md 4.1: "dealt again by the same dealer").
 */
export const nextDealer = (winner: number | null, dealer: number): number => winner ?? dealer;
