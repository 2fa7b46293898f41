/** Plays a game with uniformly random legal actions from a seeded RNG, step by step (tests only). */
import {
  type Action,
  type GameModule,
  type GameSetup,
  type SplitEvent,
  makeRecord,
  randomInt,
  seedRng,
  type GameRecord,
} from '../../src/index.js';

export interface Step<S> {
  readonly action?: Action;
  readonly before?: S;
  readonly state: S;
  readonly events: readonly SplitEvent[];
}

export interface PlayedGame<S> {
  readonly steps: Step<S>[];
  readonly record: GameRecord;
}

/** Plays to the end (or `maxSteps`); throws if the engine refuses one of its own legal actions. */
export function playRandom<S>(
  game: GameModule<S>,
  setup: GameSetup,
  policySeed: string | number,
  maxSteps = 100_000,
): PlayedGame<S> {
  const start = game.newGame(setup);
  if (!start.ok) throw new Error(`newGame: ${start.error.message}`);
  const rng = seedRng(policySeed);
  const steps: Step<S>[] = [{ state: start.value.state, events: start.value.events }];
  let state = start.value.state;
  const actions: Action[] = [];
  while (game.toMove(state) !== null && steps.length < maxSteps) {
    const legal = game.legalActions(state);
    if (legal.length === 0) throw new Error('a seat is to move but has no legal action');
    const action = legal[randomInt(rng, legal.length)];
    const next = game.apply(state, action);
    if (!next.ok) throw new Error(`legal action ${JSON.stringify(action)} refused: ${next.error.message}`);
    steps.push({ action, before: state, state: next.value.state, events: next.value.events });
    actions.push(action);
    state = next.value.state;
  }
  return { steps, record: makeRecord(game.id, setup, actions) };
}
