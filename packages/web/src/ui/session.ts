/** Starting a table for the page: the transport (a Web Worker here), the seed, the bot pace. */
import { type Action, RULES_VERSION } from '@hanafuda/engine';
import type { TableConfig } from '@hanafuda/protocol';
import type { BoardModel } from '@hanafuda/table';
import { hasStorage, saveGame, type LocalGame } from '../state/local-games.js';
import { TableClient } from '../state/table-client.js';
import { localTransport } from '../transport/local-transport.js';
import { randomSeed, type SavedGame, type TableStart, type Transport } from '../transport/transport.js';
import { workerTransport } from '../transport/worker-transport.js';

/**
 * Starts a table against bots, or resumes a stored one (`resume`); with storage, the game is
 * kept as it is played (state/local-games.ts). URL parameters for tests and demos: `?seed=`
 * fixes the shuffle, `?botDelay=` the bots' pace (ms), `?inline` skips the worker.
 * `seed` is given for a replayed deal (config.startAt): the seed of the game it comes from.
 */
export function startTable(
  config: TableConfig,
  params: URLSearchParams = new URLSearchParams(location.search),
  resume?: { game: LocalGame; actions: readonly Action[] },
  seed?: string,
): LocalTable {
  seed = resume?.game.seed ?? seed ?? (params.get('seed') || randomSeed());
  const saved: SavedGame | undefined = hasStorage()
    ? { id: resume?.game.id ?? randomSeed(), actions: resume?.actions ?? [] }
    : undefined;
  const client = new TableClient(
    transportFor({ config, seed, botDelayMs: botDelayOf(params), saved }, params),
  );
  if (saved)
    trackLocalGame(
      client,
      resume?.game ?? { id: saved.id, config, seed, startedAt: Date.now(), rules: RULES_VERSION },
      !resume,
    );
  return { client, id: saved?.id ?? null, config, seed };
}

/** A guided first game (a lesson of @hanafuda/table): not stored, it starts over each time. */
export function startLesson(
  lesson: string,
  name: string,
  params: URLSearchParams = new URLSearchParams(location.search),
): TableClient {
  return new TableClient(transportFor({ lesson, name, botDelayMs: botDelayOf(params) }, params));
}

function botDelayOf(params: URLSearchParams): number {
  const delay = Number(params.get('botDelay') ?? 700);
  return Number.isFinite(delay) && delay >= 0 ? delay : 700;
}

const transportFor = (start: TableStart, params: URLSearchParams): Transport =>
  params.has('inline') || typeof Worker === 'undefined' ? localTransport(start) : workerTransport(start);

export interface LocalTable {
  readonly client: TableClient;
  readonly config: TableConfig;
  readonly seed: string;
  /** The stored game's id (null where the browser has no storage). */
  readonly id: string | null;
}

/** Writes the game's status to storage at each update (the actions themselves are stored by the table). */
function trackLocalGame(
  client: TableClient,
  game: Pick<LocalGame, 'id' | 'config' | 'seed' | 'startedAt' | 'rules'>,
  isNew: boolean,
): void {
  const save = (board: BoardModel | null) => {
    const status = board
      ? { round: board.round, lastRound: board.lastRound, totals: board.totals, over: board.toMove === null }
      : { round: 1, lastRound: null, totals: [], over: false };
    saveGame({
      id: game.id,
      config: game.config,
      seed: game.seed,
      rules: game.rules ?? RULES_VERSION,
      startedAt: game.startedAt,
      updatedAt: Date.now(),
      ...status,
    }).catch((e: unknown) => console.error('the game could not be saved:', e));
  };
  if (isNew) save(null);
  client.subscribe((next, previous) => {
    if (next.board && next.updates !== previous.updates) save(next.board);
  });
}

export function downloadJson(name: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
