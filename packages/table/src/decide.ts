/**
 * One bot decision (or hint) as plain data, so it can be made anywhere: in-line (the
 * browser's Web Worker, the terminal) or in a server's worker thread, with the same result
 * for the same request, since the bot's only randomness is the RNG stream the request names.
 */
import { type BotView, type HintReason, type Level, botForLevel, hintFor } from '@hanafuda/bots';
import { type Action, gameById, seedRng } from '@hanafuda/engine';

export interface DecisionRequest {
  /** The game module's id (`sakura`, `koikoi`, ...). */
  readonly game: string;
  /** The level of the bot that decides, or `hint`: the best move by the search's expected points, with its reason. */
  readonly level: Level | 'hint';
  /** The deciding seat's view (structured-clonable plain data). */
  readonly view: BotView;
  /** The name of the RNG stream the bot draws from. */
  readonly rng: string;
  /** The number of actions the game has had: the decision is the next one (a scripted opponent plays by it). */
  readonly seq: number;
}

/** The action decided; a hint's comes with its reason. */
export interface Decision {
  readonly action: Action;
  readonly reason?: HintReason;
}

/** Makes a decision somewhere else (a worker thread); the table awaits it. */
export type Decide = (request: DecisionRequest) => Promise<Decision>;

export function decideNow(request: DecisionRequest): Decision {
  const game = gameById(request.game);
  if (!game) throw new Error(`unknown game "${request.game}"`);
  if (request.level === 'hint') return hintFor(request.view, seedRng(request.rng));
  return { action: botForLevel(request.level).choose(game, request.view, seedRng(request.rng)) };
}
