/**
 * Koi-Koi's search fast path: the rules of games/koikoi (docs/rules.md §4, every option) on a
 * mutable, allocation-free simulator (see table.ts, moves.ts). The yaku total is a few
 * popcounts over masks built from koikoi/tables.ts. `play` trusts its move to be legal.
 */
import type { Action } from '../core/actions.js';
import { GAJI, STANDARD_DECK, monthOf } from '../core/cards.js';
import type { KoiKoiOptions } from '../games/koikoi/options.js';
import { roundMonth } from '../games/koikoi/yaku.js';
import type { KoiKoiState } from '../games/koikoi/state.js';
import {
  ANIMALS,
  BLUE,
  BRIGHTS,
  CHAFF,
  CURTAIN,
  DEALER_ONE_POINTS,
  HAND_CHECK_POINTS,
  INOSHIKACHO,
  LIGHTNING,
  MOON,
  OYAKEN_POINTS,
  POETRY,
  RAINMAN,
  RIBBONS,
  SAKE,
  type KoiKoiYakuId,
  yakuDef,
} from '../games/koikoi/tables.js';
import { LOW_VIEWING } from '../games/koikoi/yaku.js';
import { multiplied } from '../games/koikoi/scoring.js';
import { POP4, TWIN_NIBBLE, distinctHi, distinctLo, fullMonths, lowestBit, maskOf, monthNibble, popcount } from './bits.js';
import { KOIKOI, PLAY, SHOBU, TAKE, commonAction, moveKind, movePayload, playMove, playTake, playedCard, simpleMove } from './moves.js';
import type { FastRng } from './rng.js';
import { PileTable } from './pile-table.js';
import { shiftOf } from './table.js';

const HAND = 0;
const DRAW_CHOICE = 1;
const DECIDE = 2;
const OVER = 3;

const [BRIGHT_LO, BRIGHT_HI] = maskOf(BRIGHTS);
const [ANIMAL_LO, ANIMAL_HI] = maskOf(ANIMALS.filter((c) => c !== SAKE));
const [ISC_LO, ISC_HI] = maskOf(INOSHIKACHO);
const [RIBBON_LO, RIBBON_HI] = maskOf(RIBBONS);
const [POETRY_LO, POETRY_HI] = maskOf(POETRY);
const [BLUE_LO, BLUE_HI] = maskOf(BLUE);
const [CHAFF_LO, CHAFF_HI] = maskOf(CHAFF);

/** A yaku's table points and its "+1 per extra" minimum (0: none). */
const def = (id: KoiKoiYakuId) => yakuDef(id);
/** Points of a yaku with extras, as `[points − minimum]`: add the count of its family. */
const base = (id: KoiKoiYakuId): number => def(id).points - def(id).minimum;
const ISC_BASE = base('inoshikacho');
const TANE_BASE = base('tane');
const AKA_AO_BASE = base('akatan-aotan');
const AKATAN_BASE = base('akatan');
const AOTAN_BASE = base('aotan');
const TANZAKU_BASE = base('tanzaku');
const KASU_BASE = base('kasu');
const GOKO = def('goko').points;
const SHIKO = def('shiko').points;
const AME_SHIKO = def('ame-shiko').points;
const ISC = def('inoshikacho').points;
const AKA_AO = def('akatan-aotan').points;
const AKATAN = def('akatan').points;
const AOTAN = def('aotan').points;
const TANE_MIN = def('tane').minimum;
const TANZAKU_MIN = def('tanzaku').minimum;
const KASU_MIN = def('kasu').minimum;
const TSUKIMI = def('tsukimi').points;
const HANAMI = def('hanami').points;
const BOTH_VIEWING = def('tsukimi-hanami').points;
const TSUKIFUDA = def('tsukifuda').points;

const has = (lo: number, hi: number, c: number): boolean => ((c < 32 ? lo >>> c : hi >>> (c - 32)) & 1) === 1;

/** Whether every month's count in a set is even (four of a month counts as two pairs). */
const allPairs = (lo: number, hi: number): boolean => (parities(lo) & 0x11111111) === 0 && (parities(hi) & 0x1111) === 0;
function parities(x: number): number {
  x ^= x >>> 1;
  return x ^ (x >>> 2);
}

export const KOIKOI_MAX_MOVES = 32;

export class KoiKoiFast extends PileTable {
  private readonly sakeCup: number;
  private readonly viewing: number;
  private readonly viewingBoth: boolean;
  private readonly viewingSpoiled: boolean;
  private readonly tsukiFuda: boolean;
  private readonly gaji: boolean;
  private readonly drawnGajiWild: boolean;
  private readonly fourPairsRedeal: boolean;
  private readonly oyaKen: boolean;
  private readonly sanko: number;
  private readonly setExtras: boolean;
  private readonly ribbonSetsAdd: boolean;
  private readonly lowViewing: boolean;
  private readonly callOnce: boolean;
  private readonly lastTurnKoiKoi: boolean;
  private readonly teshiRedeals: boolean;
  private readonly kuttsuki: boolean;
  /** handsOut: 0 higher-total, 1 dealer-one, 2 no-game. */
  private readonly handsOut: number;

  phase = OVER;
  pending = -1;
  /** The round number (tsukiFuda's month). */
  round = 1;
  readonly koikoi = new Int32Array(2);
  readonly lastTotal = new Int32Array(2);
  private readonly deck = new Int8Array(48);
  /** The deal's three destinations (non-dealer, field, dealer) as lo, hi words. */
  private readonly packets = new Int32Array(6);
  private readonly buffer = new Int32Array(KOIKOI_MAX_MOVES);

  constructor(private readonly options: KoiKoiOptions) {
    super(2, 2);
    this.sakeCup = ['either', 'animal', 'both'].indexOf(options.sakeCup);
    this.viewing = ['on', 'off', 'with-other-yaku'].indexOf(options.viewing);
    this.viewingBoth = options.viewingBoth;
    this.viewingSpoiled = options.viewingSpoiled;
    this.tsukiFuda = options.tsukiFuda;
    this.gaji = options.gaji;
    this.drawnGajiWild = options.gajiDrawnIsWild;
    this.fourPairsRedeal = options.fourPairsRedeal;
    this.oyaKen = options.oyaKen;
    this.sanko = options.sankoPoints;
    this.setExtras = options.setExtras;
    this.ribbonSetsAdd = options.akatanAotan === 'adds';
    this.lowViewing = options.viewingPoints === 'one-or-three';
    this.callOnce = options.koiKoiCalls === 'once';
    this.lastTurnKoiKoi = options.lastTurnKoiKoi;
    this.teshiRedeals = options.teshi === 'redeal';
    this.kuttsuki = options.kuttsuki;
    this.handsOut = ['higher-total', 'dealer-one', 'no-game'].indexOf(options.handsOut);
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
    this.phase = s.phase === 'hand' ? HAND : s.phase === 'draw-choice' ? DRAW_CHOICE : s.phase === 'decide' ? DECIDE : OVER;
    this.pending = s.pending ?? -1;
    this.koikoi.set(s.koikoi);
    this.lastTotal.set(s.lastTotal);
    this.rng.setState(s.rng);
    this.scores.fill(0);
    const last = s.results[s.results.length - 1];
    if (this.phase === OVER && last) this.scores.set(last.scores);
  }

  copyFrom(o: KoiKoiFast): void {
    this.copyPile(o);
    this.phase = o.phase;
    this.pending = o.pending;
    this.round = o.round;
    this.koikoi.set(o.koikoi);
    this.lastTotal.set(o.lastTotal);
  }

  get over(): boolean {
    return this.phase === OVER;
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
      fullMonths(this.fieldLo, this.fieldHi) !== 0 ||
      (this.fourPairsRedeal && allPairs(this.fieldLo, this.fieldHi)) ||
      (this.teshiRedeals && (fullMonths(this.hands[0], this.hands[1]) !== 0 || fullMonths(this.hands[2], this.hands[3]) !== 0))
    );
    this.handCount[0] = 8;
    this.handCount[1] = 8;
    this.inHands = 16;
    this.setPile(deck, 24, 24);
    this.handChecks();
  }

  /** Teshi (unless it redeals) or kuttsuki (if on) (docs/rules.md 4.1): 6 points and the round ends; both: the dealer's. */
  private handChecks(): void {
    const a = this.teshiOrKuttsuki(0);
    const b = this.teshiOrKuttsuki(1);
    if (!a && !b) return;
    const winner = a && b ? this.dealer : a ? 0 : 1;
    this.scores[winner] = HAND_CHECK_POINTS;
    this.phase = OVER;
  }

  private teshiOrKuttsuki(seat: number): boolean {
    const lo = this.hands[2 * seat];
    const hi = this.hands[2 * seat + 1];
    return fullMonths(lo, hi) !== 0 || (this.kuttsuki && this.handCount[seat] === 8 && allPairs(lo, hi));
  }

  // --- yaku (docs/rules.md 4.3) ----------------------------------------------------------------

  /** What `seat` scores if the round ends by its Shobu now: its total with the multipliers. */
  shobuScore(seat: number): number {
    return multiplied(this.yakuTotal(seat), this.koikoi[1 - seat] > 0, this.options, this.koikoi[seat]);
  }

  /** The seat's yaku total, as `yakuOf(...).total`. */
  yakuTotal(seat: number): number {
    const lo = this.captured[2 * seat];
    const hi = this.captured[2 * seat + 1];
    const sake = has(lo, hi, SAKE);
    const called = this.koikoi[seat] > 0;
    if (this.sakeCup === 1 || !sake) return this.evaluate(lo, hi, sake, false, called);
    if (this.sakeCup === 2) return this.evaluate(lo, hi, true, true, called);
    const asAnimal = this.evaluate(lo, hi, true, false, called);
    const asChaff = this.evaluate(lo, hi, false, true, called);
    return asChaff > asAnimal ? asChaff : asAnimal;
  }

  private evaluate(lo: number, hi: number, sakeAnimal: boolean, sakeChaff: boolean, called: boolean): number {
    let total = 0;
    let others = 0;
    const brights = popcount(lo & BRIGHT_LO) + popcount(hi & BRIGHT_HI);
    const rain = has(lo, hi, RAINMAN);
    const bright = brights === 5 ? GOKO : brights === 4 ? (rain ? AME_SHIKO : SHIKO) : brights === 3 && !rain ? this.sanko : 0;
    if (bright > 0) {
      total += bright;
      others++;
    }
    const animals = popcount(lo & ANIMAL_LO) + popcount(hi & ANIMAL_HI) + (sakeAnimal ? 1 : 0);
    if ((lo & ISC_LO) === ISC_LO && (hi & ISC_HI) === ISC_HI) {
      total += this.setExtras ? ISC_BASE + animals : ISC;
      others++;
    }
    if (animals >= TANE_MIN) {
      total += TANE_BASE + animals;
      others++;
    }
    const ribbons = popcount(lo & RIBBON_LO) + popcount(hi & RIBBON_HI);
    const aka = (lo & POETRY_LO) === POETRY_LO && (hi & POETRY_HI) === POETRY_HI;
    const ao = (lo & BLUE_LO) === BLUE_LO && (hi & BLUE_HI) === BLUE_HI;
    const extras = this.setExtras;
    if (aka && ao) {
      total += extras ? AKA_AO_BASE + ribbons : AKA_AO;
      others++;
      if (this.ribbonSetsAdd) total += extras ? AKATAN_BASE + AOTAN_BASE + 2 * ribbons : AKATAN + AOTAN;
    } else if (aka) {
      total += extras ? AKATAN_BASE + ribbons : AKATAN;
      others++;
    } else if (ao) {
      total += extras ? AOTAN_BASE + ribbons : AOTAN;
      others++;
    }
    if (ribbons >= TANZAKU_MIN) {
      total += TANZAKU_BASE + ribbons;
      others++;
    }
    const chaff = popcount(lo & CHAFF_LO) + popcount(hi & CHAFF_HI) + (sakeChaff ? 1 : 0);
    if (chaff >= KASU_MIN) {
      total += KASU_BASE + chaff;
      others++;
    }
    if (this.tsukiFuda && monthNibble(lo, hi, roundMonth(this.round)) === 15) {
      total += TSUKIFUDA;
      others++;
    }
    if (this.viewing === 1 || !has(lo, hi, SAKE)) return total;
    if (this.viewingSpoiled && (rain || has(lo, hi, LIGHTNING))) return total;
    if (this.viewing === 2 && others === 0) return total;
    const moon = has(lo, hi, MOON);
    const curtain = has(lo, hi, CURTAIN);
    const low = called ? LOW_VIEWING.after : LOW_VIEWING.before;
    if (this.viewingBoth && moon && curtain) return total + (this.lowViewing ? 2 * low : BOTH_VIEWING);
    return total + (moon ? (this.lowViewing ? low : TSUKIMI) : 0) + (curtain ? (this.lowViewing ? low : HANAMI) : 0);
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
    const month = monthOf(card);
    const nibble = monthNibble(this.fieldLo, this.fieldHi, month);
    const n = popcount(nibble);
    if (n === 0) this.addField(card);
    else if (n === 2) this.captureOne(seat, card, (month - 1) * 4 + lowestBit(nibble));
    else {
      const bits = nibble << shiftOf(month);
      if (month <= 8) this.fieldLo &= ~bits;
      else this.fieldHi &= ~bits;
      this.captured[2 * seat + (month <= 8 ? 0 : 1)] |= bits;
      this.addCaptured(seat, card);
    }
  }

  /** How many distinct captures a card has: 0 stays, 1 automatic, more a choice. */
  private choices(card: number, fromHand: boolean): number {
    if (this.isWild(card, fromHand)) return popcount(distinctLo(this.fieldLo)) + popcount(distinctHi(this.fieldHi));
    const month = (card >> 2) + 1;
    const nibble = monthNibble(this.fieldLo, this.fieldHi, month);
    const n = POP4[nibble];
    if (n !== 2) return n === 0 ? 0 : 1;
    return nibble === TWIN_NIBBLE[month] ? 1 : 2;
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
    const reference = this.koikoi[seat] > 0 ? this.lastTotal[seat] : 0;
    if (this.yakuTotal(seat) > reference) {
      // No choice on a last turn (lastTurnKoiKoi off) or after the one call (koiKoiCalls once): the rise wins.
      if ((!this.lastTurnKoiKoi && this.handCount[seat] === 0) || (this.callOnce && this.koikoi[seat] > 0)) this.endPlay(true);
      else this.phase = DECIDE;
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
    if (this.handsOut === 1) {
      this.scores[this.dealer] = DEALER_ONE_POINTS;
      return;
    }
    if (this.handsOut === 2) return;
    const t0 = this.yakuTotal(0);
    const t1 = this.yakuTotal(1);
    let winner: number;
    if (t0 === 0 && t1 === 0) {
      if (this.oyaKen) this.scores[this.dealer] = OYAKEN_POINTS;
      return;
    } else {
      const opponent = 1 - this.dealer;
      winner = (opponent === 0 ? t0 : t1) > (opponent === 0 ? t1 : t0) ? opponent : this.dealer;
    }
    this.scores[winner] = multiplied(winner === 0 ? t0 : t1, this.koikoi[1 - winner] > 0, this.options, this.koikoi[winner]);
  }

  legalMoves(out: Int32Array): number {
    switch (this.phase) {
      case HAND:
        return this.handPlays(this.toMove, out, 0, 0);
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

  protected handMoves(_seat: number, card: number, out: Int32Array, n: number): number {
    if (this.choices(card, true) <= 1) {
      out[n] = playMove(card);
      return n + 1;
    }
    return this.targets(card, true, out, n, (PLAY << 12) | card, 6);
  }

  /** One move per distinct capture of `card`, the target at bit `at` (0: a take, 6: a play's take + 1). */
  private targets(card: number, fromHand: boolean, out: Int32Array, n: number, base: number, at: number): number {
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

  randomPlayout(rng: FastRng, buffer: Int32Array = this.buffer): Int32Array {
    while (this.phase !== OVER) {
      const n = this.legalMoves(buffer);
      this.play(buffer[n === 1 ? 0 : rng.pick(n)]);
    }
    return this.scores;
  }

  toAction(move: number): Action {
    return commonAction(this.toMove, move)!;
  }
}
