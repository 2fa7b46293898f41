/**
 * The random-round lines of `npm run bench`, as work over an engine build: this one's, or
 * another checkout's loaded from its folder (`bench:lines --baseline`). One definition, so
 * the bench's rates and the side-by-side comparison play the very same rounds.
 */
import type * as Engine from '@hanafuda/engine';
import type * as Fast from '@hanafuda/engine/fast';

/** An engine build: its public API and its search fast path. */
export interface Build {
  readonly engine: typeof Engine;
  readonly fast: typeof Fast;
}

/** The lines in the bench's order: the public API (`api`) then the fast path (`fast`) of each table. */
export const ROUND_LINES = [
  'sakura 2p api',
  'sakura 2p fast',
  'sakura 4p api',
  'sakura 4p fast',
  'sakura 7p api',
  'sakura 7p fast',
  'koikoi 2p api',
  'koikoi 2p fast',
  'nara 4p api',
  'nara 4p fast',
] as const;
export type RoundLine = (typeof ROUND_LINES)[number];

/** Plays `rounds` more random rounds of the line each call, going on from the last call. */
export type RoundWork = (rounds: number) => void;

const defaults = (specs: readonly { name: string; default: unknown }[]) =>
  Object.fromEntries(specs.map((s) => [s.name, s.default])) as never;

/** The work of one line on `build`. */
export function roundWork({ engine, fast }: Build, line: RoundLine): RoundWork {
  const [game, table, path] = line.split(' ');
  const players = Number.parseInt(table, 10);
  if (path === 'api') {
    const module = { sakura: engine.sakura, koikoi: engine.koikoi, nara: engine.nara }[game]!;
    const options = game === 'nara' ? { length: 'rounds:1' } : { rounds: 1 };
    return apiRounds(engine, module, players, options);
  }
  const sim =
    game === 'sakura'
      ? new fast.SakuraFast({
          players,
          sides: Array.from({ length: players }, (_, seat) => [seat]),
          options: defaults(engine.SAKURA_OPTIONS),
        })
      : game === 'koikoi'
        ? new fast.KoiKoiFast(defaults(engine.KOIKOI_OPTIONS))
        : new fast.NaraFast(defaults(engine.NARA_OPTIONS));
  return fastRounds(fast, sim, players);
}

/** Random rounds through the public API: newGame of one round, then uniformly random legal actions. */
function apiRounds(
  engine: typeof Engine,
  game: Engine.GameModule,
  players: number,
  options: object,
): RoundWork {
  const rng = engine.seedRng('bench-api');
  let round = 0;
  return (rounds) => {
    for (let k = 0; k < rounds; k++) {
      const start = game.newGame({ players, options: { ...options }, seed: `bench-${round++}` });
      if (!start.ok) throw new Error(start.error.message);
      let state = start.value.state;
      while (game.toMove(state) !== null) {
        const legal: Engine.Action[] = game.legalActions(state);
        const next = game.apply(state, legal[engine.randomInt(rng, legal.length)]);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value.state;
      }
    }
  };
}

interface Simulator {
  newRound(dealer: number): void;
  randomPlayout(rng: Fast.FastRng): Int32Array;
}

/** Random rounds through the fast path: shuffle, deal, play uniformly random legal moves, score; no allocation. */
function fastRounds(fast: typeof Fast, sim: Simulator, players: number): RoundWork {
  const policy = new fast.FastRng('bench-fast');
  let dealer = 0;
  return (rounds) => {
    for (let k = 0; k < rounds; k++) {
      sim.newRound(dealer);
      sim.randomPlayout(policy);
      dealer = (dealer + 1) % players;
    }
  };
}
