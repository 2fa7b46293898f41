/**
 * The rating a player is shown, and when it is provisional: one formula, here alone.
 *
 * Shown = the library's ordinal, μ − 3σ (a skill the player is very likely above), scaled as
 * 1000 + 40·(μ − 3σ): a newcomer (μ 25, σ 25/3) shows 1000; each point of μ is 40; as games
 * narrow σ the number settles near 1000 + 40·(μ − 3σ) with σ ≈ 2–3 (an even player about
 * 1650–1750). A player's shown rating can rise after a loss early on (σ shrinks faster than μ
 * falls): that is what a conservative rating does, and why a new one is marked provisional.
 *
 * Provisional while σ > 6.5: the model still knows little. σ falls from 8.33 to 6.5 in about 9
 * two-player games, 12 in a 4-player free-for-all or 2×2 teams, 20 in a 7-player game (each
 * place says less of each player there). A bound on σ, not on a count of games, is the same
 * measure of what is known in every format. Provisional ratings stay off the leaderboards.
 */
import { ordinal } from 'openskill';
import type { Skill } from './arithmetic.js';

/** The scale: a point of μ shows as this many points. */
export const SCALE = 40;
/** What a skill of μ − 3σ = 0 (a newcomer's) shows. */
export const BASE = 1000;
/** Above this σ a rating is provisional. */
export const PROVISIONAL_SIGMA = 6.5;

/** The shown rating, unrounded (the leaderboard orders by it); show it rounded (`rounded`). */
export const shownRating = (skill: Skill): number => ordinal(skill, { alpha: SCALE, target: BASE });

export const rounded = (skill: Skill): number => Math.round(shownRating(skill));

export const isProvisional = (skill: Skill): boolean => skill.sigma > PROVISIONAL_SIGMA;
