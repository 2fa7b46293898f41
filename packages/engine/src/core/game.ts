/**
 * The contract every game module fulfils. A game is one folder in `games/` and one entry
 * in the registry; the shared core never branches on which game it runs.
 */
import type { Action } from './actions.js';
import type { SplitEvent, Viewer } from './events.js';
import type { OptionSpec, Presets } from './options.js';
import type { Result } from './result.js';
import type { ScenarioSetup, Outcome } from './scenario-types.js';

export interface GameSetup {
  readonly players: number;
  /** Seats grouped into teams (docs/rules.md 3.1); omitted for individual play. */
  readonly teams?: readonly (readonly number[])[];
  /** Untrusted house rules by name; validated against the game's option specs. */
  readonly options?: unknown;
  /** Seeds the game's PRNG: the first-dealer draw and every shuffle. */
  readonly seed: string | number;
  /**
   * Replays one deal: the game starts at round `round` of this seed with `dealer` dealing (no
   * first-dealer draw), so its first deal is that round's deal and the rounds after it follow.
   */
  readonly startAt?: StartAt;
}

export interface StartAt {
  readonly round: number;
  readonly dealer: number;
}

export interface Applied<S> {
  readonly state: S;
  readonly events: readonly SplitEvent[];
}

export interface GameModule<S = unknown, V = unknown> {
  readonly id: string;
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly optionSpecs: readonly OptionSpec[];
  /** Named bundles of option values, by the value of the `preset` option (games that have one). */
  readonly presets?: Presets;
  /** Event types worth counting in summaries (a hiki, a Gaji claim, ...). */
  readonly highlights: readonly string[];
  /** A whole game from a seed: first dealer, shuffle and deal of round 1. */
  newGame(setup: GameSetup): Result<Applied<S>>;
  /** One round from a fixed deal or a position (docs/scenarios.md). */
  fromScenario(scenario: ScenarioSetup): Result<Applied<S>>;
  /** The seat whose decision is awaited, or null when the game is over. */
  toMove(state: S): number | null;
  legalActions(state: S): Action[];
  /** Never throws for a well-formed action: an illegal one is an error value and the state is untouched. */
  apply(state: S, action: Action): Result<Applied<S>>;
  /** The only way state leaves the engine toward a player (null: a spectator). */
  view(state: S, viewer: Viewer): V;
  /** The current (or last) round in the scenario format's terms. */
  outcome(state: S): Outcome;
}
