/**
 * A store whose writes survive short outages (a PostgreSQL restart, a full disk being
 * cleared): each write is tried again after growing pauses before its error reaches the
 * caller, and every failure and recovery is logged. A retried write that in fact landed
 * the first time (the connection dropped after the commit) is recognised and counts as done.
 */
import type { Action } from '@hanafuda/engine';
import { isDeepStrictEqual } from 'node:util';
import { type FinishedGame, FencedOut, type Store, StorageFailed } from './store.js';
import type { Log } from '../ops/log.js';

export interface RetryOptions {
  /** Pauses before the second, third… attempt (ms); the write fails after the last. */
  readonly delaysMs: readonly number[];
  readonly log: Log;
  /** Each attempt after a failed one, and each write that failed after every attempt (metrics). */
  readonly onRetry?: () => void;
  readonly onFailure?: () => void;
}

/** About 3 seconds in all: long enough for a connection to come back, short enough for a person waiting on an answer. */
export const DEFAULT_RETRY_DELAYS_MS = [100, 400, 1000, 1500];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function withRetries(store: Store, options: RetryOptions): Store {
  let failing = false;
  /** Runs `write`; when an attempt after the first fails, `landed` says whether an earlier one committed after all. */
  async function retried(
    what: string,
    write: () => Promise<void>,
    landed: () => Promise<boolean>,
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await write();
        if (failing) options.log.info({ write: what }, 'storage: working again');
        failing = false;
        return;
      } catch (e) {
        // Another process owns the room now: trying again cannot help.
        if (e instanceof FencedOut) throw e;
        if (attempt > 0 && (await landed().catch(() => false))) return;
        if (attempt >= options.delaysMs.length) {
          failing = true;
          options.log.error(
            { write: what, attempts: attempt + 1, err: e },
            'storage: a write failed after every attempt',
          );
          options.onFailure?.();
          throw new StorageFailed(what, e);
        }
        await pause(options.delaysMs[attempt]);
        options.onRetry?.();
      }
    }
  }
  /** A read is not retried (its caller answers at once), but its failure is known as the store's. */
  const read = <T>(what: string, query: () => Promise<T>): Promise<T> =>
    query().catch((e: unknown) => {
      throw new StorageFailed(what, e);
    });
  const sameAction = async (gameId: string, seq: number, action: Action) =>
    isDeepStrictEqual((await store.actions(gameId))[seq], action);
  return {
    kind: store.kind,
    sql: store.sql,
    actions: (gameId) => read(`read the actions of ${gameId}`, () => store.actions(gameId)),
    liveRooms: () => read('read the live rooms', () => store.liveRooms()),
    room: (id) => read(`read room ${id}`, () => store.room(id)),
    turnClock: (id) => read(`read the turn clock of room ${id}`, () => store.turnClock(id)),
    finishedGame: (gameId) => read(`read the finished game ${gameId}`, () => store.finishedGame(gameId)),
    history: (name, limit) => read('read a history', () => store.history(name, limit)),
    close: () => store.close(),
    createRoom: (room, fence) =>
      retried(
        `create room ${room.id}`,
        () => store.createRoom(room, fence),
        async () => (await store.room(room.id)) !== null,
      ),
    abandonRoom: (id, fence) =>
      retried(
        `mark room ${id} abandoned`,
        () => store.abandonRoom(id, fence),
        async () => false,
      ),
    setRematch: (id, seats, fence) =>
      retried(
        `store the rematch confirmations of ${id}`,
        () => store.setRematch(id, seats, fence),
        async () => false,
      ),
    setTurnClock: (id, clock) =>
      retried(
        `set the turn clock of room ${id}`,
        () => store.setTurnClock(id, clock),
        async () => false,
      ),
    updateRoom: (id, seats, status, fence) =>
      retried(
        `update room ${id}`,
        () => store.updateRoom(id, seats, status, fence),
        async () => false,
      ),
    appendAction: (gameId, seq, action, fence) =>
      retried(
        `store action ${seq} of ${gameId}`,
        () => store.appendAction(gameId, seq, action, fence),
        () => sameAction(gameId, seq, action),
      ),
    finishGame: (game: FinishedGame, fence) =>
      retried(
        `store the finished game ${game.gameId}`,
        () => store.finishGame(game, fence),
        async () => (await store.finishedGame(game.gameId)) !== null,
      ),
  };
}
