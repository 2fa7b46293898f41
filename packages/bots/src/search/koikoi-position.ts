/**
 * A Koi-Koi position as a learned model's inputs, from one seat's side, read off the fast
 * simulator (so that a search's sampled worlds and the training's self-play are read by the
 * same code). The first `VIEW_INPUTS` are what the seat's view shows; the `ORACLE_INPUTS`
 * after them are what it hides (the opponent's hand, which cards each seat will draw, and the
 * margin the search's rollout policy plays the round to from there, every card known): the
 * oracle's inputs, which a student model learns to do without (`scale` fades them out).
 */
import type { KoiKoiFast } from '@hanafuda/engine/fast';

const CARDS = 48;
/** The view's scalars: cards left to draw, hand sizes, Koi-Koi calls, yaku totals, who moves, who deals. */
const SCALARS = 9;
/** Own hand, field, own captures, the opponent's captures (48 each), then the scalars. */
export const VIEW_INPUTS = 4 * CARDS + SCALARS;
/** The opponent's hand, the cards the seat will draw, the cards the opponent will draw; the rollout's margin. */
export const ORACLE_INPUTS = 3 * CARDS + 1;
/** Where the rollout's margin goes (`setRolloutMargin`), in tens of points. */
const ROLLOUT = VIEW_INPUTS + 3 * CARDS;
export const POSITION_INPUTS = VIEW_INPUTS + ORACLE_INPUTS;

/** Writes the 48 cards of a two-word bitset (card c is bit c of lo for c < 32, bit c − 32 of hi) as 0/1 from `at`, times `scale`. */
function writeBits(out: Float64Array, at: number, lo: number, hi: number, scale: number): void {
  for (let c = 0; c < 32; c++) out[at + c] = ((lo >>> c) & 1) * scale;
  for (let c = 32; c < CARDS; c++) out[at + c] = ((hi >>> (c - 32)) & 1) * scale;
}

/**
 * What `seat`'s view of `sim` shows, into out[0 .. VIEW_INPUTS): it reads nothing the view
 * hides, so any deal of the hidden cards consistent with the view gives the same inputs.
 */
export function encodeView(sim: KoiKoiFast, seat: number, out: Float64Array): Float64Array {
  const they = 1 - seat;
  writeBits(out, 0, sim.hands[2 * seat], sim.hands[2 * seat + 1], 1);
  writeBits(out, CARDS, sim.fieldLo, sim.fieldHi, 1);
  writeBits(out, 2 * CARDS, sim.captured[2 * seat], sim.captured[2 * seat + 1], 1);
  writeBits(out, 3 * CARDS, sim.captured[2 * they], sim.captured[2 * they + 1], 1);
  // Each hand play is followed by a draw: the cards still to draw are the hands' cards.
  const draws = sim.handCount[0] + sim.handCount[1];
  let s = 4 * CARDS;
  out[s++] = draws / 16;
  out[s++] = sim.handCount[seat] / 8;
  out[s++] = sim.handCount[they] / 8;
  out[s++] = sim.koikoi[seat];
  out[s++] = sim.koikoi[they];
  out[s++] = sim.yakuTotal(seat) / 10;
  out[s++] = sim.yakuTotal(they) / 10;
  out[s++] = sim.toMove === seat ? 1 : 0;
  out[s++] = sim.dealer === seat ? 1 : 0;
  return out;
}

/** Whether encoded view `input` shows card `c` (in the seat's hand, on the field, or captured). */
export const viewShows = (input: ArrayLike<number>, c: number): boolean =>
  input[c] !== 0 || input[CARDS + c] !== 0 || input[2 * CARDS + c] !== 0 || input[3 * CARDS + c] !== 0;

/** The cards encoded view `input` does not show: those the opponent's hand and the pile share. */
export function unseenInView(input: ArrayLike<number>): number {
  let unseen = 0;
  for (let c = 0; c < CARDS; c++) if (!viewShows(input, c)) unseen++;
  return unseen;
}

/**
 * The position of `sim` seen by `seat`, into `out` (POSITION_INPUTS long): the view's inputs,
 * then the hidden cards' times `scale` (1: the oracle's position; 0: the view's alone). Read
 * before a hand play (`awaitsHandPlay`), where the seat to move draws the next card. The
 * rollout's margin is 0 until `setRolloutMargin` writes it (the rollout runs after the read).
 */
export function encodePosition(sim: KoiKoiFast, seat: number, out: Float64Array, scale = 1): Float64Array {
  const they = 1 - seat;
  encodeView(sim, seat, out);
  const draws = sim.handCount[0] + sim.handCount[1];
  writeBits(out, VIEW_INPUTS, sim.hands[2 * they], sim.hands[2 * they + 1], scale);
  const mine = VIEW_INPUTS + CARDS;
  const theirs = mine + CARDS;
  out.fill(0, mine, ROLLOUT + 1);
  // The seat to move draws next, then the other, in turn, one card a turn.
  for (let k = 0; k < draws && sim.pileTop + k < sim.pileEnd; k++) {
    const drawer = k % 2 === 0 ? sim.toMove : 1 - sim.toMove;
    out[(drawer === seat ? mine : theirs) + sim.pile[sim.pileTop + k]] = scale;
  }
  return out;
}

/** Writes into an encoded position the margin the rollout policy played its round to for the seat, times the hidden inputs' `scale`. */
export function setRolloutMargin(out: Float64Array, margin: number, scale = 1): void {
  out[ROLLOUT] = (margin / 10) * scale;
}
