/**
 * Sakura's search fast path (docs/rules.md §3, every option) on a mutable, allocation-free
 * simulator. The rules are the functions of games/sakura/ (hiki, Gaji, round end, scoring)
 * and core/matching.ts, called on its masks; this file keeps the state and the flow of a
 * turn. Hands, field and captures are bitsets (bits.ts), the pile an array of small
 * integers, the deal drawn from the engine's sfc32 exactly as `dealRound` draws it. It plays
 * one round: `load` a public state (or `newRound`), then `legalMoves`, `play`, `copyFrom`,
 * `randomPlayout`. Moves are the integers of moves.ts. `play` trusts its move to be one
 * `legalMoves` gave: validation is the public API's job.
 */
import type { Action } from '../core/actions.js';
import { GAJI, monthOf } from '../core/cards.js';
import { sideOf } from '../core/sides.js';
import type { SakuraTable } from '../games/sakura/index.js';
import type { SakuraState } from '../games/sakura/state.js';
import {
  claimedLeftovers,
  gajiTargetsHi,
  gajiTargetsLo,
  isTransferable,
  isWildGaji,
  mayReturnGaji,
  transferredCard,
} from '../games/sakura/gaji.js';
import { heldHikis, othersHikis } from '../games/sakura/hiki.js';
import type { SakuraOptions } from '../games/sakura/options.js';
import { dealtFours, roundEnds } from '../games/sakura/round.js';
import { scorePiles } from '../games/sakura/scoring.js';
import { DEAL } from '../games/sakura/tables.js';
import { POP4, distinctHi, distinctLo, lowestBit, monthNibble, popcount } from './bits.js';
import { CHOICE, STAYS, monthMeeting, wildMeeting } from '../core/matching.js';
import type { FastRng } from './rng.js';
import { PileTable } from './pile-table.js';
import { FastTable, shiftOf } from './table.js';
import {
  HIKI,
  LEAVE,
  PLAY,
  RETURN,
  TAKE,
  commonAction,
  moveKind,
  movePayload,
  playMove,
  playTake,
  playedCard,
  simpleMove,
} from './moves.js';

const HAND = 0;
const DRAW_CHOICE = 1;
const GAJI_TARGET = 2;
const OVER = 3;

/** Enough room for the moves of any one decision (a bot sizes its move buffers with it). */
export const SAKURA_MAX_MOVES = 64;

export class SakuraFast extends PileTable {
  readonly sideCount: number;
  readonly sideOfSeat: Int8Array;
  private readonly discardDealtGaji: boolean;
  private readonly endOnEither: boolean;
  private readonly yakuOn: boolean;
  private readonly hikiAnytime: boolean;
  private readonly drawnGajiWild: boolean;
  private readonly blockCaptures: boolean;
  private readonly gajiReturns: boolean;
  private readonly gajiClaim: SakuraOptions['gajiClaim'];
  /** `gajiClaim: transfer`, read on every capture. */
  private readonly transfers: boolean;
  private readonly handSize: number;
  private readonly fieldSize: number;

  pendingFromHand = false;
  gajiReturned = false;
  gajiSeat = -1;
  gajiWith = -1;
  gajiTransferred = false;
  /** Months (bit m − 1) with an announced hiki, each month's owner, and the months revealed by a block. */
  hikiMonths = 0;
  readonly hikiOwner = new Int8Array(13);
  hikiRevealed = 0;
  private readonly sideYaku: Int32Array;
  /** Per side, its seats' captures together (lo, hi), for the scoring. */
  private readonly sidePiles: Int32Array;
  private readonly deck = new Int8Array(48);
  private readonly scratch = new Int32Array(2);

  constructor(table: SakuraTable) {
    super(table.players, table.sides.length, OVER, SAKURA_MAX_MOVES);
    const o = table.options;
    this.sideCount = table.sides.length;
    this.sideOfSeat = Int8Array.from({ length: table.players }, (_, seat) => sideOf(table.sides, seat));
    this.discardDealtGaji = o.gajiDealtToField === 'discarded';
    this.endOnEither = o.roundEnd === 'pile-or-hands';
    this.yakuOn = o.yaku === 'on';
    this.hikiAnytime = o.hikiTiming === 'anytime';
    this.drawnGajiWild = o.gajiDrawnIsWild;
    this.blockCaptures = o.hikiOnBlock === 'owner-captures';
    this.gajiReturns = o.blockedGajiReturns;
    this.gajiClaim = o.gajiClaim;
    this.transfers = o.gajiClaim === 'transfer';
    this.handSize = DEAL[table.players].hand;
    this.fieldSize = DEAL[table.players].field;
    this.sideYaku = new Int32Array(table.sides.length);
    this.sidePiles = new Int32Array(2 * table.sides.length);
  }

  /** A simulator for the table of `s`, at the position of `s`. */
  static fromState(s: SakuraState): SakuraFast {
    const fast = new SakuraFast({ players: s.players, sides: s.sides, options: s.options });
    fast.load(s);
    return fast;
  }

  /** Puts the position of a public state (same table) into this simulator's buffers. */
  load(s: SakuraState): void {
    this.loadCards(s.hands, s.field, s.captured);
    this.loadPile(s.pile);
    this.dealer = s.dealer;
    this.toMove = s.toMove;
    this.phase =
      s.phase === 'hand'
        ? HAND
        : s.phase === 'draw-choice'
          ? DRAW_CHOICE
          : s.phase === 'gaji-target'
            ? GAJI_TARGET
            : OVER;
    this.pending = s.pending ? s.pending.card : -1;
    this.pendingFromHand = s.pending?.source === 'hand';
    this.gajiReturned = s.gajiReturned;
    this.gajiSeat = s.gaji ? s.gaji.seat : -1;
    this.gajiWith = s.gaji ? s.gaji.with : -1;
    this.gajiTransferred = s.gaji ? s.gaji.transferred : false;
    this.hikiMonths = 0;
    this.hikiRevealed = 0;
    this.hikiOwner.fill(-1);
    for (const h of s.hikis) {
      this.hikiMonths |= 1 << (h.month - 1);
      this.hikiOwner[h.month] = h.seat;
      if (h.revealed) this.hikiRevealed |= 1 << (h.month - 1);
    }
    this.loadRound(s.rng, s.results.at(-1)?.scores);
  }

  copyFrom(o: SakuraFast): void {
    this.copyPile(o);
    this.pendingFromHand = o.pendingFromHand;
    this.gajiReturned = o.gajiReturned;
    this.gajiSeat = o.gajiSeat;
    this.gajiWith = o.gajiWith;
    this.gajiTransferred = o.gajiTransferred;
    this.hikiMonths = o.hikiMonths;
    this.hikiOwner.set(o.hikiOwner);
    this.hikiRevealed = o.hikiRevealed;
  }

  /** Shuffles and deals a fresh round for `dealer` from `this.rng`, as `dealRound` does, and plays up to the first decision. */
  newRound(dealer: number): void {
    const deck = this.deck;
    for (let c = 0; c < 48; c++) deck[c] = c;
    this.rng.shuffle(deck, 48);
    let next = 0;
    for (let seat = 0; seat < this.players; seat++) {
      FastTable.dealSet(deck, next, this.handSize, this.hands, 2 * seat);
      this.handCount[seat] = this.handSize;
      next += this.handSize;
    }
    FastTable.dealSet(deck, next, this.fieldSize, this.scratch, 0);
    this.fieldLo = this.scratch[0];
    this.fieldHi = this.scratch[1];
    next += this.fieldSize;
    this.setPile(deck, next, 48 - next);
    this.inHands = this.players * this.handSize;
    for (let k = 0; k < this.captured.length; k++) this.captured[k] = 0;
    this.dealer = dealer;
    this.toMove = dealer;
    this.pending = -1;
    this.gajiReturned = false;
    this.gajiSeat = -1;
    this.gajiWith = -1;
    this.gajiTransferred = false;
    this.hikiMonths = 0;
    this.hikiRevealed = 0;
    // hikiOwner is read only for the months in hikiMonths: no reset needed.
    this.phase = HAND;
    this.afterDeal();
    if (!this.startTurn()) this.endTurn();
  }

  /** The Gaji discard (option), the dealer's four-of-a-month captures, the dealt hikis (docs/rules.md 3.2, 3.7). */
  private afterDeal(): void {
    if (this.discardDealtGaji) this.removeField(GAJI);
    for (let months = dealtFours(this.fieldLo, this.fieldHi); months !== 0; months &= months - 1)
      this.captureMonthFromField(this.dealer, lowestBit(months) + 1);
    this.announceHikis();
  }

  // --- hiki (docs/rules.md 3.7) ----------------------------------------------------------------

  private holdsHiki(seat: number, month: number): boolean {
    const held = heldHikis(this.hands[2 * seat], this.hands[2 * seat + 1], this.fieldLo, this.fieldHi);
    return (held & (1 << (month - 1))) !== 0;
  }

  /** Announces every hiki held and not yet announced. */
  private announceHikis(): void {
    for (let seat = 0; seat < this.players; seat++) {
      const lo = this.hands[2 * seat];
      const hi = this.hands[2 * seat + 1];
      let fresh = heldHikis(lo, hi, this.fieldLo, this.fieldHi) & ~this.hikiMonths;
      while (fresh !== 0) {
        const m = lowestBit(fresh);
        fresh &= fresh - 1;
        this.hikiMonths |= 1 << m;
        this.hikiOwner[m + 1] = seat;
        this.hikiRevealed &= ~(1 << m);
      }
    }
  }

  private dropHiki(month: number): void {
    const bit = 1 << (month - 1);
    this.hikiMonths &= ~bit;
    this.hikiRevealed &= ~bit;
    this.hikiOwner[month] = -1;
  }

  /** As `updateHikis`: forget hikis no longer held; under `anytime` announce new ones. */
  private updateHikis(): void {
    let months = this.hikiMonths;
    while (months !== 0) {
      const m = lowestBit(months) + 1;
      months &= months - 1;
      if (!this.holdsHiki(this.hikiOwner[m], m)) this.dropHiki(m);
    }
    if (this.hikiAnytime) this.announceHikis();
  }

  /** Every card of `month` in the seat's hand and on the field goes to its captures (`gatherMonth`). */
  private gatherMonth(seat: number, month: number): void {
    const bits = 15 << shiftOf(month);
    const w = month <= 8 ? 0 : 1;
    const fromHand = this.hands[2 * seat + w] & bits;
    this.hands[2 * seat + w] &= ~bits;
    this.handCount[seat] -= popcount(fromHand);
    this.inHands -= popcount(fromHand);
    this.captured[2 * seat + w] |= fromHand;
    this.captureMonthFromField(seat, month);
    if (this.hikiOwner[month] === seat) this.dropHiki(month);
  }

  // --- the Gaji (docs/rules.md 3.8) ------------------------------------------------------------

  /** Months of other seats' hikis revealed by a block: a wild Gaji may not aim there. */
  private blockedMonths(seat: number): number {
    return othersHikis(this.hikiRevealed & this.hikiMonths, this.hikiOwner, seat);
  }

  private targetsLo(blocked: number): number {
    return gajiTargetsLo(this.fieldLo, blocked);
  }

  private targetsHi(blocked: number): number {
    return gajiTargetsHi(this.fieldHi, blocked);
  }

  private canReturnGaji(): boolean {
    return (
      this.phase === GAJI_TARGET &&
      mayReturnGaji(this.gajiReturns, this.pendingFromHand, this.handCount[this.toMove])
    );
  }

  private transferPending(): boolean {
    return this.transfers && this.gajiSeat >= 0 && !this.gajiTransferred;
  }

  /** A wild Gaji aims at `target`; returns whether a decision now waits (a block with targets left). */
  private wildCapture(seat: number, target: number, fromHand: boolean): boolean {
    const month = monthOf(target);
    if (othersHikis(this.hikiMonths & (1 << (month - 1)), this.hikiOwner, seat) !== 0) {
      this.hikiRevealed |= 1 << (month - 1);
      if (this.blockCaptures) this.gatherMonth(this.hikiOwner[month], month);
      this.pending = GAJI;
      this.pendingFromHand = fromHand;
      this.phase = GAJI_TARGET;
      const blocked = this.blockedMonths(seat);
      if ((this.targetsLo(blocked) | this.targetsHi(blocked)) !== 0 || this.canReturnGaji()) return true;
      this.pending = -1;
      this.addField(GAJI);
      return false;
    }
    this.capture(seat, GAJI, target);
    this.gajiSeat = seat;
    this.gajiWith = target;
    this.gajiTransferred = false;
    return false;
  }

  // --- captures ---------------------------------------------------------------------------

  /** `played` captures `target` (−1: none) or, with `wholeMonth`, every field card of its month. */
  private capture(seat: number, played: number, target: number, wholeMonth = false): void {
    let takenLo = 0;
    let takenHi = 0;
    if (wholeMonth) {
      const bits = 15 << shiftOf(monthOf(played));
      if (played < 32) takenLo = this.fieldLo & bits;
      else takenHi = this.fieldHi & bits;
    } else if (target < 32) takenLo = 1 << target;
    else takenHi = 1 << (target - 32);
    this.fieldLo &= ~takenLo;
    this.fieldHi &= ~takenHi;
    this.captured[2 * seat] |= takenLo;
    this.captured[2 * seat + 1] |= takenHi;
    this.addCaptured(seat, played);
    if (this.transferPending() && this.sideOfSeat[seat] !== this.sideOfSeat[this.gajiSeat])
      this.transferFrom(seat, played, takenLo, takenHi);
  }

  /** Under `gajiClaim: transfer`: the best point card of the claimed month among those captured passes to the Gaji's user. */
  private transferFrom(seat: number, played: number, takenLo: number, takenHi: number): void {
    const best = transferredCard(
      played < 32 ? takenLo | (1 << played) : takenLo,
      played < 32 ? takenHi : takenHi | (1 << (played - 32)),
      this.gajiWith,
    );
    if (best < 0) return;
    if (best < 32) this.captured[2 * seat] &= ~(1 << best);
    else this.captured[2 * seat + 1] &= ~(1 << (best - 32));
    this.addCaptured(this.gajiSeat, best);
    this.gajiTransferred = true;
  }

  /** Turns up the top card and plays it; returns whether a decision waits. */
  private drawCard(): boolean {
    const seat = this.toMove;
    const card = this.pile[this.pileTop++];
    if (this.transferPending() && isTransferable(card, this.gajiWith)) {
      this.addCaptured(this.gajiSeat, card);
      this.gajiTransferred = true;
      return false;
    }
    if (isWildGaji(card, false, this.drawnGajiWild)) return this.drawWild(seat, card);
    const month = monthOf(card);
    const nibble = monthNibble(this.fieldLo, this.fieldHi, month);
    const meeting = monthMeeting(nibble, month);
    if (meeting === CHOICE) return this.waitForTake(card);
    if (meeting === STAYS) this.addField(card);
    else this.land(seat, card, nibble);
    return false;
  }

  /** The drawn Gaji, wild under `gajiDrawnIsWild`: it meets the targets it may aim at (gaji.ts). */
  private drawWild(seat: number, card: number): boolean {
    const blocked = this.blockedMonths(seat);
    const lo = this.targetsLo(blocked);
    const hi = this.targetsHi(blocked);
    const meeting = wildMeeting(lo, hi);
    if (meeting === CHOICE) return this.waitForTake(card);
    if (meeting === STAYS) {
      this.addField(card);
      return false;
    }
    return this.wildCapture(seat, lo !== 0 ? lowestBit(lo) : 32 + lowestBit(hi), false);
  }

  /** A card that captures by its month without a choice (`nibble`: the field's cards of its month): one of two alike, or all. */
  private land(seat: number, card: number, nibble: number): void {
    if (POP4[nibble] === 2) this.capture(seat, card, (monthOf(card) - 1) * 4 + lowestBit(nibble));
    else this.capture(seat, card, -1, true);
  }

  private waitForTake(card: number): boolean {
    this.pending = card;
    this.pendingFromHand = false;
    this.phase = DRAW_CHOICE;
    return true;
  }

  // --- turns ------------------------------------------------------------------------------

  /** Starts the turn of `toMove`; returns whether a decision waits. */
  private startTurn(): boolean {
    this.gajiReturned = false;
    const seat = this.toMove;
    if (this.handCount[seat] > 0) {
      this.phase = HAND;
      return true;
    }
    if (this.pileTop < this.pileEnd) return this.drawCard();
    return false;
  }

  private roundIsOver(): boolean {
    return roundEnds(this.endOnEither, this.handsEmpty(), this.pileTop >= this.pileEnd);
  }

  private endTurn(): void {
    for (;;) {
      this.updateHikis();
      if (this.roundIsOver()) {
        this.finishRound();
        return;
      }
      this.toMove = (this.toMove + 1) % this.players;
      if (this.startTurn()) return;
    }
  }

  /** After a hand step comes the draw; after a draw step, the end of the turn. */
  private continueAfter(wait: boolean, fromHand: boolean): void {
    this.updateHikis();
    if (wait) return;
    if (fromHand && this.pileTop < this.pileEnd && this.drawCard()) return;
    this.endTurn();
  }

  /** The end-of-round claim, then each side's score (docs/rules.md 3.6, 3.8). */
  private finishRound(): void {
    this.phase = OVER;
    this.pending = -1;
    if (this.gajiSeat >= 0) {
      const claimed = this.scratch;
      claimedLeftovers(this.gajiClaim, this.gajiWith, this.fieldLo, this.fieldHi, claimed);
      this.captured[2 * this.gajiSeat] |= claimed[0];
      this.captured[2 * this.gajiSeat + 1] |= claimed[1];
      this.fieldLo &= ~claimed[0];
      this.fieldHi &= ~claimed[1];
    }
    const piles = this.sidePiles;
    for (let k = 0; k < piles.length; k++) piles[k] = 0;
    for (let seat = 0; seat < this.players; seat++) {
      piles[2 * this.sideOfSeat[seat]] |= this.captured[2 * seat];
      piles[2 * this.sideOfSeat[seat] + 1] |= this.captured[2 * seat + 1];
    }
    scorePiles(piles, this.yakuOn, this.sideYaku, this.scores);
  }

  // --- decisions --------------------------------------------------------------------------

  /** Plays uniformly random legal moves to the round's end; returns the scores per side (see FastTable's). */
  randomPlayout(rng: FastRng, buffer: Int32Array = this.buffer): Int32Array {
    while (this.phase !== OVER) {
      const n = this.legalMoves(buffer);
      this.play(buffer[n === 1 ? 0 : rng.pick(n)]);
    }
    return this.scores;
  }

  /** Writes the legal moves of the seat to move into `out`; returns how many. */
  legalMoves(out: Int32Array): number {
    const seat = this.toMove;
    let n = 0;
    switch (this.phase) {
      case HAND: {
        // One card of each pair of interchangeable chaff (moves.ts); not a Gaji gone back this turn.
        let lo = distinctLo(this.hands[2 * seat]);
        let hi = distinctHi(this.hands[2 * seat + 1]);
        if (this.gajiReturned) hi &= ~(1 << (GAJI - 32));
        for (; lo !== 0; lo &= lo - 1) n = this.handMoves(seat, lowestBit(lo), out, n);
        for (; hi !== 0; hi &= hi - 1) n = this.handMoves(seat, 32 + lowestBit(hi), out, n);
        let months = this.hikiMonths;
        while (months !== 0) {
          const m = lowestBit(months) + 1;
          months &= months - 1;
          if (this.hikiOwner[m] === seat) out[n++] = simpleMove(HIKI, m);
        }
        return n;
      }
      case DRAW_CHOICE: {
        const card = this.pending;
        if (isWildGaji(card, false, this.drawnGajiWild)) return this.targetMoves(seat, out, 0);
        const nibble = monthNibble(this.fieldLo, this.fieldHi, monthOf(card));
        return pushNibble(out, 0, TAKE << 12, monthOf(card), nibble);
      }
      case GAJI_TARGET:
        n = this.targetMoves(seat, out, 0);
        out[n++] = simpleMove(LEAVE);
        if (this.canReturnGaji()) out[n++] = simpleMove(RETURN);
        return n;
      default:
        return 0;
    }
  }

  private targetMoves(seat: number, out: Int32Array, n: number): number {
    const blocked = this.blockedMonths(seat);
    return PileTable.pushTargets(
      distinctLo(this.targetsLo(blocked)),
      distinctHi(this.targetsHi(blocked)),
      out,
      n,
      TAKE << 12,
      0,
    );
  }

  private handMoves(seat: number, card: number, out: Int32Array, n: number): number {
    if (card === GAJI) return this.gajiPlays(seat, out, n);
    const month = monthOf(card);
    const nibble = monthNibble(this.fieldLo, this.fieldHi, month);
    if (monthMeeting(nibble, month) !== CHOICE) {
      out[n++] = playMove(card);
      return n;
    }
    return pushNibble(out, n, (PLAY << 12) | card, month, nibble, 6);
  }

  /** The plays of the Gaji from the hand: wild, one per target it may aim at when it has a choice. */
  private gajiPlays(seat: number, out: Int32Array, n: number): number {
    const blocked = this.blockedMonths(seat);
    const lo = this.targetsLo(blocked);
    const hi = this.targetsHi(blocked);
    if (wildMeeting(lo, hi) !== CHOICE) {
      out[n] = playMove(GAJI);
      return n + 1;
    }
    return PileTable.pushTargets(distinctLo(lo), distinctHi(hi), out, n, (PLAY << 12) | GAJI, 6);
  }

  /** Applies a legal move. */
  play(move: number): void {
    const seat = this.toMove;
    switch (moveKind(move)) {
      case PLAY:
        this.playFromHand(seat, playedCard(move), playTake(move));
        return;
      case HIKI:
        this.gatherMonth(seat, movePayload(move));
        this.continueAfter(false, true);
        return;
      case TAKE: {
        const target = movePayload(move);
        const card = this.pending;
        const fromHand = this.pendingFromHand;
        this.pending = -1;
        const wild = isWildGaji(card, fromHand, this.drawnGajiWild);
        let wait = false;
        if (wild) wait = this.wildCapture(seat, target, fromHand);
        else this.capture(seat, card, target);
        this.continueAfter(wait, fromHand);
        return;
      }
      case LEAVE: {
        const fromHand = this.pendingFromHand;
        this.pending = -1;
        this.addField(GAJI);
        this.continueAfter(false, fromHand);
        return;
      }
      case RETURN:
        this.pending = -1;
        this.addHand(seat, GAJI);
        this.gajiReturned = true;
        this.phase = HAND;
        return;
    }
  }

  private playFromHand(seat: number, card: number, take: number): void {
    this.removeHand(seat, card);
    let wait = false;
    if (card === GAJI) {
      let target = take;
      if (target < 0) {
        const blocked = this.blockedMonths(seat);
        const lo = this.targetsLo(blocked);
        const hi = this.targetsHi(blocked);
        target = lo !== 0 ? lowestBit(lo) : hi !== 0 ? 32 + lowestBit(hi) : -1;
      }
      if (target < 0) this.addField(card);
      else wait = this.wildCapture(seat, target, true);
    } else if (take >= 0) this.capture(seat, card, take);
    else {
      const nibble = monthNibble(this.fieldLo, this.fieldHi, monthOf(card));
      if (nibble === 0) this.addField(card);
      else if (POP4[nibble] === 2) this.capture(seat, card, (monthOf(card) - 1) * 4 + lowestBit(nibble));
      else this.capture(seat, card, -1, true);
    }
    this.continueAfter(wait, true);
  }

  /** The public action of a move for the seat to move. */
  toAction(move: number): Action {
    return commonAction(this.toMove, move)!;
  }
}

/** One move per card of a month's nibble, the card in the payload at `at` (0: a take, 6: a play's take + 1). */
function pushNibble(out: Int32Array, n: number, base: number, month: number, nibble: number, at = 0): number {
  while (nibble !== 0) {
    const c = (month - 1) * 4 + lowestBit(nibble);
    nibble &= nibble - 1;
    out[n++] = base | ((at === 0 ? c : c + 1) << at);
  }
  return n;
}
