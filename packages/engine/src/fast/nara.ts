/**
 * Nara Hana-awase's search fast path (docs/rules.md §5, every option) on a mutable,
 * allocation-free simulator (see table.ts, moves.ts): its state and flow (the shuffle, the
 * phases, the pile choice, turns). Every rule decision is games/nara's own function, called
 * on the simulator's masks: where the deal puts each card and the misdeal (deal.ts), the
 * dealer's takes of a three of a month (before-play.ts `threeTakes`), the blank dealt to the
 * field and its claim (blank.ts; wild as core/matching.ts `wildMeeting`), the redeal offer
 * (redeal.ts), the round's scoring (scoring.ts). `play` trusts its move to be legal.
 */
import type { Action } from '../core/actions.js';
import { BLANK, NARA_DECK, cardId, monthOf } from '../core/cards.js';
import type { NaraOptions } from '../games/nara/options.js';
import type { NaraState } from '../games/nara/state.js';
import { NO_REDEAL, redealReasonOf } from '../games/nara/redeal.js';
import { scoreCaptures } from '../games/nara/scoring.js';
import { CAPTURES, CHOICE, wildMeeting } from '../core/matching.js';
import { threeTakes } from '../games/nara/before-play.js';
import { blankClaimMonth, dealtBlankMeeting } from '../games/nara/blank.js';
import { DEAL_PLACES, PILE_CARDS, TO_FIELD, misdealMonth } from '../games/nara/deal.js';
import { PLAYERS, TURNS } from '../games/nara/tables.js';
import { distinctHi, distinctLo, lowestBit, monthNibble } from './bits.js';
import {
  DEALER_MONTHS,
  PILE,
  PLAY,
  REDEAL,
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
import { FastTable } from './table.js';

const DEALER_TAKE = 0;
const PILE_CHOICE = 1;
const REDEAL_OFFER = 2;
const HAND = 3;
const DRAW_CHOICE = 4;
const OVER = 5;

const PHASES = ['dealer-take', 'pile', 'redeal', 'hand', 'draw-choice', 'over'] as const;

/** Most three-of-a-months nine field cards can hold. */
const MAX_TAKES = 3;

export const NARA_MAX_MOVES = 64;

export class NaraFast extends FastTable {
  private readonly everyChaff: boolean;
  /** Each seat's two piles (top first, up to TURNS cards each) until the pile choice. */
  readonly piles = new Int8Array(PLAYERS * 2 * TURNS);
  readonly pileLength = new Int8Array(PLAYERS * 2);
  /** Per seat: the chosen pile (−1: not yet), its own draw pile (top first) and the next card's index. */
  readonly chosen = new Int8Array(PLAYERS);
  readonly draws = new Int8Array(PLAYERS * TURNS);
  readonly drawTop = new Int8Array(PLAYERS);
  readonly drawEnd = new Int8Array(PLAYERS);
  /** The seat after each seat in turn order (the draw's seating, NaraState.seating). */
  readonly right = Int8Array.from({ length: PLAYERS }, (_, seat) => (seat + 1) % PLAYERS);
  /** Seats (bits) whose first turn has begun. */
  started = 0;
  blankSeat = -1;
  /** The blank's capture, −1 when it was taken alone. */
  blankWith = -1;
  /** Three-of-a-months waiting for the dealer's choice: each one's month and its two [chaff, scoring] pairs. */
  takeCount = 0;
  readonly takeMonths = new Int8Array(MAX_TAKES);
  readonly takePairs = new Int8Array(MAX_TAKES * 4);
  blankTakePending = false;
  private readonly deck = new Int8Array(49);
  /** The seats from the dealer's right in turn order, for the deal. */
  private readonly order = new Int8Array(PLAYERS);

  constructor(options: NaraOptions) {
    super(PLAYERS, PLAYERS, OVER, NARA_MAX_MOVES);
    this.everyChaff = options.allChaff === 'every-chaff';
  }

  static fromState(s: NaraState): NaraFast {
    const fast = new NaraFast(s.options);
    fast.load(s);
    return fast;
  }

  load(s: NaraState): void {
    this.loadCards(s.hands, s.field, s.captured);
    for (let seat = 0; seat < PLAYERS; seat++) {
      for (let p = 0; p < 2; p++) {
        const pile = s.piles[seat]?.[p] ?? [];
        this.piles.set(pile, (2 * seat + p) * TURNS);
        this.pileLength[2 * seat + p] = pile.length;
      }
      this.chosen[seat] = s.chosen[seat] ?? -1;
      this.draws.set(s.draws[seat], seat * TURNS);
      this.drawTop[seat] = 0;
      this.drawEnd[seat] = s.draws[seat].length;
    }
    this.started = 0;
    s.started.forEach((started, seat) => (this.started |= started ? 1 << seat : 0));
    this.blankSeat = s.blank ? s.blank.seat : -1;
    this.blankWith = s.blank?.with ?? -1;
    this.takeCount = s.monthTakes.length;
    s.monthTakes.forEach((t, i) => {
      this.takeMonths[i] = t.month;
      this.takePairs.set([...t.pairs[0], ...t.pairs[1]], 4 * i);
    });
    this.blankTakePending = s.blankTakePending;
    this.dealer = s.dealer;
    s.seating.forEach((seat, i) => (this.right[seat] = s.seating[(i + 1) % PLAYERS]));
    this.toMove = s.toMove;
    this.phase = PHASES.indexOf(s.phase);
    this.pending = s.pending ?? -1;
    this.loadRound(s.rng, s.voided ? undefined : s.results.at(-1)?.scores);
  }

  copyFrom(o: NaraFast): void {
    this.copyTable(o);
    this.piles.set(o.piles);
    this.pileLength.set(o.pileLength);
    this.chosen.set(o.chosen);
    this.draws.set(o.draws);
    this.drawTop.set(o.drawTop);
    this.drawEnd.set(o.drawEnd);
    this.right.set(o.right);
    this.started = o.started;
    this.blankSeat = o.blankSeat;
    this.blankWith = o.blankWith;
    this.takeCount = o.takeCount;
    this.takeMonths.set(o.takeMonths);
    this.takePairs.set(o.takePairs);
    this.blankTakePending = o.blankTakePending;
  }

  /** Replaces a seat's draw pile with `cards[from .. from + count)`, drawn from the first (a sampled pile). */
  setDraws(seat: number, cards: Int8Array, from: number, count: number): void {
    for (let k = 0; k < count; k++) this.draws[seat * TURNS + k] = cards[from + k];
    this.drawTop[seat] = 0;
    this.drawEnd[seat] = count;
  }

  // --- the deal and before play (docs/rules.md 5.1, 5.2) ---------------------------------------

  /** Shuffles and deals for `dealer` from `this.rng` until a deal stands, as `startRound` does after seeding. */
  newRound(dealer: number): void {
    this.dealer = dealer;
    this.scores.fill(0);
    this.dealRound();
  }

  private dealRound(): void {
    do this.shuffleAndDeal();
    while (!this.afterDeal());
  }

  /** The cards go where DEAL_PLACES says (games/nara/deal.ts), the seats counted from the dealer's right. */
  private shuffleAndDeal(): void {
    const deck = this.deck;
    deck.set(NARA_DECK);
    this.rng.shuffle(deck, deck.length);
    const order = this.order;
    for (let i = 0, seat = this.right[this.dealer]; i < PLAYERS; i++, seat = this.right[seat])
      order[i] = seat;
    this.fieldLo = 0;
    this.fieldHi = 0;
    for (let k = 0; k < DEAL_PLACES.length; k++) {
      const place = DEAL_PLACES[k];
      if (place === TO_FIELD) this.addField(deck[k]);
      else this.piles[(2 * order[place >> 4] + ((place >> 3) & 1)) * TURNS + (place & 7)] = deck[k];
    }
    this.pileLength.fill(PILE_CARDS);
    this.hands.fill(0);
    this.handCount.fill(0);
    this.inHands = 0;
    this.captured.fill(0);
    this.chosen.fill(-1);
    this.drawTop.fill(0);
    this.drawEnd.fill(0);
    this.started = 0;
    this.blankSeat = -1;
    this.blankWith = -1;
    this.takeCount = 0;
    this.blankTakePending = false;
    this.pending = -1;
    this.toMove = this.dealer;
  }

  /** The misdeal check, the dealer's automatic takes; false on a misdeal. */
  private afterDeal(): boolean {
    if (misdealMonth(this.fieldLo, this.fieldHi) !== 0) return false;
    for (let month = 1; month <= 12; month++) {
      const takes = threeTakes(monthNibble(this.fieldLo, this.fieldHi, month), month);
      if (takes === 0) continue;
      const first = (month - 1) * 4;
      const chaff = takes & 15;
      const scoring = takes >>> 4;
      const chaff2 = chaff & (chaff - 1);
      const scoring2 = scoring & (scoring - 1);
      if (chaff2 === 0 && scoring2 === 0) {
        this.takePair(first + lowestBit(chaff), first + lowestBit(scoring));
        continue;
      }
      const at = 4 * this.takeCount;
      this.takeMonths[this.takeCount++] = month;
      this.takePairs[at] = first + lowestBit(chaff);
      this.takePairs[at + 1] = first + lowestBit(scoring);
      this.takePairs[at + 2] = first + lowestBit(chaff2 !== 0 ? chaff2 : chaff);
      this.takePairs[at + 3] = first + lowestBit(chaff2 !== 0 ? scoring : scoring2);
    }
    if (this.takeCount === 0) this.blankStep();
    this.settle();
    return true;
  }

  private takePair(a: number, b: number): void {
    this.removeField(a);
    this.removeField(b);
    this.addCaptured(this.dealer, a);
    this.addCaptured(this.dealer, b);
  }

  /** The blank on the field: taken at once when the dealer has no real choice, else the choice waits (games/nara/blank.ts). */
  private blankStep(): void {
    this.blankTakePending = false;
    if (!this.hasField(BLANK)) return;
    const meeting = dealtBlankMeeting(this.fieldLo, this.fieldHi);
    if (meeting === CHOICE) this.blankTakePending = true;
    else this.takeBlank(meeting === CAPTURES ? this.firstTarget() : -1);
  }

  /** The first field card but the blank, −1 if none: what the blank takes when it has no choice. */
  private firstTarget(): number {
    const hi = this.fieldHi & ~(1 << (BLANK - 32));
    return this.fieldLo !== 0 ? lowestBit(this.fieldLo) : hi !== 0 ? 32 + lowestBit(hi) : -1;
  }

  private takeBlank(target: number): void {
    this.removeField(BLANK);
    this.addCaptured(this.dealer, BLANK);
    if (target >= 0) {
      this.removeField(target);
      this.addCaptured(this.dealer, target);
    }
    this.blankSeat = this.dealer;
    this.blankWith = target;
    this.blankTakePending = false;
  }

  private settle(): void {
    this.toMove = this.dealer;
    this.phase = this.takeCount > 0 || this.blankTakePending ? DEALER_TAKE : PILE_CHOICE;
  }

  private choosePile(seat: number, pile: number): void {
    const from = (2 * seat + pile) * TURNS;
    const other = (2 * seat + 1 - pile) * TURNS;
    let lo = 0;
    let hi = 0;
    const handLength = this.pileLength[2 * seat + pile];
    for (let k = 0; k < handLength; k++) {
      const c = this.piles[from + k];
      if (c < 32) lo |= 1 << c;
      else hi |= 1 << (c - 32);
    }
    this.hands[2 * seat] = lo;
    this.hands[2 * seat + 1] = hi;
    this.handCount[seat] = handLength;
    this.inHands += handLength;
    const drawLength = this.pileLength[2 * seat + 1 - pile];
    for (let k = 0; k < drawLength; k++) this.draws[seat * TURNS + k] = this.piles[other + k];
    this.drawTop[seat] = 0;
    this.drawEnd[seat] = drawLength;
    this.pileLength[2 * seat] = 0;
    this.pileLength[2 * seat + 1] = 0;
    this.chosen[seat] = pile;
    for (let i = 0, next = this.dealer; i < PLAYERS; i++, next = this.right[next]) {
      if (this.chosen[next] < 0) {
        this.toMove = next;
        return;
      }
    }
    this.toMove = this.dealer;
    if (!this.startTurn()) this.endTurn();
  }

  /** A hand with no scoring card (the blank counts) or four of a month may ask for a redeal (games/nara/redeal.ts). */
  private mayRedeal(seat: number): boolean {
    return redealReasonOf(this.hands[2 * seat], this.hands[2 * seat + 1]) !== NO_REDEAL;
  }

  // --- play (docs/rules.md 5.3) ----------------------------------------------------------------

  /** How many distinct captures a card has on the field: 0 none, 1 automatic, more a choice. */
  private choices(card: number): number {
    if (card === BLANK) return wildMeeting(this.fieldLo, this.fieldHi);
    return this.monthMeeting(monthOf(card));
  }

  /** A card lands: it captures `take` (−1: what the field gives it), or stays; the blank never stays. */
  private land(seat: number, card: number, take: number): void {
    if (take < 0 && card !== BLANK) {
      this.landByMonth(seat, card);
      return;
    }
    if (take < 0) take = this.firstTarget();
    this.addCaptured(seat, card);
    if (take >= 0) {
      this.removeField(take);
      this.addCaptured(seat, take);
    }
    if (card === BLANK) {
      this.blankSeat = seat;
      this.blankWith = take;
    }
  }

  private drawCard(): boolean {
    const seat = this.toMove;
    const card = this.draws[seat * TURNS + this.drawTop[seat]++];
    if (this.choices(card) > 1) {
      this.pending = card;
      this.phase = DRAW_CHOICE;
      return true;
    }
    this.land(seat, card, -1);
    return false;
  }

  private startTurn(): boolean {
    const seat = this.toMove;
    if ((this.started & (1 << seat)) === 0) {
      this.started |= 1 << seat;
      if (this.mayRedeal(seat)) {
        this.phase = REDEAL_OFFER;
        return true;
      }
    }
    if (this.handCount[seat] > 0) {
      this.phase = HAND;
      return true;
    }
    if (this.drawTop[seat] < this.drawEnd[seat]) return this.drawCard();
    return false;
  }

  private roundIsOver(): boolean {
    if (!this.handsEmpty()) return false;
    for (let seat = 0; seat < PLAYERS; seat++) if (this.drawTop[seat] < this.drawEnd[seat]) return false;
    return true;
  }

  private endTurn(): void {
    for (;;) {
      if (this.roundIsOver()) {
        this.finishRound();
        return;
      }
      this.toMove = this.right[this.toMove];
      if (this.startTurn()) return;
    }
  }

  /** The blank's claim, then special hands or card scores and yaku payments (docs/rules.md 5.3, 5.4). */
  private finishRound(): void {
    this.phase = OVER;
    this.pending = -1;
    const claim = blankClaimMonth(this.blankWith);
    if (this.blankSeat >= 0 && claim !== 0) this.captureMonthFromField(this.blankSeat, claim);
    scoreCaptures(this.captured, this.everyChaff, this.scores);
  }

  // --- decisions --------------------------------------------------------------------------

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
    const seat = this.toMove;
    let n = 0;
    switch (this.phase) {
      case DEALER_TAKE:
        if (this.takeCount > 0) {
          for (let mask = 0; mask < 1 << this.takeCount; mask++) out[n++] = simpleMove(DEALER_MONTHS, mask);
          return n;
        }
        return this.fieldTargets(out, 0, TAKE << 12, 0, true);
      case PILE_CHOICE:
        out[0] = simpleMove(PILE, 0);
        out[1] = simpleMove(PILE, 1);
        return 2;
      case REDEAL_OFFER:
        out[0] = simpleMove(REDEAL, 1);
        out[1] = simpleMove(REDEAL, 0);
        return 2;
      case HAND:
        return this.handPlays(seat, out, 0);
      case DRAW_CHOICE:
        return this.cardTargets(this.pending, out, 0, TAKE << 12, 0);
      default:
        return 0;
    }
  }

  private handMoves(_seat: number, card: number, out: Int32Array, n: number): number {
    if (this.choices(card) <= 1) {
      out[n] = playMove(card);
      return n + 1;
    }
    return this.cardTargets(card, out, n, (PLAY << 12) | card, 6);
  }

  private cardTargets(card: number, out: Int32Array, n: number, base: number, at: number): number {
    if (card === BLANK) return this.fieldTargets(out, n, base, at, false);
    let nibble = monthNibble(this.fieldLo, this.fieldHi, monthOf(card));
    const first = (monthOf(card) - 1) * 4;
    while (nibble !== 0) {
      out[n++] = base | ((first + lowestBit(nibble) + (at === 0 ? 0 : 1)) << at);
      nibble &= nibble - 1;
    }
    return n;
  }

  /** One move per distinct field card (without the blank), the target at bit `at`. */
  private fieldTargets(out: Int32Array, n: number, base: number, at: number, skipBlank: boolean): number {
    const lo = distinctLo(this.fieldLo);
    const hi = distinctHi(skipBlank ? this.fieldHi & ~(1 << (BLANK - 32)) : this.fieldHi);
    return FastTable.pushTargets(lo, hi, out, n, base, at);
  }

  play(move: number): void {
    const seat = this.toMove;
    const payload = movePayload(move);
    switch (moveKind(move)) {
      case DEALER_MONTHS:
        for (let i = 0; i < this.takeCount; i++) {
          const at = 4 * i + ((payload >> i) & 1) * 2;
          this.takePair(this.takePairs[at], this.takePairs[at + 1]);
        }
        this.takeCount = 0;
        this.blankStep();
        this.settle();
        return;
      case TAKE:
        if (this.phase === DEALER_TAKE) {
          this.takeBlank(payload);
          this.settle();
          return;
        }
        this.land(seat, this.pending, payload);
        this.pending = -1;
        this.endTurn();
        return;
      case PILE:
        this.choosePile(seat, payload);
        return;
      case REDEAL:
        if (payload === 1) this.dealRound();
        else this.phase = HAND;
        return;
      case PLAY:
        this.removeHand(seat, playedCard(move));
        this.land(seat, playedCard(move), playTake(move));
        if (this.drawTop[seat] < this.drawEnd[seat] && this.drawCard()) return;
        this.endTurn();
        return;
    }
  }

  toAction(move: number): Action {
    const seat = this.toMove;
    const payload = movePayload(move);
    if (moveKind(move) === DEALER_MONTHS) {
      const cards: string[] = [];
      for (let i = 0; i < this.takeCount; i++) {
        const at = 4 * i + ((payload >> i) & 1) * 2;
        cards.push(cardId(this.takePairs[at]), cardId(this.takePairs[at + 1]));
      }
      return { seat, dealerTake: cards };
    }
    if (moveKind(move) === TAKE && this.phase === DEALER_TAKE)
      return { seat, dealerTake: [cardId(BLANK), cardId(payload)] };
    return commonAction(seat, move)!;
  }
}
