/** `hanafuda simulate`: random legal games from a seed, summarised; the same seed prints the same summary. */
import {
  type Action,
  type GameEvent,
  type GameSetup,
  makeRecord,
  randomInt,
  seedRng,
} from '@hanafuda/engine';
import { wholeNumber } from '../args.js';
import { failWith, type Io, writeText } from '../io.js';
import { parseTableCommand } from '../table-flags.js';

const FLAGS = ['game', 'players', 'teams', 'options', 'rounds', 'seed', 'record'];

export function simulateCommand(args: string[], io: Io): number {
  const fail = failWith(io, 'hanafuda simulate', 2);
  const parsed = parseTableCommand(args, FLAGS);
  if ('error' in parsed) return fail(parsed.error);
  const { flags } = parsed;
  const { game, players, teams, options } = parsed.table;
  const rounds = wholeNumber(flags.rounds, 'rounds', 1, {
    value: 1_000_000,
    why: 'a million random rounds take minutes already (about 3,000 a second on a busy core); run more seeds for more',
  });
  if (typeof rounds !== 'number') return fail(rounds.error);
  if (flags.seed === undefined) return fail('--seed is required, so that a run can be repeated');

  const policy = seedRng(`${flags.seed}:policy`);
  const stats = {
    rounds: 0,
    games: 0,
    decisions: 0,
    scores: [] as number[],
    yaku: new Map<string, number>(),
    highlights: new Map<string, number>(),
  };
  const started = performance.now();
  while (stats.rounds < rounds) {
    const setup: GameSetup = { players, teams, options, seed: `${flags.seed}:${stats.games}` };
    const start = game.newGame(setup);
    if (!start.ok) return fail(start.error.message);
    let state = start.value.state;
    const actions: Action[] = [];
    const seenThisRound = new Set<string>();
    const take = (events: readonly { public: GameEvent }[]) => {
      for (const { public: e } of events) {
        if (game.highlights.includes(e.type)) seenThisRound.add(e.type);
        if (e.type !== 'round-end') continue;
        stats.rounds++;
        const scores = e.scores as number[];
        scores.forEach((v, side) => (stats.scores[side] = (stats.scores[side] ?? 0) + v));
        for (const y of (e.yaku as string[][]).flat()) stats.yaku.set(y, (stats.yaku.get(y) ?? 0) + 1);
        for (const h of seenThisRound) stats.highlights.set(h, (stats.highlights.get(h) ?? 0) + 1);
        seenThisRound.clear();
      }
    };
    take(start.value.events);
    while (game.toMove(state) !== null && stats.rounds < rounds) {
      const legal = game.legalActions(state);
      const action = legal[randomInt(policy, legal.length)];
      const next = game.apply(state, action);
      if (!next.ok)
        return fail(
          `the engine refused its own legal action ${JSON.stringify(action)}: ${next.error.message}`,
        );
      actions.push(action);
      state = next.value.state;
      stats.decisions++;
      take(next.value.events);
    }
    if (stats.games === 0 && flags.record) {
      const written = writeText(
        io,
        flags.record,
        `${JSON.stringify(makeRecord(game.id, setup, actions), null, 1)}\n`,
      );
      if (written) {
        io.err(`hanafuda simulate: ${written.error}`);
        return 1;
      }
    }
    stats.games++;
  }
  const seconds = (performance.now() - started) / 1000;
  const per = (n: number) => (n / stats.rounds).toFixed(3);
  io.out(
    `${game.title}: ${players} players${flags.teams ? `, teams ${flags.teams}` : ''}, seed ${flags.seed}`,
  );
  io.out(`rounds played: ${stats.rounds} in ${stats.games} game(s), ${stats.decisions} decisions`);
  io.out(
    `mean round score per ${teams ? 'team' : 'seat'}: ${stats.scores.map((v, i) => `${i}: ${(v / stats.rounds).toFixed(2)}`).join('  ')}`,
  );
  const yaku = [...stats.yaku].sort(([a], [b]) => a.localeCompare(b));
  io.out(`yaku formed per round: ${yaku.map(([y, n]) => `${y} ${per(n)}`).join('  ') || 'none'}`);
  io.out(
    `rounds with: ${game.highlights.map((h) => `${h} ${per(stats.highlights.get(h) ?? 0)}`).join('  ')}`,
  );
  io.err(`(${seconds.toFixed(2)} s)`);
  return 0;
}
