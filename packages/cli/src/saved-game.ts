/**
 * A game file as the commands read it: a bare game record (`hanafuda simulate --record`), or
 * a game the server saved (`/api/games/ID`: `{record, fairness, ...}`), which may carry the
 * hands a player noted (`deals`).
 */
import { type GameRecord, parseRecord } from '@hanafuda/engine';

export interface Fairness {
  readonly gameSeedHash?: string;
  readonly gameSeed?: string;
  readonly rounds?: readonly { round: number; hash: string; seed?: string }[];
}

/** A hand as the player saw it dealt. */
export interface NotedDeal {
  readonly round: number;
  readonly seat: number;
  readonly cards: readonly string[];
}

export interface SavedGame {
  readonly record: GameRecord;
  /** Absent from a bare record. */
  readonly fairness?: Fairness;
  readonly deals: readonly NotedDeal[];
  /** The game's end as the server saved it (its game-end event): the final totals. */
  readonly summary?: { readonly totals?: readonly number[] };
}

/** True when the text is a game file rather than something else (a scenario). */
export const looksLikeGame = (text: string): boolean => text.includes('"hanafuda-record"');

export function parseSavedGame(text: string): { value: SavedGame } | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { error: `not valid JSON: ${(e as Error).message}` };
  }
  const saved = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as {
    record?: unknown;
    fairness?: Fairness;
    deals?: NotedDeal[];
    summary?: SavedGame['summary'];
  };
  const wrapped = typeof saved.record === 'object' && saved.record !== null;
  const record = parseRecord(JSON.stringify(wrapped ? saved.record : raw));
  if (!record.ok) return { error: record.error.message };
  const summary =
    wrapped && typeof saved.summary === 'object' && saved.summary !== null ? { summary: saved.summary } : {};
  return {
    value: {
      record: record.value,
      ...(wrapped && saved.fairness ? { fairness: saved.fairness } : {}),
      deals: wrapped && Array.isArray(saved.deals) ? saved.deals : [],
      ...summary,
    },
  };
}
