/**
 * What every fast simulator shares: per-seat hands and captures and the field as bitsets
 * (bits.ts), the card moves between them, the scores and the deal RNG. Subclasses add
 * their game's pile, phases and rules.
 */
import { monthMeeting } from '../core/matching.js';
import { POP4, lowestBit, maskOf, monthNibble } from './bits.js';
import type { RngState } from '../core/rng.js';
import { FastRng } from './rng.js';

/** The shift of month m's nibble inside its word. */
export const shiftOf = (month: number): number => ((month - 1) & 7) << 2;

export abstract class FastTable {
  readonly players: number;
  /** Per seat, lo and hi words. */
  readonly hands: Int32Array;
  readonly handCount: Int8Array;
  /** Cards in all hands together (kept with handCount: the round-end test reads it every turn). */
  inHands = 0;
  readonly captured: Int32Array;
  fieldLo = 0;
  fieldHi = 0;
  dealer = 0;
  toMove = 0;
  /** Per side (or seat), the round's score once the round is over. */
  readonly scores: Int32Array;
  /** The deal's RNG (the engine's sfc32 state): a new deal shuffles from it. */
  readonly rng = new FastRng();
  /** What the game waits for: one of its own phase numbers, `overPhase` once the round is over. */
  phase: number;
  /** The card awaiting a take (a drawn card, or Sakura's blocked Gaji), −1 if none. */
  pending = -1;
  private readonly overPhase: number;
  /** The moves buffer of `randomPlayout` when none is given. */
  protected readonly buffer: Int32Array;

  constructor(players: number, sides: number, overPhase: number, maxMoves: number) {
    this.players = players;
    this.hands = new Int32Array(2 * players);
    this.handCount = new Int8Array(players);
    this.captured = new Int32Array(2 * players);
    this.scores = new Int32Array(sides);
    this.overPhase = overPhase;
    this.phase = overPhase;
    this.buffer = new Int32Array(maxMoves);
  }

  get over(): boolean {
    return this.phase === this.overPhase;
  }

  /** Writes the legal moves of the seat to move into `out`; returns how many. */
  abstract legalMoves(out: Int32Array): number;

  /** Plays a move `legalMoves` gave. */
  abstract play(move: number): void;

  /**
   * Plays uniformly random legal moves to the round's end; returns the scores. Each game writes
   * this loop itself: one loop here would call `legalMoves` and `play` of all three games from
   * one place in a process that searches them all (the server's search pool, `npm run bench`),
   * and V8 stops inlining such calls (Nara's random rounds were 30% slower so).
   */
  abstract randomPlayout(rng: FastRng, buffer?: Int32Array): Int32Array;

  /** The end of a load: the deal's RNG, and the scores of a round already over (`lastScores`). */
  protected loadRound(rng: RngState, lastScores: readonly number[] | undefined): void {
    this.rng.setState(rng);
    this.scores.fill(0);
    if (this.phase === this.overPhase && lastScores !== undefined) this.scores.set(lastScores);
  }

  protected copyTable(o: FastTable): void {
    this.hands.set(o.hands);
    this.handCount.set(o.handCount);
    this.captured.set(o.captured);
    this.fieldLo = o.fieldLo;
    this.fieldHi = o.fieldHi;
    this.inHands = o.inHands;
    this.dealer = o.dealer;
    this.toMove = o.toMove;
    this.phase = o.phase;
    this.pending = o.pending;
    this.scores.set(o.scores);
    this.rng.copyFrom(o.rng);
  }

  /** Loads public card lists: hands, field, captures. */
  protected loadCards(
    hands: readonly (readonly number[])[],
    field: readonly number[],
    captured: readonly (readonly number[])[],
  ): void {
    this.inHands = 0;
    for (let seat = 0; seat < this.players; seat++) {
      const hand = hands[seat] ?? [];
      [this.hands[2 * seat], this.hands[2 * seat + 1]] = maskOf(hand);
      this.handCount[seat] = hand.length;
      this.inHands += hand.length;
      [this.captured[2 * seat], this.captured[2 * seat + 1]] = maskOf(captured[seat] ?? []);
    }
    [this.fieldLo, this.fieldHi] = maskOf(field);
  }

  /** Replaces a seat's hand with `cards[from .. from + count)`: a search writes a sampled hidden hand so. */
  setHand(seat: number, cards: Int8Array, from: number, count: number): void {
    FastTable.dealSet(cards, from, count, this.hands, 2 * seat);
    this.inHands += count - this.handCount[seat];
    this.handCount[seat] = count;
  }

  protected hasField(c: number): boolean {
    return c < 32 ? (this.fieldLo & (1 << c)) !== 0 : (this.fieldHi & (1 << (c - 32))) !== 0;
  }

  protected addField(c: number): void {
    if (c < 32) this.fieldLo |= 1 << c;
    else this.fieldHi |= 1 << (c - 32);
  }

  protected removeField(c: number): void {
    if (c < 32) this.fieldLo &= ~(1 << c);
    else this.fieldHi &= ~(1 << (c - 32));
  }

  protected addCaptured(seat: number, c: number): void {
    if (c < 32) this.captured[2 * seat] |= 1 << c;
    else this.captured[2 * seat + 1] |= 1 << (c - 32);
  }

  protected addHand(seat: number, c: number): void {
    if (c < 32) this.hands[2 * seat] |= 1 << c;
    else this.hands[2 * seat + 1] |= 1 << (c - 32);
    this.handCount[seat]++;
    this.inHands++;
  }

  protected removeHand(seat: number, c: number): void {
    if (c < 32) this.hands[2 * seat] &= ~(1 << c);
    else this.hands[2 * seat + 1] &= ~(1 << (c - 32));
    this.handCount[seat]--;
    this.inHands--;
  }

  /** Every field card of `month` goes to the seat's captures. */
  protected captureMonthFromField(seat: number, month: number): void {
    const bits = 15 << shiftOf(month);
    if (month <= 8) {
      this.captured[2 * seat] |= this.fieldLo & bits;
      this.fieldLo &= ~bits;
    } else {
      this.captured[2 * seat + 1] |= this.fieldHi & bits;
      this.fieldHi &= ~bits;
    }
  }

  /** How a card of `month` meets the field by the matching rule (core/matching.ts): STAYS, CAPTURES or CHOICE. */
  protected monthMeeting(month: number): number {
    return monthMeeting(monthNibble(this.fieldLo, this.fieldHi, month), month);
  }

  /**
   * A card that meets the field by its month without a choice lands (core/matching.ts): it
   * stays, captures the one card of its month (or the first of two alike), or the stack of three.
   */
  protected landByMonth(seat: number, card: number): void {
    const month = (card >> 2) + 1;
    const nibble = monthNibble(this.fieldLo, this.fieldHi, month);
    const n = POP4[nibble];
    if (n === 0) this.addField(card);
    else if (n === 3) {
      const bits = nibble << shiftOf(month);
      if (month <= 8) this.fieldLo &= ~bits;
      else this.fieldHi &= ~bits;
      this.captured[2 * seat + (month <= 8 ? 0 : 1)] |= bits;
      this.addCaptured(seat, card);
    } else this.captureOne(seat, card, (month - 1) * 4 + lowestBit(nibble));
  }

  /** `played` captures the field card `target` (it must be on the field). */
  protected captureOne(seat: number, played: number, target: number): void {
    this.removeField(target);
    this.addCaptured(seat, target);
    this.addCaptured(seat, played);
  }

  /** One move per card of the set (lo, hi): `base` with the card at bit `at` (0: a take's card; 6: a play's take + 1). */
  protected static pushTargets(
    lo: number,
    hi: number,
    out: Int32Array,
    n: number,
    base: number,
    at: number,
  ): number {
    // The card's field never overlaps `base`'s bits, so `|` is `+` and the offsets fold into it.
    const first = base + ((at === 0 ? 0 : 1) << at);
    for (; lo !== 0; lo &= lo - 1) out[n++] = first + (lowestBit(lo) << at);
    for (const high = first + (32 << at); hi !== 0; hi &= hi - 1) out[n++] = high + (lowestBit(hi) << at);
    return n;
  }

  protected handsEmpty(): boolean {
    return this.inHands === 0;
  }

  /** Deals `count` cards of `deck` from `from` into a set, as [lo, hi] written to `words` at `at`. */
  protected static dealSet(
    deck: Int8Array,
    from: number,
    count: number,
    words: Int32Array,
    at: number,
  ): void {
    let lo = 0;
    let hi = 0;
    for (let k = from; k < from + count; k++) {
      const c = deck[k];
      if (c < 32) lo |= 1 << c;
      else hi |= 1 << (c - 32);
    }
    words[at] = lo;
    words[at + 1] = hi;
  }
}
