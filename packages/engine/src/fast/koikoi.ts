/**
 * Koi-Koi's search fast path: the state and flow of a round (docs/rules.md §4) on a mutable,
 * allocation-free simulator (see table.ts, moves.ts). Every rule decision is the public
 * module's own mask function (games/koikoi: yaku.ts, checks.ts, scoring.ts, calls.ts; the
 * matching in core/matching.ts), called on the simulator's words. `play` trusts its move to be legal.
 */
import type { Action } from '../core/actions.js';
import { GAJI, STANDARD_DECK, monthOf } from '../core/cards.js';
import { mayCall, totalToBeat } from '../games/koikoi/calls.js';
import { DEAL_STANDS, handCheckOf, handCheckWinner, dealVoidReason } from '../games/koikoi/checks.js';
import type { KoiKoiOptions } from '../games/koikoi/options.js';
import { handsEmptyPoints, handsEmptyWinner, multiplied } from '../games/koikoi/scoring.js';
import type { KoiKoiState } from '../games/koikoi/state.js';
import { HAND_CHECK_POINTS } from '../games/koikoi/tables.js';
import { type YakuRuleSet, yakuRuleSet, yakuTotal } from '../games/koikoi/yaku.js';
import { distinctHi, distinctLo, lowestBit, popcount } from './bits.js';
import {
  KOIKOI,
  PLAY,
  SHOBU,
  TAKE,
  commonAction,
  moveKind,
  movePayload,
  playMove,
  playTake,
  playedCard,
  simpleMove,
} from './moves.js';
import type { FastRng } from './rng.js';
import { PileTable } from './pile-table.js';
import { shiftOf } from './table.js';

const HAND = 0;
const DRAW_CHOICE = 1;
const DECIDE = 2;
const OVER = 3;

export const KOIKOI_MAX_MOVES = 32;

export class KoiKoiFast extends PileTable {
  private readonly yakuRules: YakuRuleSet;
  private readonly gaji: boolean;
  private readonly drawnGajiWild: boolean;
  private readonly fourPairsRedeal: boolean;
  private readonly teshiRedeals: boolean;
  private readonly kuttsuki: boolean;

  /** The round number (tsukiFuda's month). */
  round = 1;
  readonly koikoi = new Int32Array(2);
  readonly lastTotal = new Int32Array(2);
  private readonly deck = new Int8Array(48);
  /** The deal's three destinations (non-dealer, field, dealer) as lo, hi words. */
  private readonly packets = new Int32Array(6);

  constructor(private readonly options: KoiKoiOptions) {
    super(2, 2, OVER, KOIKOI_MAX_MOVES);
    this.yakuRules = yakuRuleSet(options);
    this.gaji = options.gaji;
    this.drawnGajiWild = options.gajiDrawnIsWild;
    this.fourPairsRedeal = options.fourPairsRedeal;
    this.teshiRedeals = options.teshi === 'redeal';
    this.kuttsuki = options.kuttsuki;
  }

  static fromState(s: KoiKoiState): KoiKoiFast {
    const fast = new KoiKoiFast(s.options);
    fast.load(s);
    return fast;
  }

  load(s: KoiKoiState): void {
    this.loadCards(s.hands, s.field, s.captured);
    this.loadPile(s.pile);
    this.dealer = s.dealer;
    this.toMove = s.toMove;
    this.round = s.round;
    this.phase =
      s.phase === 'hand'
        ? HAND
        : s.phase === 'draw-choice'
          ? DRAW_CHOICE
          : s.phase === 'decide'
            ? DECIDE
            : OVER;
    this.pending = s.pending ?? -1;
    this.koikoi.set(s.koikoi);
    this.lastTotal.set(s.lastTotal);
    this.loadRound(s.rng, s.results.at(-1)?.scores);
  }

  /** Whether the seat to move is to play from its hand (not to pick a drawn card's capture, nor to call). */
  get awaitsHandPlay(): boolean {
    return this.phase === HAND;
  }

  copyFrom(o: KoiKoiFast): void {
    this.copyPile(o);
    this.round = o.round;
    this.koikoi.set(o.koikoi);
    this.lastTotal.set(o.lastTotal);
  }

  /** Shuffles and deals round `round` for `dealer` from `this.rng` as `dealRound` does (void deals dealt again), then the hand checks. */
  newRound(dealer: number, round = this.round): void {
    this.round = round;
    this.dealer = dealer;
    this.toMove = dealer;
    this.captured.fill(0);
    this.koikoi.fill(0);
    this.lastTotal.fill(0);
    this.scores.fill(0);
    this.pending = -1;
    this.phase = HAND;
    const deck = this.deck;
    const other = 1 - dealer;
    do {
      deck.set(STANDARD_DECK);
      this.rng.shuffle(deck, 48);
      // The Nintendo pattern: two to the non-dealer, two to the field, two to the dealer, four times.
      const packets = this.packets;
      packets.fill(0);
      for (let i = 0; i < 24; i++) {
        const c = deck[i];
        packets[2 * (((i % 6) / 2) | 0) + (c >> 5)] |= 1 << (c & 31);
      }
      this.hands[2 * other] = packets[0];
      this.hands[2 * other + 1] = packets[1];
      this.fieldLo = packets[2];
      this.fieldHi = packets[3];
      this.hands[2 * dealer] = packets[4];
      this.hands[2 * dealer + 1] = packets[5];
    } while (
      dealVoidReason(
        this.fieldLo,
        this.fieldHi,
        this.hands[0],
        this.hands[1],
        this.hands[2],
        this.hands[3],
        this.fourPairsRedeal,
        this.teshiRedeals,
      ) !== DEAL_STANDS
    );
    this.handCount[0] = 8;
    this.handCount[1] = 8;
    this.inHands = 16;
    this.setPile(deck, 24, 24);
    this.handChecks();
  }

  /** Teshi (unless it redeals) or kuttsuki (if on) (docs/rules.md 4.1): 6 points and the round ends; both: the dealer's. */
  private handChecks(): void {
    const h = this.hands;
    const winner = handCheckWinner(
      handCheckOf(h[0], h[1], this.kuttsuki),
      handCheckOf(h[2], h[3], this.kuttsuki),
      this.dealer,
    );
    if (winner < 0) return;
    this.scores[winner] = HAND_CHECK_POINTS;
    this.phase = OVER;
  }

  // --- yaku (docs/rules.md 4.3: games/koikoi/yaku.ts) -------------------------------------------

  /** What `seat` scores if the round ends by its Shobu now: its total with the multipliers. */
  shobuScore(seat: number): number {
    return multiplied(this.yakuTotal(seat), this.koikoi[1 - seat] > 0, this.options, this.koikoi[seat]);
  }

  /** The seat's yaku total, as `yakuOf(...).total`. */
  yakuTotal(seat: number): number {
    return yakuTotal(
      this.captured[2 * seat],
      this.captured[2 * seat + 1],
      this.yakuRules,
      this.round,
      this.koikoi[seat] > 0,
      null,
    );
  }

  // --- play (docs/rules.md 4.2, 4.4) -----------------------------------------------------------

  private isWild(card: number, fromHand: boolean): boolean {
    return card === GAJI && this.gaji && (fromHand || this.drawnGajiWild);
  }

  /** A card lands: it captures `take` (−1: whatever the field gives it), or stays. */
  private land(seat: number, card: number, take: number, fromHand: boolean): void {
    if (take >= 0) {
      this.captureOne(seat, card, take);
      return;
    }
    if (this.isWild(card, fromHand)) {
      const lo = this.fieldLo;
      const hi = this.fieldHi;
      if ((lo | hi) === 0) this.addField(card);
      else this.captureOne(seat, card, lo !== 0 ? lowestBit(lo) : 32 + lowestBit(hi));
      return;
    }
    this.landByMonth(seat, card);
  }

  /** How many distinct captures a card has: 0 stays, 1 automatic, more a choice. */
  private choices(card: number, fromHand: boolean): number {
    if (this.isWild(card, fromHand))
      return popcount(distinctLo(this.fieldLo)) + popcount(distinctHi(this.fieldHi));
    return this.monthMeeting((card >> 2) + 1);
  }

  private drawCard(): boolean {
    const card = this.pile[this.pileTop++];
    if (this.choices(card, false) > 1) {
      this.pending = card;
      this.phase = DRAW_CHOICE;
      return true;
    }
    this.land(this.toMove, card, -1, false);
    return false;
  }

  private afterTurn(): void {
    const seat = this.toMove;
    if (this.yakuTotal(seat) > totalToBeat(this.koikoi[seat], this.lastTotal[seat])) {
      if (mayCall(this.handCount[seat], this.koikoi[seat], this.options)) this.phase = DECIDE;
      else this.endPlay(true);
      return;
    }
    this.nextTurn();
  }

  private nextTurn(): void {
    if (this.handsEmpty()) {
      this.endPlay(false);
      return;
    }
    if (this.handCount[1 - this.toMove] > 0) this.toMove = 1 - this.toMove;
    this.phase = HAND;
  }

  /** Shobu by the seat to move, or both hands empty. */
  private endPlay(shobu: boolean): void {
    this.phase = OVER;
    this.pending = -1;
    if (shobu) {
      this.scores[this.toMove] = this.shobuScore(this.toMove);
      return;
    }
    const t0 = this.yakuTotal(0);
    const t1 = this.yakuTotal(1);
    const winner = handsEmptyWinner(t0, t1, this.dealer, this.options);
    if (winner >= 0)
      this.scores[winner] = handsEmptyPoints(winner, t0, t1, this.koikoi[0], this.koikoi[1], this.options);
  }

  randomPlayout(rng: FastRng, buffer: Int32Array = this.buffer): Int32Array {
    while (this.phase !== OVER) {
      const n = this.legalMoves(buffer);
      this.play(buffer[n === 1 ? 0 : rng.pick(n)]);
    }
    return this.scores;
  }

  /**
   * The moves of the seat's hand: `handMoves` for one card of each pair of interchangeable chaff
   * (moves.ts), in card order. Each game writes this loop (as `randomPlayout`) for V8: see
   * FastTable's `randomPlayout`.
   */
  private handPlays(seat: number, out: Int32Array, n: number): number {
    let lo = distinctLo(this.hands[2 * seat]);
    let hi = distinctHi(this.hands[2 * seat + 1]);
    while (lo !== 0) {
      n = this.handMoves(seat, lowestBit(lo), out, n);
      lo &= lo - 1;
    }
    while (hi !== 0) {
      n = this.handMoves(seat, 32 + lowestBit(hi), out, n);
      hi &= hi - 1;
    }
    return n;
  }

  legalMoves(out: Int32Array): number {
    switch (this.phase) {
      case HAND:
        return this.handPlays(this.toMove, out, 0);
      case DRAW_CHOICE:
        return this.targets(this.pending, false, out, 0, TAKE << 12, 0);
      case DECIDE:
        out[0] = simpleMove(KOIKOI);
        out[1] = simpleMove(SHOBU);
        return 2;
      default:
        return 0;
    }
  }

  private handMoves(_seat: number, card: number, out: Int32Array, n: number): number {
    if (this.choices(card, true) <= 1) {
      out[n] = playMove(card);
      return n + 1;
    }
    return this.targets(card, true, out, n, (PLAY << 12) | card, 6);
  }

  /** One move per distinct capture of `card`, the target at bit `at` (0: a take, 6: a play's take + 1). */
  private targets(
    card: number,
    fromHand: boolean,
    out: Int32Array,
    n: number,
    base: number,
    at: number,
  ): number {
    let lo = distinctLo(this.fieldLo);
    let hi = distinctHi(this.fieldHi);
    if (!this.isWild(card, fromHand)) {
      const bits = 15 << shiftOf(monthOf(card));
      lo = card < 32 ? lo & bits : 0;
      hi = card < 32 ? 0 : hi & bits;
    }
    return PileTable.pushTargets(lo, hi, out, n, base, at);
  }

  play(move: number): void {
    const seat = this.toMove;
    switch (moveKind(move)) {
      case PLAY: {
        const card = playedCard(move);
        this.removeHand(seat, card);
        this.land(seat, card, playTake(move), true);
        if (this.pileTop < this.pileEnd && this.drawCard()) return;
        this.afterTurn();
        return;
      }
      case TAKE: {
        const card = this.pending;
        this.pending = -1;
        this.land(seat, card, movePayload(move), false);
        this.afterTurn();
        return;
      }
      case KOIKOI:
        this.koikoi[seat]++;
        this.lastTotal[seat] = this.yakuTotal(seat);
        this.nextTurn();
        return;
      case SHOBU:
        this.endPlay(true);
        return;
    }
  }

  toAction(move: number): Action {
    return commonAction(this.toMove, move)!;
  }
}
