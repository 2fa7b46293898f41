/**
 * Games against bots, kept in the browser's IndexedDB as they are played, so a reload or a
 * closed tab resumes them. A game is its table config and seed (written by the page, with a
 * short status for the list) and its accepted actions (written by the table, in the worker,
 * before anyone sees them); the engine replays them to the same position.
 * IndexedDB's own API, wrapped in a few promises: four calls do not need a library.
 */
import { makeRecord, type Action, type GameRecord } from '@hanafuda/engine';
import type { TableConfig } from '@hanafuda/protocol';

export interface LocalGame {
  readonly id: string;
  readonly config: TableConfig;
  readonly seed: string;
  /** The engine's RULES_VERSION the game was started under (absent in games saved before it was: version 1); another version is not resumed. */
  readonly rules?: number;
  /** Milliseconds since 1970: when the game started and when it last changed. */
  readonly startedAt: number;
  readonly updatedAt: number;
  /** Where the game stands, for the list: the round, its last round, each side's total, whether it is over. */
  readonly round: number;
  readonly lastRound: number | null;
  readonly totals: readonly number[];
  readonly over: boolean;
}

const DB = 'hanafuda';
const GAMES = 'games';
/** Keyed [game id, seq]: an action is added once, never rewritten. */
const ACTIONS = 'actions';
/** Finished games kept for the list; older ones are removed when a game starts. */
export const KEEP_FINISHED = 30;

export const hasStorage = (): boolean => typeof indexedDB !== 'undefined';

let opened: Promise<IDBDatabase> | null = null;

function db(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(GAMES, { keyPath: 'id' });
      request.result.createObjectStore(ACTIONS);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB would not open'));
  });
  return opened;
}

/** Runs `body` in one transaction over `stores`; resolves with its result once the transaction has committed. */
async function transact<T>(
  stores: string[],
  mode: IDBTransactionMode,
  body: (tx: IDBTransaction) => IDBRequest<T> | void,
): Promise<T> {
  const tx = (await db()).transaction(stores, mode);
  const request = body(tx);
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(request ? request.result : (undefined as T));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

const actionRange = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

export function saveGame(game: LocalGame): Promise<void> {
  return transact([GAMES], 'readwrite', (tx) => void tx.objectStore(GAMES).put(game));
}

/** Stores the table's accepted action number `seq`. */
export function saveAction(id: string, seq: number, action: Action): Promise<void> {
  return transact([ACTIONS], 'readwrite', (tx) => void tx.objectStore(ACTIONS).put(action, [id, seq]));
}

/** Every stored game, the latest first. */
export async function listGames(): Promise<LocalGame[]> {
  const games = await transact<LocalGame[]>([GAMES], 'readonly', (tx) => tx.objectStore(GAMES).getAll());
  return games.sort((a, b) => b.updatedAt - a.updatedAt);
}

export async function loadGame(id: string): Promise<{ game: LocalGame; actions: Action[] } | null> {
  const [game, actions] = await Promise.all([
    transact<LocalGame | undefined>([GAMES], 'readonly', (tx) => tx.objectStore(GAMES).get(id)),
    transact<Action[]>([ACTIONS], 'readonly', (tx) => tx.objectStore(ACTIONS).getAll(actionRange(id))),
  ]);
  return game ? { game, actions } : null;
}

export function deleteGame(id: string): Promise<void> {
  return transact([GAMES, ACTIONS], 'readwrite', (tx) => {
    tx.objectStore(GAMES).delete(id);
    tx.objectStore(ACTIONS).delete(actionRange(id));
  });
}

/** Removes the oldest finished games beyond `KEEP_FINISHED`. */
export async function pruneFinished(): Promise<void> {
  const finished = (await listGames()).filter((g) => g.over);
  for (const game of finished.slice(KEEP_FINISHED)) await deleteGame(game.id);
}

/** A stored game as a record the replay page opens. */
export function recordOf(game: LocalGame, actions: readonly Action[]): GameRecord {
  const { players, teams, options, startAt } = game.config;
  return {
    ...makeRecord(
      game.config.game,
      { players, teams, options: options ?? {}, seed: game.seed, startAt },
      actions,
    ),
    rules: game.rules ?? 1,
  };
}
