/**
 * The rating arithmetic: OpenSkill (Weng-Lin), the `openskill` package's default model
 * (Plackett-Luce) and default constants (μ 25, σ 25/3, β 25/6, τ 25/300), for every format: it
 * rates two players, a free-for-all of any size and teams alike, from the places alone, with
 * equal places as a draw. Glicko-2 would rate only the 2-player formats; one system for all
 * keeps every format's numbers on one footing and one piece of code.
 */
import { rate, rating } from 'openskill';
import type { RatedResult } from './result.js';

/** What the model knows of a player in a format: the skill's mean and its uncertainty. */
export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

/** A newcomer's skill: the library's prior. */
export const NEWCOMER: Skill = rating();

/** A result that cannot be rated (a bug in whoever made it): nothing of it is applied. */
export class BadRatedResult extends Error {}

/** Checks a result's shape: two teams or more, a place each, every account once. */
export function checkRatedResult(result: RatedResult): void {
  const bad = (why: string) => new BadRatedResult(`rated game ${result.game}: ${why}`);
  if (typeof result.format !== 'string' || result.format === '') throw bad('no format');
  if (typeof result.game !== 'string' || result.game === '') throw bad('no game id');
  if (result.teams.length < 2) throw bad('fewer than two teams');
  if (result.ranks.length !== result.teams.length)
    throw bad(`${result.ranks.length} places for ${result.teams.length} teams`);
  if (!result.ranks.every((r) => Number.isInteger(r) && r >= 1))
    throw bad(`places must be whole numbers from 1: ${result.ranks.join(', ')}`);
  const accounts = result.teams.flat();
  if (result.teams.some((t) => t.length === 0)) throw bad('a team without a player');
  if (accounts.some((a) => typeof a !== 'string' || a === '')) throw bad('an empty account id');
  if (new Set(accounts).size !== accounts.length) throw bad('an account in two seats');
  if (!result.forfeited.every((a) => accounts.includes(a))) throw bad('a forfeiter who did not play');
}

/**
 * Each team's place as rated: a team with a forfeiter last (all such teams tied for last,
 * whatever place the table gave them), the others in their order; places numbered 1, 2, 3… with
 * equal places kept equal.
 */
export function ratedPlaces(result: RatedResult): number[] {
  const forfeits = result.teams.map((team) => team.some((a) => result.forfeited.includes(a)));
  const kept = [...new Set(result.ranks.filter((_, i) => !forfeits[i]))].sort((a, b) => a - b);
  return result.ranks.map((r, i) => (forfeits[i] ? kept.length + 1 : kept.indexOf(r) + 1));
}

/** One player's skill before and after a game. */
export interface SkillChange {
  readonly account: string;
  readonly before: Skill;
  readonly after: Skill;
  /** The player's team's place as rated (ratedPlaces). */
  readonly place: number;
}

/** The game's update: every player's skill after it, from their skills before (a newcomer's absent). */
export function rateGame(result: RatedResult, skills: ReadonlyMap<string, Skill>): SkillChange[] {
  checkRatedResult(result);
  const places = ratedPlaces(result);
  const before = result.teams.map((team) => team.map((a) => skills.get(a) ?? NEWCOMER));
  const after = rate(before, { rank: places });
  return result.teams.flatMap((team, t) =>
    team.map((account, i) => ({
      account,
      before: before[t][i],
      after: { mu: after[t][i].mu, sigma: after[t][i].sigma },
      place: places[t],
    })),
  );
}
