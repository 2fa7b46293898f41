/**
 * Koi-Koi's learned belief (packages/bots search/koikoi-belief.ts): from a seat's view and
 * the opponent's plays this round, the chance of each card being in the opponent's hand, a
 * sigmoid per card trained by cross-entropy against the hand the self-play dealt. Its
 * positions are the seat to move's hand decisions once the opponent has played (before that,
 * the deal is uniform and nothing is to learn), both seats', in the first round of games that
 * `player` plays against itself: the belief models that player's plays.
 */
import {
  type Bot,
  type BotView,
  KOIKOI_BELIEF_INPUTS,
  botByName,
  encodeKoiKoiBelief,
  koikoiUnseenInView,
} from '@hanafuda/bots';
import { type KoiKoiState, type KoiKoiView, koikoi, seedRng } from '@hanafuda/engine';
import { KoiKoiFast } from '@hanafuda/engine/fast';
import type { Example } from './fit.js';
import type { TrainingModel } from './job.js';

const CARDS = 48;

export interface BeliefModelOptions {
  /** The bot both seats of the self-play are (a name `botByName` knows): whose plays the belief reads. */
  readonly player: string;
  /** Hidden units per layer. */
  readonly hidden: readonly number[];
}

/** The 48 cards of a hand as 0/1. */
function handBits(hand: readonly number[]): Float64Array {
  const bits = new Float64Array(CARDS);
  for (const c of hand) bits[c] = 1;
  return bits;
}

/** The belief's examples of one self-played round (the first of a game of `seed`). */
export function beliefExamplesOfRound(bot: Bot, seed: string): Example[] {
  const start = koikoi.newGame({ players: 2, seed });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state as KoiKoiState;
  const rngs = [seedRng(`${seed}:0`), seedRng(`${seed}:1`)];
  const examples: Example[] = [];
  for (let seat = koikoi.toMove(state); seat !== null; seat = koikoi.toMove(state)) {
    const view = koikoi.view(state, seat) as KoiKoiView;
    if (view.round > 1) break;
    if (view.phase === 'hand' && view.plays.some((p) => p.seat !== seat)) {
      const input = new Float64Array(KOIKOI_BELIEF_INPUTS);
      const offset = new Float64Array(CARDS);
      encodeKoiKoiBelief(KoiKoiFast.fromState(state), seat, view.plays, input, offset);
      examples.push({ input, offset, target: handBits(state.hands[1 - seat]) });
    }
    const next = koikoi.apply(state, bot.choose(koikoi, view as BotView, rngs[seat]));
    if (!next.ok) throw new Error(`self-play's action was refused: ${next.error.message}`);
    state = next.value.state as KoiKoiState;
  }
  return examples;
}

/**
 * The loss (cross-entropy summed over the 48 units, as the job's) of the uniform belief: each
 * unseen card in the hand with probability handSize / unseen, a seen card never (loss 0).
 */
export function uniformBeliefLoss(e: Example): number {
  const unseen = koikoiUnseenInView(e.input);
  const size = e.target.reduce((s, t) => s + t, 0);
  const q = size / unseen;
  // Held cards cost −log q each, the other unseen cards −log(1 − q) (nothing when q is 0 or 1: it is certain).
  return -((size > 0 ? size * Math.log(q) : 0) + (size < unseen ? (unseen - size) * Math.log(1 - q) : 0));
}

export function koikoiBeliefModel(o: BeliefModelOptions): TrainingModel {
  const bot = botByName(o.player);
  if (!bot) throw new Error(`training: no bot is named "${o.player}"`);
  return {
    name: 'koikoi-belief',
    sizes: [KOIKOI_BELIEF_INPUTS, ...o.hidden, CARDS],
    output: 'sigmoid',
    settings: { player: o.player },
    examples(seed, chunk, count) {
      const out: Example[] = [];
      for (let r = 0; out.length < count; r++)
        out.push(...beliefExamplesOfRound(bot, `${seed}:${chunk}:${r}`));
      return out;
    },
    // Per unseen card, a loss is the figure here divided by the mean unseen count the name gives.
    references(heldOut) {
      const unseen = heldOut.reduce((s, e) => s + koikoiUnseenInView(e.input), 0) / heldOut.length;
      const loss = heldOut.reduce((s, e) => s + uniformBeliefLoss(e), 0) / heldOut.length;
      return [
        {
          name: `uniform over the unseen cards (${unseen.toFixed(3)} unseen a position: per unseen card, ${(loss / unseen).toFixed(4)})`,
          loss,
        },
      ];
    },
  };
}
