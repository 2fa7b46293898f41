/**
 * The positions the search benchmark times, the same on every run: one-round games (2 players, Nara's 4)
 * from fixed seeds, played by the greedy bot (deterministic), and every decision on the way
 * that the search bot would simulate.
 */
import { type BotView, greedyChoice, oneRound, searches } from '@hanafuda/bots';
import type { GameModule } from '@hanafuda/engine';

/**
 * Searched decisions of seeded games, in order: `(game, seed) => views`; a one-round game by
 * default, else the first round of a game of the default length (`whole`: not its last round).
 */
export function searchedDecisions(game: GameModule, seed: string, whole = false): BotView[] {
  const start = game.newGame({ players: game.minPlayers, options: whole ? {} : oneRound(game), seed });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  const views: BotView[] = [];
  for (let seat = game.toMove(state); seat !== null; seat = game.toMove(state)) {
    const view = game.view(state, seat) as BotView;
    if (whole && view.round > 1) break;
    if (searches(view)) views.push(view);
    const next = game.apply(state, greedyChoice(view));
    if (!next.ok) throw new Error(`greedy's choice was refused: ${next.error.message}`);
    state = next.value.state;
  }
  return views;
}

/** The first searched decision of `count` fresh rounds. */
export function firstDecisions(game: GameModule, count: number): BotView[] {
  const views: BotView[] = [];
  for (let i = 0; views.length < count; i++)
    views.push(...searchedDecisions(game, `bench-position-${i}`).slice(0, 1));
  return views;
}

/** `count` searched decisions after the first of their round, early to late, from as many rounds as it takes. */
export function midGameDecisions(game: GameModule, count: number): BotView[] {
  const views: BotView[] = [];
  for (let i = 0; views.length < count; i++)
    views.push(...searchedDecisions(game, `bench-position-${i}`).slice(1));
  return views.slice(0, count);
}
