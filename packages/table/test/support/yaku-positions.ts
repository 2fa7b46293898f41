/**
 * Random positions for the front ends' yaku displays (tests only): seats' views from games
 * played with random legal moves, under the options that change yaku. Each position forces
 * one value of one such option in turn (every value of each, the sake cup's included), the
 * others random.
 */
import { type GameView, gameById, randomInt, type RngState, seedRng } from '@hanafuda/engine';
import { valuesOf, YAKU_OPTIONS } from '../../../engine/test/support/yaku-options.js';

const pick = <T>(rng: RngState, list: readonly T[]): T => list[randomInt(rng, list.length)];

export interface Position {
  readonly view: GameView;
  readonly seat: number;
  readonly options: Readonly<Record<string, unknown>>;
}

/** `count` positions of `gameId`, each a seat's view at a random step of a random game. */
export function yakuPositions(gameId: string, count: number): Position[] {
  const game = gameById(gameId)!;
  const rng = seedRng(`yaku-positions:${gameId}`);
  const forced = YAKU_OPTIONS[gameId].flatMap((name) =>
    valuesOf(game, name).map((value) => [name, value] as const),
  );
  const positions: Position[] = [];
  for (let g = 0; positions.length < count; g++) {
    const options: Record<string, unknown> = Object.fromEntries(
      YAKU_OPTIONS[gameId].map((name) => [name, pick(rng, valuesOf(game, name))]),
    );
    if (forced.length > 0) {
      const [name, value] = forced[g % forced.length];
      options[name] = value;
    }
    const players = game.minPlayers + randomInt(rng, game.maxPlayers - game.minPlayers + 1);
    const start = game.newGame({ players, seed: `yaku-positions:${gameId}:${g}`, options });
    if (!start.ok) throw new Error(start.error.message);
    let state = start.value.state;
    // One game gives a handful of positions, spread over its rounds.
    while (game.toMove(state) !== null && positions.length < count) {
      const next = game.apply(state, pick(rng, game.legalActions(state)));
      if (!next.ok) throw new Error(next.error.message);
      state = next.value.state;
      if (randomInt(rng, 6) === 0) {
        const seat = randomInt(rng, players);
        positions.push({ view: game.view(state, seat) as GameView, seat, options });
      }
    }
  }
  return positions;
}
