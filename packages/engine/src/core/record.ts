/**
 * Game records: rules + options + seed + the action list, versioned and human-readable
 * JSON. Replaying a record reproduces every event exactly, under the rules version it names:
 * a record of another rules version is refused with a message saying so.
 */
import { type Action, parseAction } from './actions.js';
import type { SplitEvent } from './events.js';
import type { GameModule, GameSetup, StartAt } from './game.js';
import { err, ok, type Result, type RuleError } from './result.js';
import { RULES_VERSION } from './rules-version.js';

export const RECORD_FORMAT = 'hanafuda-record';
export const RECORD_VERSION = 1;

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  /** The engine's RULES_VERSION the game was played under (absent in records written before it was recorded: version 1). */
  readonly rules?: number;
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
    rules: RULES_VERSION,
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
  if (typeof raw !== 'object' || raw === null || r.format !== RECORD_FORMAT)
    return err('bad-record', `not a game record (no "format": "${RECORD_FORMAT}")`);
  if (r.version !== RECORD_VERSION)
    return err(
      'bad-record',
      `record version ${JSON.stringify(r.version)} is not supported (this engine reads version ${RECORD_VERSION})`,
    );
  if (
    typeof r.game !== 'string' ||
    !Number.isInteger(r.players) ||
    !(typeof r.seed === 'string' || typeof r.seed === 'number') ||
    !Array.isArray(r.actions)
  ) {
    return err('bad-record', 'a record needs "game", "players", "seed" and "actions"');
  }
  const rules = otherRules(r as { rules?: unknown });
  if (rules) return err(rules.code, rules.message);
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
  const rules = otherRules(record);
  if (rules) return err(rules.code, rules.message);
  const start = game.newGame({
    players: record.players,
    teams: record.teams,
    options: record.options,
    seed: record.seed,
    startAt: record.startAt,
  });
  if (!start.ok) return start;
  const steps: ReplayStep<S>[] = [{ events: start.value.events, state: start.value.state }];
  let state = start.value.state;
  for (let i = 0; i < record.actions.length; i++) {
    const next = game.apply(state, record.actions[i]);
    if (!next.ok)
      return err(
        'bad-record',
        `action ${i} (${JSON.stringify(record.actions[i])}) is refused: ${next.error.message}`,
      );
    state = next.value.state;
    steps.push({ action: record.actions[i], events: next.value.events, state });
  }
  return ok(steps);
}

/** The rules version a record, stored room or saved game names; absent means 1, the version before any was written down. */
export const rulesOf = (saved: { readonly rules?: unknown }): unknown =>
  saved.rules === undefined ? 1 : saved.rules;

/** Why something made under another rules version cannot be replayed here, or undefined when it can. */
export function otherRules(saved: { readonly rules?: unknown }): RuleError | undefined {
  const rules = rulesOf(saved);
  if (rules === RULES_VERSION) return undefined;
  if (!Number.isInteger(rules) || (rules as number) < 1)
    return {
      code: 'bad-record',
      message: `"rules" must be a whole number of 1 or more (got ${JSON.stringify(rules)})`,
    };
  return {
    code: 'other-rules',
    message:
      `this game was played under rules version ${rules as number}, and this engine plays rules version ${RULES_VERSION}: ` +
      `replaying it here could deal or score it differently, so it is refused (open it with a release of the engine of rules version ${rules as number})`,
  };
}
