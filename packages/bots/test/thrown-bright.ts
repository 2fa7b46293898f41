/**
 * A constructed blunder for the review's tests: a one-round, 2-player Sakura game played by
 * greedy bots, except that at its first play with a bright that matches nothing on the
 * field, seat `seat` throws that bright onto the field, and the opponent takes it at once.
 */
import {
  type Action,
  type GameRecord,
  cardById,
  classOf,
  gameById,
  makeRecord,
  monthOf,
} from '@hanafuda/engine';
import { type BotView, greedyChoice } from '../src/index.js';

export interface ThrownBright {
  readonly record: GameRecord;
  /** The index in `record.actions` of the throw. */
  readonly throwAt: number;
  readonly bright: string;
}

const month = (id: string) => monthOf(cardById(id)!);

export function thrownBright(seat = 0): ThrownBright {
  const game = gameById('sakura')!;
  for (let n = 0; n < 200; n++) {
    const setup = { players: 2, options: { rounds: 1 }, seed: `thrown-bright-${n}` };
    const start = game.newGame(setup);
    if (!start.ok) throw new Error(start.error.message);
    let state = start.value.state;
    const actions: Action[] = [];
    let thrown: { at: number; bright: string } | undefined;
    let takenAtOnce = false;
    for (let s = game.toMove(state); s !== null; s = game.toMove(state)) {
      const view = game.view(state, s) as BotView & { hand: string[]; field: string[]; captured: string[][] };
      let action = greedyChoice(view);
      const bright = view.hand.find(
        (id) => classOf(cardById(id)!) === 'bright' && !view.field.some((f) => month(f) === month(id)),
      );
      if (!thrown && s === seat && bright && view.actions.some((a) => 'play' in a && a.play === bright)) {
        action = { seat, play: bright };
        thrown = { at: actions.length, bright };
      }
      const next = game.apply(state, action);
      if (!next.ok) throw new Error(next.error.message);
      actions.push(action);
      state = next.value.state;
      // The opponent's first decision after the throw must take the bright.
      if (thrown && s !== seat && !takenAtOnce) {
        takenAtOnce = (game.view(state, s) as { captured: string[][] }).captured[s].includes(thrown.bright);
        if (!takenAtOnce) break;
      }
    }
    if (thrown && takenAtOnce && game.toMove(state) === null)
      return { record: makeRecord('sakura', setup, actions), throwAt: thrown.at, bright: thrown.bright };
  }
  throw new Error('no seed gives a thrown bright that the opponent takes at once');
}
