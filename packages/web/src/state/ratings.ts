/**
 * The ratings' HTTP API as the profile and leaderboard pages read it (docs/protocol.md,
 * *Ratings*), and what those pages compute from it: a rating chart's geometry and a
 * leaderboard's paging (the server's `after` cursors, kept to go back).
 */
import {
  type BoardEntry,
  type BoardPage,
  type PlayerRatings,
  POOL_IDS,
  type PoolId,
  type PoolRating,
  type RatedGame,
  type RatingServerMessage,
} from '@hanafuda/protocol';

export { POOL_IDS, type PoolId };

/** What `/api/ratings/ACCOUNT` answers: a member's ratings, each with its last rated games. */
export type Profile = PlayerRatings;
export type { BoardEntry, BoardPage, PoolRating, RatedGame };

/** Rated games a profile asks for, per pool: the chart's points and the list. */
export const PROFILE_HISTORY = 100;
/** Players on a leaderboard page: one phone screen or two. */
export const BOARD_PAGE = 25;

export const isPoolId = (id: string): id is PoolId => (POOL_IDS as readonly string[]).includes(id);

async function get<T>(path: string): Promise<T | null> {
  const res = await fetch(path, { headers: { accept: 'application/json' } });
  if (res.status === 404) return null;
  const body = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(body.error ?? res.statusText);
  return body;
}

/** A member's ratings with their history; null for a guest or an account that is no more. */
export const fetchProfile = (account: string): Promise<Profile | null> =>
  get<Profile>(`api/ratings/${encodeURIComponent(account)}?history=${PROFILE_HISTORY}`);

/**
 * How a member's rating moved in one rated game, read from their ratings' history (what the
 * `rating` message said at the time, for a page that was not there to hear it: it was
 * reloaded after the game); null if that game is not (yet) in it. The count of games and the
 * provisional mark are those of the game if it is the member's last in its pool, else now's.
 */
export async function ratingOfGame(account: string, game: string): Promise<RatingServerMessage | null> {
  const profile = await fetchProfile(account);
  for (const r of profile?.ratings ?? []) {
    const at = r.history.findIndex((h) => h.game === game);
    if (at < 0) continue;
    const { before, after, place, forfeited } = r.history[at];
    const later = r.history.length - 1 - at;
    return {
      v: 1,
      type: 'rating',
      game,
      format: r.format,
      before,
      after,
      place,
      forfeited,
      provisional: r.provisional,
      games: r.games - later,
    };
  }
  return null;
}

/** One page of a pool's leaderboard, after the cursor `after` (the first page without one). */
export async function fetchBoard(pool: PoolId, after: string | null): Promise<BoardPage> {
  const page = await get<BoardPage>(
    `api/leaderboard/${pool}?limit=${BOARD_PAGE}${after === null ? '' : `&after=${encodeURIComponent(after)}`}`,
  );
  if (!page) throw new Error(`no leaderboard ${pool}`);
  return page;
}

/**
 * Where a leaderboard is: the cursor each page so far was read after (null for the first), so
 * the page before is read again from its own cursor (the API pages forward only).
 */
export interface BoardPaging {
  readonly pool: PoolId;
  readonly cursors: readonly (string | null)[];
}

export const firstPage = (pool: PoolId): BoardPaging => ({ pool, cursors: [null] });
export const currentCursor = (p: BoardPaging): string | null => p.cursors[p.cursors.length - 1] ?? null;
export const pageNumber = (p: BoardPaging): number => p.cursors.length;
/** The page after the one shown, whose answer said `next`. */
export const nextPage = (p: BoardPaging, next: string): BoardPaging => ({
  ...p,
  cursors: [...p.cursors, next],
});
export const previousPage = (p: BoardPaging): BoardPaging =>
  p.cursors.length > 1 ? { ...p, cursors: p.cursors.slice(0, -1) } : p;

/** A rating chart's drawing, in its own units (the SVG's viewBox). */
export interface ChartGeometry {
  readonly width: number;
  readonly height: number;
  /** The plot's box inside it (room left for the axis labels). */
  readonly plot: {
    readonly left: number;
    readonly top: number;
    readonly right: number;
    readonly bottom: number;
  };
  /** The line's points: the rating before the first game, then after each. */
  readonly points: readonly { readonly x: number; readonly y: number; readonly rating: number }[];
  /** Horizontal grid lines at round ratings, with their height. */
  readonly ticks: readonly { readonly y: number; readonly rating: number }[];
}

/** A whole step (ratings are whole) for about four grid lines over `span`: 1, 2, 5, 10, 20, 25, 50, 100, … */
export function niceStep(span: number): number {
  const rough = Math.max(span, 4) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return (
    [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough && Number.isInteger(s)) ?? 10 * power
  );
}

/**
 * The chart of a pool's history: x is the game's number (evenly spaced, so a day of many games
 * reads as well as a quiet month), y the shown rating, scaled to the grid's round values.
 */
export function chartOf(history: readonly RatedGame[], width = 360, height = 160): ChartGeometry {
  const plot = { left: 40, top: 8, right: width - 8, bottom: height - 20 };
  if (history.length === 0) return { width, height, plot, points: [], ticks: [] };
  const ratings = [history[0]!.before, ...history.map((g) => g.after)];
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const step = niceStep(high - low);
  const bottom = Math.floor(low / step) * step;
  const top = Math.max(Math.ceil(high / step) * step, bottom + step);
  const y = (r: number) => plot.bottom - ((r - bottom) / (top - bottom)) * (plot.bottom - plot.top);
  const x = (i: number) =>
    ratings.length < 2
      ? (plot.left + plot.right) / 2
      : plot.left + (i / (ratings.length - 1)) * (plot.right - plot.left);
  const ticks = [];
  for (let r = bottom; r <= top; r += step) ticks.push({ y: y(r), rating: r });
  return {
    width,
    height,
    plot,
    points: ratings.map((rating, i) => ({ x: x(i), y: y(rating), rating })),
    ticks,
  };
}
