/**
 * `npm run bench`: random full rounds per second through the public `apply` API and the
 * search fast path, search iterations per second, and the same random Sakura playout as a
 * boardgame.io game, one figure a line (`sakura 4p fast: 312000 rounds/s`) so that runs
 * compare line by line. `--quick` runs every line briefly (the smoke test).
 */
import {
  type Action, FastRng, type GameModule, KOIKOI_OPTIONS, KoiKoiFast, NARA_OPTIONS, NaraFast, SAKURA_OPTIONS, SakuraFast, koikoi,
  nara, randomInt, sakura, seedRng,
} from '@hanafuda/engine';
import { bgioRound } from './bgio-sakura.js';
import { figure, rate, type Timing } from './measure.js';

const quick = process.argv.includes('--quick');
const timing: Timing = quick ? { warmupSeconds: 0.02, seconds: 0.05 } : { warmupSeconds: 1, seconds: 3 };

const defaults = (specs: readonly { name: string; default: unknown }[]) => Object.fromEntries(specs.map((s) => [s.name, s.default])) as never;

const print = (game: string, players: number, path: string, value: number, unit: string): void =>
  console.log(`${game} ${players}p ${path}: ${figure(value)} ${unit}`);

/** Random rounds through the public API: newGame of one round, then uniformly random legal actions. */
function apiRate(game: GameModule, players: number, options: object): number {
  const rng = seedRng('bench-api');
  let round = 0;
  return rate(() => {
    const start = game.newGame({ players, options: { ...options }, seed: `bench-${round++}` });
    if (!start.ok) throw new Error(start.error.message);
    let state = start.value.state;
    while (game.toMove(state) !== null) {
      const legal: Action[] = game.legalActions(state);
      const next = game.apply(state, legal[randomInt(rng, legal.length)]);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value.state;
    }
  }, 1, timing);
}

interface FastRounds {
  newRound(dealer: number): void;
  randomPlayout(rng: FastRng): Int32Array;
}

/** Random rounds through the fast path: shuffle, deal, play uniformly random legal moves, score; no allocation. */
function fastRate(sim: FastRounds, players: number): number {
  const policy = new FastRng('bench-fast');
  let dealer = 0;
  return rate(() => {
    for (let i = 0; i < 1000; i++) {
      sim.newRound(dealer);
      sim.randomPlayout(policy);
      dealer = (dealer + 1) % players;
    }
  }, 1000, timing);
}

const sakuraFast = (players: number) => new SakuraFast({ players, sides: Array.from({ length: players }, (_, seat) => [seat]), options: defaults(SAKURA_OPTIONS) });

for (const players of [2, 4, 7]) {
  print('sakura', players, 'api', apiRate(sakura, players, { rounds: 1 }), 'rounds/s');
  print('sakura', players, 'fast', fastRate(sakuraFast(players), players), 'rounds/s');
}
print('koikoi', 2, 'api', apiRate(koikoi, 2, { rounds: 1 }), 'rounds/s');
print('koikoi', 2, 'fast', fastRate(new KoiKoiFast(defaults(KOIKOI_OPTIONS)), 2), 'rounds/s');
print('nara', 4, 'api', apiRate(nara, 4, { length: 'rounds:1' }), 'rounds/s');
print('nara', 4, 'fast', fastRate(new NaraFast(defaults(NARA_OPTIONS)), 4), 'rounds/s');

await searchLines();

// The same random Sakura playout (default rules) as a boardgame.io game, side by side.
for (const players of [2, 4]) {
  const rng = seedRng('bench-bgio');
  let round = 0;
  const bgio = rate(() => void bgioRound(players, (n) => randomInt(rng, n), `bgio-${round++}`), 1, timing);
  const fast = fastRate(sakuraFast(players), players);
  print('sakura', players, 'boardgame.io', bgio, 'rounds/s');
  print('sakura', players, 'fast/boardgame.io', fast / bgio, 'x');
}

/** Search iterations per second, if the search bot exists: its search timed for a fixed iteration count per decision. */
async function searchLines(): Promise<void> {
  const bots = (await import('@hanafuda/bots').catch(() => undefined)) as
    | { searchDecision?: (view: unknown, rng: number[], budget: { iterations: number }) => Action }
    | undefined;
  const searchDecision = bots?.searchDecision;
  if (!searchDecision) {
    console.log('# no search bot in @hanafuda/bots: no search line');
    return;
  }
  const iterations = quick ? 20 : 400;
  for (const [name, game] of [['sakura', sakura], ['koikoi', koikoi]] as [string, GameModule][]) {
    let n = 0;
    let value: number;
    try {
      value = rate(() => {
        // The first decision of a fresh 2-player round (a deal that ends at once, e.g. by teshi, is skipped).
        for (;;) {
          const start = game.newGame({ players: 2, options: { rounds: 1 }, seed: `search-${n++}` });
          if (!start.ok) throw new Error(start.error.message);
          const seat = game.toMove(start.value.state);
          if (seat === null) continue;
          searchDecision(game.view(start.value.state, seat), seedRng(`search-rng-${n}`), { iterations });
          return;
        }
      }, iterations, timing);
    } catch (e) {
      console.log(`# ${name} search failed: ${(e as Error).message}`);
      continue;
    }
    print(name, 2, 'search', value, 'iterations/s');
  }
}
