/**
 * `npm run bench:review`: how long the game review takes on one core. Plays 12-round Koi-Koi
 * games between the normal and the hard bot (fixed seeds), then reviews the normal bot's seat
 * at the review's default budget; one line per game (CPU and wall seconds, decisions rated),
 * then the spread.
 */
import { REVIEW_ITERATIONS, botForLevel, greedyBot, playGame, reviewGame } from '@hanafuda/bots';
import { koikoi, makeRecord, seedRng } from '@hanafuda/engine';
import { quantile } from '@hanafuda/stats';
import { commandArgs } from './args.js';

const USAGE =
  "usage: npm run bench:review [-- --games N] [-- --budget N]   (defaults: 5 games, the review's default budget)";
const { whole } = commandArgs(process.argv.slice(2), USAGE, ['--games', '--budget']);
const games = whole('games', 5);
const budget = whole('budget', REVIEW_ITERATIONS);

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const seconds: number[] = [];
for (let g = 0; g < games; g++) {
  const setup = { players: 2, options: { rounds: 12 }, seed: `bench-review-${g}` };
  const played = playGame(
    koikoi,
    setup,
    [greedyBot, botForLevel('hard')],
    [seedRng(`${g}:0`), seedRng(`${g}:1`)],
  );
  const record = makeRecord('koikoi', setup, played.actions);
  const cpuStart = cpu();
  const wallStart = performance.now();
  const review = reviewGame(record, { seat: 0, budget });
  const took = cpu() - cpuStart;
  seconds.push(took);
  console.log(
    `koikoi 12 rounds, game ${g}: ${review.decisions.length} decisions at ${budget} simulations: ${took.toFixed(2)} s cpu, ${((performance.now() - wallStart) / 1000).toFixed(2)} s wall`,
  );
}
console.log(
  `review of a 12-round Koi-Koi game, cpu seconds: min ${Math.min(...seconds).toFixed(2)}, median ${quantile(seconds, 0.5).toFixed(2)}, max ${Math.max(...seconds).toFixed(2)}`,
);
