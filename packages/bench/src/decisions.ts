/**
 * `npm run bench:decisions`: a level's decisions against a much larger search's, on the
 * first round of fixed-seed games of the default length played by the greedy bot (not the
 * game's last round): the round's first searched decision, and those after it. One line
 * each: how many differ, what they cost by the reference's values, how many the moves cap cut.
 */
import { type BotView, type SearchBudget, levelBudget, parseBudget } from '@hanafuda/bots';
import { gameById } from '@hanafuda/engine';
import { agreement } from './agreement.js';
import { commandArgs } from './args.js';
import { searchedDecisions } from './positions.js';

const USAGE =
  'usage: npm run bench:decisions [-- --game koikoi|sakura|nara] [-- --level hard|expert | --budget N[/M]] [-- --reference N] [-- --positions N]\n' +
  '  (defaults: koikoi, hard, a reference of 6000 simulations without a moves cap, 60 first decisions and twice as many later ones;\n' +
  '  --budget: N simulations, or M simulated moves if that comes first, in place of a level)';
const args = process.argv.slice(2);
const { fail, value, whole } = commandArgs(args, USAGE, [
  '--game',
  '--level',
  '--budget',
  '--reference',
  '--positions',
]);
const name = value('game') ?? 'koikoi';
if (!['koikoi', 'sakura', 'nara'].includes(name))
  fail(`--game must be koikoi, sakura or nara, not "${name}"`);
const level = value('level') ?? 'hard';
if (level !== 'hard' && level !== 'expert')
  fail(`--level must be hard or expert (the levels that search), not "${level}"`);
const reference: SearchBudget = { iterations: whole('reference', 6000) };
const firsts = whole('positions', 60);
const game = gameById(name)!;
const asked = value('budget');
const parsed = asked === undefined ? undefined : parseBudget(asked);
if (asked !== undefined && !parsed) fail(`--budget must be N or N/M (whole numbers ≥ 1), not "${asked}"`);
const budget: SearchBudget = parsed ?? levelBudget(level as 'hard' | 'expert', name);
const who = parsed ? `search:${asked}` : level;

const first: BotView[] = [];
const later: BotView[] = [];
for (let i = 0; first.length < firsts || later.length < 2 * firsts; i++) {
  const [head, ...rest] = searchedDecisions(game, `bench-decisions-${i}`, true);
  if (head && first.length < firsts) first.push(head);
  later.push(...rest.slice(0, 2 * firsts - later.length));
}

const what = `${name} ${game.minPlayers}p ${who} (${budget.iterations} simulations${budget.moves ? ` or ${budget.moves} moves` : ''}) against search:${reference.iterations}`;
for (const [label, views] of [
  ['first decisions of a round', first],
  ['later decisions', later],
] as const) {
  const a = agreement(views, budget, reference);
  console.log(
    `${what}, ${label}: ${a.differ} of ${a.positions} differ; mean loss ${a.meanLoss.toFixed(3)} points a decision by the reference's values; ${a.capped} cut by the moves cap`,
  );
}
