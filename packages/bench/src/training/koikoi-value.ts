/**
 * Koi-Koi's value network, oracle-guided (as Suphx trained Mahjong's): the round's final
 * margin for a seat (its score minus the opponent's) from a position, first seeing the hidden
 * cards too (the opponent's hand, who draws what, and where the search's rollout policy would
 * play the round to from there), which self-play gives for free, then with those inputs faded
 * out, so that the same network ends seeing only the view. The oracle as the fade starts is
 * kept (`oracle.json`): in a search's sampled world every card is known, so it can correct a
 * simulation's rollout (search/koikoi-leaf.ts).
 */
import {
  type Bot,
  type BotView,
  KOIKOI_ORACLE_INPUTS,
  KOIKOI_POSITION_INPUTS,
  KOIKOI_VIEW_INPUTS,
  botByName,
  encodeKoiKoiPosition,
  koikoiRolloutMargin,
  setKoiKoiRolloutMargin,
} from '@hanafuda/bots';
import { type KoiKoiState, type KoiKoiView, koikoi, seedRng } from '@hanafuda/engine';
import { KoiKoiFast } from '@hanafuda/engine/fast';
import type { Example } from './fit.js';
import type { TrainingModel } from './job.js';

export interface ValueModelOptions {
  /** The bot both seats of the self-play are (a name `botByName` knows): the play the margins are of. */
  readonly player: string;
  /** Hidden units per layer. */
  readonly hidden: readonly number[];
  /** The fade of the oracle's inputs: chunks before it, and chunks it takes. */
  readonly fadeStart: number;
  readonly fadeChunks: number;
}

/** A position and its round's margin, with the margin the search's rollout would give it, every card known (the reference to beat). */
export interface ValueExample extends Example {
  readonly rollout: number;
}

/**
 * The positions of one self-played round (the first of a game of `seed`), each before a hand
 * play, from both seats' sides, with the round's final margin for that seat.
 */
export function valueExamplesOfRound(bot: Bot, seed: string): ValueExample[] {
  const start = koikoi.newGame({ players: 2, seed });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state as KoiKoiState;
  const rngs = [seedRng(`${seed}:0`), seedRng(`${seed}:1`)];
  const inputs: { input: Float64Array; seat: number; rollout: number }[] = [];
  for (let seat = koikoi.toMove(state); seat !== null; seat = koikoi.toMove(state)) {
    const view = koikoi.view(state, seat) as KoiKoiView;
    if (view.round > 1) break;
    if (view.phase === 'hand') {
      const sim = KoiKoiFast.fromState(state);
      for (const side of [0, 1]) {
        const input = encodeKoiKoiPosition(sim, side, new Float64Array(KOIKOI_POSITION_INPUTS));
        const rollout = koikoiRolloutMargin(state, view, side);
        setKoiKoiRolloutMargin(input, rollout);
        inputs.push({ input, seat: side, rollout });
      }
    }
    const next = koikoi.apply(state, bot.choose(koikoi, view as BotView, rngs[seat]));
    if (!next.ok) throw new Error(`self-play's action was refused: ${next.error.message}`);
    state = next.value.state as KoiKoiState;
  }
  const result = state.results.find((r) => r.round === 1);
  if (!result) throw new Error(`self-play: round 1 of game ${seed} did not end`);
  const margin = (seat: number) => result.scores[seat] - result.scores[1 - seat];
  return inputs.map(({ input, seat, rollout }) => ({
    input,
    target: Float64Array.of(margin(seat)),
    rollout,
  }));
}

/** The inputs the value network's fade weighs down: the oracle's, after the view's. */
export const VALUE_ORACLE_INPUTS = {
  from: KOIKOI_VIEW_INPUTS,
  to: KOIKOI_VIEW_INPUTS + KOIKOI_ORACLE_INPUTS,
} as const;

export function koikoiValueModel(o: ValueModelOptions): TrainingModel {
  const bot = botByName(o.player);
  if (!bot) throw new Error(`training: no bot is named "${o.player}"`);
  return {
    name: 'koikoi-value',
    sizes: [KOIKOI_POSITION_INPUTS, ...o.hidden, 1],
    output: 'linear',
    settings: { player: o.player },
    fade: {
      ...VALUE_ORACLE_INPUTS,
      start: o.fadeStart,
      chunks: o.fadeChunks,
    },
    examples(seed, chunk, count) {
      const out: Example[] = [];
      for (let r = 0; out.length < count; r++)
        out.push(...valueExamplesOfRound(bot, `${seed}:${chunk}:${r}`));
      return out;
    },
    // Both seats' sides of each position are examples, so the targets' mean is zero.
    references: (heldOut) => {
      const loss = (guess: (e: ValueExample) => number) =>
        heldOut.reduce((s, e) => s + 0.5 * (e.target[0] - guess(e as ValueExample)) ** 2, 0) / heldOut.length;
      return [
        { name: 'zero (no position favours a side)', loss: loss(() => 0) },
        { name: "the search's rollout, every card known", loss: loss((e) => e.rollout) },
      ];
    },
  };
}
