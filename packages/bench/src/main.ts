/**
 * `npm run bench`: random full rounds per second through the public `apply` API and the
 * search fast path, the search bot's simulations per millisecond, and the same random
 * Sakura playout as a boardgame.io game; one figure a line, CPU then wall clock
 * (`sakura 4p fast: 312000 rounds/s cpu, 305000 wall`), so that runs compare line by line.
 * `--quick` runs every line briefly (the smoke test).
 */
import { levelBudget, searchDecision, searchOutcome } from '@hanafuda/bots';
import { quantile } from '@hanafuda/stats';
import * as engineApi from '@hanafuda/engine';
import { type GameModule, koikoi, nara, randomInt, sakura, seedRng } from '@hanafuda/engine';
import * as fastApi from '@hanafuda/engine/fast';
import { BGIO_INSTALL, bgioRounds } from './bgio-sakura.js';
import { commandArgs } from './args.js';
import { type BaselineSearch, loadBaseline } from './baseline.js';
import { type Rate, type Timing, figure, rate, ratio, scaled, sideBySide } from './measure.js';
import { firstDecisions, midGameDecisions } from './positions.js';
import { type Build, ROUND_LINES, type RoundLine, roundWork } from './round-lines.js';

const USAGE = `usage: npm run bench [-- --quick] [-- --search] [-- --baseline DIR]
  Prints random rounds per second (public API, search fast path, boardgame.io), the ratios
  between them, the search bot's simulations per millisecond and the searching levels'
  decision times (median, p99): about 2 minutes of CPU time.
  --quick         every line for a moment (the smoke test; its figures mean nothing)
  --search        the search lines only (about 1 minute)
  --baseline DIR  the search lines of another build too (DIR: a checkout with its packages
                  built), timed in turns with this build's on the same positions, and the ratio`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const { fail } = commandArgs(args, USAGE);
const at = args.indexOf('--baseline');
const baselineDir = at < 0 ? undefined : args[at + 1];
if (at >= 0 && (baselineDir === undefined || baselineDir.startsWith('--')))
  fail('--baseline needs a directory: a checkout of the project with its packages built');
const unknown = args.find(
  (a, i) => a !== '--quick' && a !== '--search' && (at < 0 || (i !== at && i !== at + 1)),
);
if (unknown !== undefined) fail(`unknown argument "${unknown}"`);
const quick = args.includes('--quick');
const searchOnly = args.includes('--search');
const loaded = baselineDir === undefined ? undefined : await loadBaseline(baselineDir);
if (loaded !== undefined && 'error' in loaded) fail(loaded.error, false);
const baseline = loaded as BaselineSearch | undefined;
const timing: Timing = quick ? { warmupSeconds: 0.02, seconds: 0.05 } : { warmupSeconds: 1, seconds: 3 };

/** One line: the figure by CPU time, then by the wall clock; a note in brackets says what a ratio compares. */
const print = (game: string, players: number, path: string, r: Rate, unit: string, note = ''): void =>
  console.log(
    `${game} ${players}p ${path}: ${figure(r.cpu)} ${unit} cpu, ${figure(r.wall)} wall${note ? ` (${note})` : ''}`,
  );

const build: Build = { engine: engineApi, fast: fastApi };

/** A line's random rounds per second (fast-path lines in batches of 1,000 rounds). */
function lineRate(line: RoundLine): Rate {
  const work = roundWork(build, line);
  const batch = line.endsWith('fast') ? 1000 : 1;
  return rate(() => work(batch), batch, timing);
}

if (!searchOnly)
  for (const line of ROUND_LINES) {
    const [game, table, path] = line.split(' ');
    print(game, Number.parseInt(table, 10), path, lineRate(line), 'rounds/s');
  }

// The search bot's simulations: the first decision of fresh rounds (the longest rollouts),
// and a fixed set of real mid-game decisions (the same positions every run). Koi-Koi's are
// timed twice: with the hand-written rollout policy and with the learned one.
const iterations = quick ? 20 : 400;
for (const [name, game, learned] of [
  ['sakura', sakura, false],
  ['koikoi', koikoi, false],
  ['koikoi', koikoi, true],
  ['nara', nara, false],
] as [string, GameModule, boolean][]) {
  for (const [kind, views] of [
    ['search first decision', firstDecisions(game, quick ? 4 : 40)],
    ['search mid-game', midGameDecisions(game, quick ? 4 : 60)],
  ] as const) {
    const label = learned ? `${kind} with learned rollouts` : kind;
    const budget = { iterations, learned };
    // The rollouts the searches play (a rule may decide without any, or rule candidates out), counted on a first pass.
    const simulations = views.reduce(
      (n, v, i) => n + searchOutcome(v, seedRng(`bench-search-${i}`), budget).simulations,
      0,
    );
    const search = () => {
      for (const [i, view] of views.entries()) searchDecision(view, seedRng(`bench-search-${i}`), budget);
    };
    const note = `${views.length} positions, ${iterations} iterations each`;
    if (baseline === undefined) {
      print(
        name,
        game.minPlayers,
        label,
        scaled(rate(search, simulations, timing), 1 / 1000),
        'simulations/ms',
        note,
      );
      continue;
    }
    const theirs = views.reduce(
      (n, v, i) => n + baseline.simulations(v, seedRng(`bench-search-${i}`), iterations),
      0,
    );
    const [mine, base] = sideBySide(
      search,
      simulations,
      () => {
        for (const [i, view] of views.entries())
          baseline.decide(view, seedRng(`bench-search-${i}`), iterations);
      },
      theirs,
      timing,
    );
    print(name, game.minPlayers, label, scaled(mine, 1 / 1000), 'simulations/ms', note);
    print(
      name,
      game.minPlayers,
      `${label} baseline`,
      scaled(base, 1 / 1000),
      'simulations/ms',
      `the --baseline build on the same positions, timed in turns with the line above`,
    );
    print(
      name,
      game.minPlayers,
      `${label}/baseline`,
      ratio(mine, base),
      'x',
      'like for like: the same positions and iterations, each build counting the simulations it plays',
    );
  }
}

// The searching levels' decision times at their budgets: per decision on the same
// positions, the median and 99th percentile of the CPU time (what one quiet core would take)
// and of the wall clock (the shared quantile: a p99 needs 100 positions, --quick has fewer).
for (const [name, game] of [
  ['sakura', sakura],
  ['koikoi', koikoi],
  ['nara', nara],
] as [string, GameModule][]) {
  const views = [...firstDecisions(game, quick ? 2 : 40), ...midGameDecisions(game, quick ? 2 : 60)];
  for (const level of ['hard', 'expert'] as const) {
    const budget = quick ? { iterations: 20 } : levelBudget(level, name);
    const cpu: number[] = [];
    const wall: number[] = [];
    for (const [i, view] of views.entries()) {
      const cpuStart = process.cpuUsage();
      const wallStart = performance.now();
      searchDecision(view, seedRng(`bench-level-${i}`), budget);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
      wall.push(performance.now() - wallStart);
    }
    for (const [label, q] of [
      ['median', 0.5],
      ['p99', 0.99],
    ] as const) {
      const r = { cpu: quantile(cpu, q), wall: quantile(wall, q) };
      print(
        name,
        game.minPlayers,
        `${level} decision ${label}`,
        r,
        'ms',
        `${views.length} positions, ${budget.iterations} simulations${budget.moves ? ` or ${budget.moves} moves` : ''}`,
      );
    }
  }
}

// The same random Sakura playout (default rules) as a boardgame.io game, side by side: each
// ratio's two sides are timed one after the other, so a change in the machine's load between
// distant lines does not enter it.
const bgioRound = bgioRounds();
if (bgioRound === null && !searchOnly)
  console.error(`bench: the boardgame.io lines are skipped: it is an opt-in install (${BGIO_INSTALL})`);
for (const players of searchOnly || bgioRound === null ? [] : [2, 4]) {
  const rng = seedRng('bench-bgio');
  let round = 0;
  const bgio = rate(() => void bgioRound!(players, (n) => randomInt(rng, n), `bgio-${round++}`), 1, timing);
  const api = lineRate(`sakura ${players}p api` as RoundLine);
  const fast = lineRate(`sakura ${players}p fast` as RoundLine);
  print('sakura', players, 'boardgame.io', bgio, 'rounds/s');
  print(
    'sakura',
    players,
    'api/boardgame.io',
    ratio(api, bgio),
    'x',
    'like for like: both public, validating, immutable APIs',
  );
  print(
    'sakura',
    players,
    'fast/boardgame.io',
    ratio(fast, bgio),
    'x',
    'the allocation-free search simulator against a validating reducer',
  );
}
