/**
 * Scenario files (docs/scenarios.md): parse untrusted JSON into a setup, run its
 * actions on the game's module, and compare the outcome with the file's `expect`.
 */
import { parseAction } from './actions.js';
import { type Card, cardById, cardIds } from './cards.js';
import type { GameModule } from './game.js';
import { err, ok, type Result } from './result.js';
import type { Outcome, ScenarioDeal, ScenarioSetup } from './scenario-types.js';

export interface Scenario {
  readonly setup: ScenarioSetup;
  readonly actions: readonly unknown[];
  readonly expect?: Readonly<Record<string, unknown>>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isSeatList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));

function cards(value: unknown, where: string): Result<Card[]> {
  if (!Array.isArray(value)) return err('bad-scenario', `${where} must be a list of card ids`);
  const out: Card[] = [];
  for (const id of value) {
    const c = typeof id === 'string' ? cardById(id) : undefined;
    if (c === undefined) return err('unknown-card', `${where}: unknown card ${JSON.stringify(id)}`);
    out.push(c);
  }
  return ok(out);
}

function cardLists(value: unknown, where: string): Result<Card[][]> {
  if (!Array.isArray(value)) return err('bad-scenario', `${where} must be a list (one entry per seat)`);
  const out: Card[][] = [];
  for (let i = 0; i < value.length; i++) {
    const r = cards(value[i], `${where}[${i}]`);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

function claim(value: unknown, where: string): Result<{ seat: number; with: Card } | undefined> {
  if (value === undefined) return ok(undefined);
  if (!isObject(value) || !Number.isInteger(value.seat) || typeof value.with !== 'string') {
    return err('bad-scenario', `${where} must be {"seat": N, "with": CARD}`);
  }
  const c = cardById(value.with);
  if (c === undefined)
    return err('unknown-card', `${where}.with: unknown card ${JSON.stringify(value.with)}`);
  return ok({ seat: value.seat as number, with: c });
}

function parseDeal(raw: unknown, top: Json): Result<ScenarioDeal> {
  if (!isObject(raw)) return err('bad-scenario', '"deal" must be an object');
  const deal: Record<string, unknown> = {};
  for (const key of ['hands', 'captured', 'draws'] as const) {
    if (raw[key] === undefined) continue;
    const r = cardLists(raw[key], `deal.${key}`);
    if (!r.ok) return r;
    deal[key] = r.value;
  }
  for (const key of ['field', 'pile'] as const) {
    if (raw[key] === undefined) continue;
    const r = cards(raw[key], `deal.${key}`);
    if (!r.ok) return r;
    deal[key] = r.value;
  }
  if (raw.piles !== undefined) {
    if (!Array.isArray(raw.piles))
      return err('bad-scenario', 'deal.piles must be a list (two piles per seat)');
    const piles: Card[][][] = [];
    for (let i = 0; i < raw.piles.length; i++) {
      const r = cardLists(raw.piles[i], `deal.piles[${i}]`);
      if (!r.ok) return r;
      piles.push(r.value);
    }
    deal.piles = piles;
  }
  for (const key of ['gaji', 'blank'] as const) {
    const r = claim(raw[key], `deal.${key}`);
    if (!r.ok) return r;
    if (r.value) deal[key] = r.value;
  }
  if (raw.toMove !== undefined) {
    if (!Number.isInteger(raw.toMove)) return err('bad-scenario', 'deal.toMove must be a seat number');
    deal.toMove = raw.toMove;
  }
  if (raw.teamDealers !== undefined) {
    const ok =
      Array.isArray(raw.teamDealers) && raw.teamDealers.every((x) => x === null || Number.isInteger(x));
    if (!ok)
      return err('bad-scenario', 'deal.teamDealers must be a list with a seat number (or null) per team');
    deal.teamDealers = raw.teamDealers as (number | null)[];
  }
  // docs/scenarios.md names these beside the deal; accept them in the deal or at the top level.
  for (const key of ['koikoi', 'lastTotal'] as const) {
    const value = raw[key] ?? top[key];
    if (value === undefined) continue;
    if (!isSeatList(value))
      return err('bad-scenario', `${key} must be a list of whole numbers, one per seat`);
    deal[key] = value;
  }
  return ok(deal as ScenarioDeal);
}

/** Parses a scenario file's text; every problem is a one-line message. */
export function parseScenario(text: string): Result<Scenario> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return err('bad-json', `not valid JSON: ${(e as Error).message}`);
  }
  if (!isObject(raw)) return err('bad-scenario', 'a scenario must be a JSON object');
  if (typeof raw.game !== 'string') return err('bad-scenario', '"game" is missing');
  if (!Number.isInteger(raw.players)) return err('bad-scenario', '"players" must be a whole number');
  if (raw.teams !== undefined && !(Array.isArray(raw.teams) && raw.teams.every(isSeatList))) {
    return err('bad-scenario', '"teams" must be a list of seat lists, e.g. [[0, 2], [1, 3]]');
  }
  const dealer = raw.dealer ?? 0;
  if (!Number.isInteger(dealer)) return err('bad-scenario', '"dealer" must be a seat number');
  const round = raw.round ?? 1;
  if (!Number.isInteger(round) || (round as number) < 1)
    return err('bad-scenario', '"round" must be a whole number ≥ 1');
  if (raw.actions !== undefined && !Array.isArray(raw.actions))
    return err('bad-scenario', '"actions" must be a list');
  if (raw.expect !== undefined && !isObject(raw.expect))
    return err('bad-scenario', '"expect" must be an object');
  const deal = parseDeal(raw.deal, raw);
  if (!deal.ok) return deal;
  return ok({
    setup: {
      name: typeof raw.name === 'string' ? raw.name : '(unnamed)',
      game: raw.game,
      players: raw.players as number,
      teams: raw.teams as number[][] | undefined,
      options: raw.options,
      dealer: dealer as number,
      round: round as number,
      deal: deal.value,
    },
    actions: (raw.actions as unknown[] | undefined) ?? [],
    expect: raw.expect as Json | undefined,
  });
}

export type GameLookup = (id: string) => GameModule | undefined;

/** Runs a scenario's actions. A setup error is an error; a rejected action is part of the outcome. */
export function runScenario(scenario: Scenario, games: GameLookup): Result<Outcome> {
  const game = games(scenario.setup.game);
  if (!game) return err('unknown-game', `game "${scenario.setup.game}" is not implemented yet`);
  const start = game.fromScenario(scenario.setup);
  if (!start.ok) return start;
  let state = start.value.state;
  for (let i = 0; i < scenario.actions.length; i++) {
    const fail = (message: string): Result<Outcome> =>
      ok({ ...game.outcome(state), error: { action: i, message } });
    if (game.toMove(state) === null) return fail('the round is over; no more actions are taken');
    const action = parseAction(scenario.actions[i]);
    if (!action.ok) return fail(action.error.message);
    const next = game.apply(state, action.value);
    if (!next.ok) return fail(next.error.message);
    state = next.value.state;
  }
  return ok(game.outcome(state));
}

const CARD_FIELDS = new Set(['captured', 'field', 'discarded']);

/** Normalises a field for comparison: card lists sorted in deck order, yaku lists sorted. */
function normalise(key: string, value: unknown): unknown {
  if (key === 'field' || key === 'discarded') return Array.isArray(value) ? sortIds(value) : value;
  if (key === 'captured')
    return Array.isArray(value) ? value.map((v) => (Array.isArray(v) ? sortIds(v) : v)) : value;
  if (key === 'yaku')
    return Array.isArray(value) ? value.map((v) => (Array.isArray(v) ? v.slice().sort() : v)) : value;
  return value;
}

function sortIds(ids: unknown[]): unknown[] {
  const known = ids.map((id) => (typeof id === 'string' ? cardById(id) : undefined));
  return known.every((c) => c !== undefined) ? cardIds(known as Card[]) : ids;
}

/** The differences between `expect` and the outcome, one phrase each; empty when the scenario passes. */
export function compareOutcome(
  expect: Readonly<Record<string, unknown>> | undefined,
  actual: Outcome,
): string[] {
  const differences: string[] = [];
  const wanted = expect ?? {};
  if (actual.error && !('error' in wanted))
    differences.push(`action ${actual.error.action} was rejected: ${actual.error.message}`);
  for (const [key, value] of Object.entries(wanted)) {
    const got = (actual as unknown as Record<string, unknown>)[key];
    if (key === 'error') {
      const problem = compareError(value, actual.error);
      if (problem) differences.push(problem);
      continue;
    }
    if (CARD_FIELDS.has(key)) {
      const bad = findUnknownCard(value);
      if (bad !== undefined) {
        differences.push(`expect.${key} names an unknown card ${JSON.stringify(bad)}`);
        continue;
      }
    }
    const a = JSON.stringify(normalise(key, value));
    const b = JSON.stringify(normalise(key, got ?? (key === 'redeal' ? false : got)));
    if (a !== b) differences.push(`${key}: expected ${a}, got ${b ?? 'nothing'}`);
  }
  return differences;
}

function findUnknownCard(value: unknown): unknown {
  const flat = Array.isArray(value) ? value.flat() : [];
  return flat.find((id) => typeof id !== 'string' || cardById(id) === undefined);
}

function compareError(wanted: unknown, actual: Outcome['error']): string | undefined {
  if (wanted === false || wanted === null)
    return actual ? `error: expected none, got action ${actual.action}: ${actual.message}` : undefined;
  if (!actual) return 'error: expected an action to be rejected, but every action was accepted';
  if (!isObject(wanted)) return undefined;
  if (wanted.action !== undefined && wanted.action !== actual.action) {
    return `error: expected action ${JSON.stringify(wanted.action)} to be rejected, but action ${actual.action} was: ${actual.message}`;
  }
  if (
    typeof wanted.message === 'string' &&
    !actual.message.toLowerCase().includes(wanted.message.toLowerCase())
  ) {
    return `error: expected a message containing ${JSON.stringify(wanted.message)}, got ${JSON.stringify(actual.message)}`;
  }
  return undefined;
}

/** Checks that `parts` hold every card of `deck` exactly once; names the first problem. */
export function checkCardsOnce(deck: readonly Card[], parts: readonly (readonly Card[])[]): Result<true> {
  const seen = new Map<Card, number>();
  for (const part of parts) for (const c of part) seen.set(c, (seen.get(c) ?? 0) + 1);
  for (const [c, n] of seen) {
    if (!deck.includes(c)) return err('bad-deal', `${cardIds([c])[0]} is not in this game's deck`);
    if (n > 1) return err('bad-deal', `${cardIds([c])[0]} appears ${n} times`);
  }
  const missing = deck.filter((c) => !seen.has(c));
  if (missing.length > 0)
    return err(
      'bad-deal',
      `the deal leaves out ${missing.length} card(s): ${cardIds(missing).slice(0, 6).join(', ')}${missing.length > 6 ? ', ...' : ''}`,
    );
  return ok(true);
}
