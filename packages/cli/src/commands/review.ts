/** `hanafuda review`: every decision of one seat in a finished game, rated by the search from that seat's view. */
import { type DecisionReview, REVIEW_ITERATIONS, ReviewError, reviewGame } from '@hanafuda/bots';
import { type Action, describeAction, gameById } from '@hanafuda/engine';
import { parseFlags, wholeNumber } from '../args.js';
import { failWith, type Io, readText } from '../io.js';
import { progressCounter } from '../progress.js';
import { parseSavedGame } from '../saved-game.js';

const USAGE = 'usage: hanafuda review GAME.json [--seat N] [--budget N]';

/** An action without its seat: `plays cherry-curtain, takes cherry-chaff-1`. */
const move = (action: Action) => describeAction(action).replace(/^seat \d+ /, '');
const points = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(2)}`;

export function reviewCommand(args: string[], io: Io): number {
  const [file, ...rest] = args;
  if (file === undefined || file.startsWith('-')) {
    io.err(USAGE);
    return 2;
  }
  const flags = parseFlags(rest, ['seat', 'budget']);
  if ('error' in flags) {
    io.err(`hanafuda review: ${flags.error}\n${USAGE}`);
    return 2;
  }
  const seat = wholeNumber(flags.flags.seat ?? '0', 'seat', 0);
  const budget = wholeNumber(flags.flags.budget ?? String(REVIEW_ITERATIONS), 'budget');
  for (const n of [seat, budget]) {
    if (typeof n !== 'number') {
      io.err(`hanafuda review: ${n.error}`);
      return 2;
    }
  }
  const fail = failWith(io, `hanafuda review: ${file}`, 1);
  const read = readText(io, file);
  if ('error' in read) return fail(read.error);
  const saved = parseSavedGame(read.text);
  if ('error' in saved) return fail(saved.error);
  const { record } = saved.value;
  const game = gameById(record.game);
  if (!game) return fail(`game "${record.game}" is not implemented yet`);
  let review;
  let counter: ReturnType<typeof progressCounter> | undefined;
  try {
    review = reviewGame(record, {
      seat: seat as number,
      budget: budget as number,
      onProgress: (_, total) =>
        (counter ??= progressCounter(io.progress, 'reviewing', total, 'decisions')).step(),
    });
  } catch (e) {
    if (e instanceof ReviewError) return fail(e.message);
    throw e;
  } finally {
    io.progress?.(null);
  }
  const { decisions } = review;
  io.out(
    `${game.title}, seat ${review.seat}: ${decisions.length} decisions rated, ${review.budget} simulations each; expected points lost in all: ${review.totalLoss.toFixed(2)}`,
  );
  io.out(
    "expected points are the seat's round score minus the others' mean, from what the seat could see; where the round has a stake in the game, they count it too (a won game is worth 100 in its last round)",
  );
  for (const d of decisions) io.out(line(d));
  const worst = decisions.filter((d) => d.worst);
  io.out(
    worst.length === 0
      ? 'no decision lost points: every move was as good as the best'
      : `worst: ${worst.map((d) => `action ${d.index} (round ${d.round}, −${d.loss.toFixed(2)})`).join(', ')}`,
  );
  return 0;
}

function line(d: DecisionReview): string {
  const played = `round ${String(d.round).padStart(2)}  action ${String(d.index).padStart(3)}  ${move(d.actions[d.played])} ${points(d.values[d.played])}`;
  if (d.played === d.best) return `${played}  best`;
  return `${played}  loses ${d.loss.toFixed(2)}; best: ${move(d.actions[d.best])} ${points(d.values[d.best])}${d.worst ? '  <<< worst' : ''}`;
}
