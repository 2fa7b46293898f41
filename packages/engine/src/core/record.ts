/**
 * Game records: rules + options + seed + the action list, versioned and human-readable
 * JSON. Replaying a record reproduces every event exactly.
 */
import { type Action, parseAction } from './actions.js';
import type { SplitEvent } from './events.js';
import type { GameModule, GameSetup, StartAt } from './game.js';
import { err, ok, type Result } from './result.js';

export const RECORD_FORMAT = 'hanafuda-record';
export const RECORD_VERSION = 1;

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  readonly game: string;
  readonly players: number;
  readonly teams?: readonly (readonly number[])[];
  readonly options: Readonly<Record<string, unknown>>;
  readonly seed: string | number;
  /** A replayed deal's start (GameSetup.startAt); absent for a game from round 1. */
  readonly startAt?: StartAt;
  readonly actions: readonly Action[];
}

export function makeRecord(game: string, setup: GameSetup, actions: readonly Action[]): GameRecord {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    game,
    players: setup.players,
    ...(setup.teams ? { teams: setup.teams } : {}),
    options: (setup.options ?? {}) as Record<string, unknown>,
    seed: setup.seed,
    ...(setup.startAt ? { startAt: setup.startAt } : {}),
    actions,
  };
}

export function parseRecord(text: string): Result<GameRecord> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return err('bad-json', `not valid JSON: ${(e as Error).message}`);
  }
  const r = raw as Record<string, unknown>;
  if (typeof raw !== 'object' || raw === null || r.format !== RECORD_FORMAT) return err('bad-record', `not a game record (no "format": "${RECORD_FORMAT}")`);
  if (r.version !== RECORD_VERSION) return err('bad-record', `record version ${JSON.stringify(r.version)} is not supported (this engine reads version ${RECORD_VERSION})`);
  if (typeof r.game !== 'string' || !Number.isInteger(r.players) || !(typeof r.seed === 'string' || typeof r.seed === 'number') || !Array.isArray(r.actions)) {
    return err('bad-record', 'a record needs "game", "players", "seed" and "actions"');
  }
  for (let i = 0; i < r.actions.length; i++) {
    const a = parseAction(r.actions[i]);
    if (!a.ok) return err('bad-record', `action ${i}: ${a.error.message}`);
  }
  return ok(raw as GameRecord);
}

export interface ReplayStep<S> {
  /** Absent for the start of the game (the deal). */
  readonly action?: Action;
  readonly events: readonly SplitEvent[];
  readonly state: S;
}

/** Replays a record step by step; an action the rules refuse is an error naming it. */
export function replayRecord<S>(game: GameModule<S>, record: GameRecord): Result<ReplayStep<S>[]> {
  const start = game.newGame({ players: record.players, teams: record.teams, options: record.options, seed: record.seed, startAt: record.startAt });
  if (!start.ok) return start;
  const steps: ReplayStep<S>[] = [{ events: start.value.events, state: start.value.state }];
  let state = start.value.state;
  for (let i = 0; i < record.actions.length; i++) {
    const next = game.apply(state, record.actions[i]);
    if (!next.ok) return err('bad-record', `action ${i} (${JSON.stringify(record.actions[i])}) is refused: ${next.error.message}`);
    state = next.value.state;
    steps.push({ action: record.actions[i], events: next.value.events, state });
  }
  return ok(steps);
}
