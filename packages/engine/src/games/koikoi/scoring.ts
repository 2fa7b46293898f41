/** Koi-Koi round scoring (docs/rules.md 4.4): pure functions of the yaku totals and the Koi-Koi calls. */
import type { KoiKoiOptions } from './options.js';
import { DEALER_ONE_POINTS, OWN_CALL_ADDS, OWN_CALL_TIMES, OYAKEN_POINTS, SEVEN } from './tables.js';

export type Multipliers = Pick<KoiKoiOptions, 'sevenDouble' | 'koiKoiDouble' | 'koiKoiBonus'>;

/** Why a winning total is doubled: 'seven' for 7 or more, 'koikoi' once if the opponent had called Koi-Koi. */
export type KoiKoiDoubling = 'seven' | 'koikoi';

/** Whether a winning total is doubled for being 7 or more, and for the opponent's call: the rule, once for both functions below. */
const sevenDoubles = (total: number, options: Multipliers): boolean => options.sevenDouble && total >= SEVEN;
const callDoubles = (opponentCalled: boolean, options: Multipliers): boolean =>
  options.koiKoiDouble && opponentCalled;

/** The doublings a winning total earns, each ×2, in order (so a summary can name them). */
export function koiKoiDoublings(
  total: number,
  opponentCalled: boolean,
  options: Multipliers,
): KoiKoiDoubling[] {
  const doublings: KoiKoiDoubling[] = [];
  if (sevenDoubles(total, options)) doublings.push('seven');
  if (callDoubles(opponentCalled, options)) doublings.push('koikoi');
  return doublings;
}

/**
 * A winning total with the multipliers: ×2 for each of its doublings, then (koiKoiBonus
 * "own-calls") the winner's own calls: +1, +2, +3 for 1–3 calls, ×2, ×3, ×4, ×5 for 4–7 (and more).
 */
export function multiplied(
  total: number,
  opponentCalled: boolean,
  options: Multipliers,
  ownCalls = 0,
): number {
  // No list of the doublings here: the search's simulator scores every simulated round with this.
  let score = total;
  if (sevenDoubles(total, options)) score *= 2;
  if (callDoubles(opponentCalled, options)) score *= 2;
  if (options.koiKoiBonus === 'own-calls' && ownCalls > 0) {
    if (ownCalls <= OWN_CALL_ADDS.length) score += OWN_CALL_ADDS[ownCalls - 1];
    else score *= OWN_CALL_TIMES[Math.min(ownCalls - OWN_CALL_ADDS.length, OWN_CALL_TIMES.length) - 1];
  }
  return score;
}

export interface RoundScore {
  readonly winner: number | null;
  readonly scores: number[];
  /** The dealer scored by oya-ken. */
  readonly oyaken: boolean;
  /** handsOut "no-game": nobody scores and the deal passes to the other player (Nintendo). */
  readonly passDeal?: boolean;
}

const only = (winner: number, score: number): number[] => [0, 1].map((seat) => (seat === winner ? score : 0));

/** Shobu: the caller scores its total with the multipliers; the other scores 0. */
export function scoreShobu(
  caller: number,
  totals: readonly number[],
  koikoi: readonly number[],
  options: Multipliers,
): RoundScore {
  return {
    winner: caller,
    scores: only(caller, multiplied(totals[caller], koikoi[1 - caller] > 0, options, koikoi[caller])),
    oyaken: false,
  };
}

export type HandsOutRules = Multipliers & Pick<KoiKoiOptions, 'oyaKen' | 'handsOut'>;

/** Oya-ken (docs/rules.md 4.4): both hands out under "higher-total", no yaku on either side, the option on. */
const isOyaKen = (total0: number, total1: number, options: HandsOutRules): boolean =>
  options.handsOut === 'higher-total' && options.oyaKen && total0 === 0 && total1 === 0;

/**
 * Who scores when both hands are empty without Shobu, by option handsOut, or −1 for nobody.
 * "higher-total": the higher total, a tie to the dealer; with no yaku at all the dealer under
 * oyaKen, else nobody. "dealer-one": the dealer (KoiKoi Japan). "no-game": nobody (Nintendo).
 */
export function handsEmptyWinner(
  total0: number,
  total1: number,
  dealer: number,
  options: HandsOutRules,
): number {
  if (options.handsOut === 'dealer-one') return dealer;
  if (options.handsOut === 'no-game') return -1;
  if (total0 === 0 && total1 === 0) return options.oyaKen ? dealer : -1;
  const opponent = 1 - dealer;
  return (opponent === 0 ? total0 : total1) > (opponent === 0 ? total1 : total0) ? opponent : dealer;
}

/**
 * What that winner scores: 1 under "dealer-one", 6 by oya-ken (a fixed privilege, not a yaku
 * total, so no multiplier), else its total with the multipliers.
 */
export function handsEmptyPoints(
  winner: number,
  total0: number,
  total1: number,
  calls0: number,
  calls1: number,
  options: HandsOutRules,
): number {
  if (options.handsOut === 'dealer-one') return DEALER_ONE_POINTS;
  if (isOyaKen(total0, total1, options)) return OYAKEN_POINTS;
  return multiplied(
    winner === 0 ? total0 : total1,
    (winner === 0 ? calls1 : calls0) > 0,
    options,
    winner === 0 ? calls0 : calls1,
  );
}

/** Both hands empty without Shobu: handsEmptyWinner scores handsEmptyPoints; "no-game" passes the deal. */
export function scoreHandsEmpty(
  totals: readonly number[],
  koikoi: readonly number[],
  dealer: number,
  options: HandsOutRules,
): RoundScore {
  const winner = handsEmptyWinner(totals[0], totals[1], dealer, options);
  const passDeal = options.handsOut === 'no-game' ? { passDeal: true } : {};
  if (winner < 0) return { winner: null, scores: [0, 0], oyaken: false, ...passDeal };
  const points = handsEmptyPoints(winner, totals[0], totals[1], koikoi[0], koikoi[1], options);
  return { winner, scores: only(winner, points), oyaken: isOyaKen(totals[0], totals[1], options) };
}

/**
 * The next dealer: the round winner (003: "the winner of each round will be the oya at the
 * start of the next round"); under handsOut "no-game" the other player. A round nobody wins (no yaku, oyaKen off) leaves the deal
 * where it is, as a void deal does (docs/rules.md 4.1: "dealt again by the same dealer").
 */
export const nextDealer = (score: Pick<RoundScore, 'winner' | 'passDeal'>, dealer: number): number =>
  score.passDeal ? 1 - dealer : (score.winner ?? dealer);
