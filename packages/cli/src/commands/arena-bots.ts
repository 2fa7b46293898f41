/**
 * The arena's bots: by `botByName` name, or `baseline:NAME` for the bot of that name in
 * another build of the project (`--baseline DIR`: a checkout with its packages built), so
 * that today's bots stay measurable after the search changes. And the bot as it plays a
 * deal inside a game: its view shows the game's running totals and the rounds left.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Bot, botByName } from '@hanafuda/bots';

const BASELINE = 'baseline:';

/** Where a baseline checkout's bots are built. */
export const baselineEntry = (dir: string): string => join(dir, 'packages', 'bots', 'dist', 'index.js');

/** Whether a name asks for the baseline build's bot. */
export const isBaselineName = (name: string): boolean => name.startsWith(BASELINE);

/** The bots of `names`, baseline ones loaded from `baseline` (a checkout), or an error message. */
export async function loadBots(
  names: readonly string[],
  baseline: string | undefined,
): Promise<Bot[] | { error: string }> {
  let other: { botByName(name: string): Bot | undefined } | undefined;
  const bots: Bot[] = [];
  for (const name of names) {
    if (!isBaselineName(name)) {
      const bot = botByName(name);
      if (!bot) return { error: `unknown bot "${name}"` };
      bots.push(bot);
      continue;
    }
    if (baseline === undefined)
      return {
        error: `"${name}" needs --baseline DIR, a checkout of the project with its packages built (npx tsc -b)`,
      };
    if (other === undefined) {
      const entry = baselineEntry(baseline);
      if (!existsSync(entry))
        return { error: `--baseline ${baseline}: no ${entry}; build that checkout first (npx tsc -b)` };
      other = (await import(pathToFileURL(entry).href)) as typeof other;
    }
    const bot = other!.botByName(name.slice(BASELINE.length));
    if (!bot) return { error: `unknown bot "${name.slice(BASELINE.length)}" in the baseline build` };
    bots.push({ name: `${BASELINE}${bot.name}`, choose: (game, view, rng) => bot.choose(game, view, rng) });
  }
  return bots;
}

/** A deal's place in its game: the rounds after it, and the running totals per side before it. */
export interface GameContext {
  readonly roundsAfter: number;
  readonly sideTotals: readonly number[];
}

interface GameFields {
  readonly round: number;
  readonly lastRound?: number | null;
  readonly totals?: readonly number[];
  /** Oi-bana's running totals: its bankrolls, payments adding to them. */
  readonly bankrolls?: readonly number[];
}

/**
 * `bot` playing a one-round deal as a round of a longer game: the view it is handed shows
 * the game's totals (per seat or per side, as the game keeps them) and a last round
 * `roundsAfter` rounds away, as a real game's view would.
 */
export function inGame(bot: Bot, context: GameContext, sideOfSeat: (seat: number) => number): Bot {
  return {
    name: bot.name,
    choose(game, view, rng) {
      const fields = view as unknown as GameFields;
      const running = (totals: readonly number[]) => {
        const perSeat = totals.length !== context.sideTotals.length;
        return totals.map((t, i) => t + context.sideTotals[perSeat ? sideOfSeat(i) : i]);
      };
      const lastRound =
        fields.lastRound === undefined ? {} : { lastRound: fields.round + context.roundsAfter };
      // Oi-bana keeps its totals as bankrolls (its legal bids stay those of the deal's own bankroll).
      const totals =
        fields.totals !== undefined
          ? { totals: running(fields.totals) }
          : fields.bankrolls !== undefined
            ? { bankrolls: running(fields.bankrolls) }
            : {};
      return bot.choose(game, { ...view, ...lastRound, ...totals } as typeof view, rng);
    },
  };
}
