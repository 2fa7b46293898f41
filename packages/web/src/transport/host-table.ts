/** Hosts one Table for the page's player: shared by the Web Worker and the in-page transport (tests). */
import { parseTableConfig, errorMessage, type TableMessage } from '@hanafuda/protocol';
import type { Action } from '@hanafuda/engine';
import { Table, lessonById, lessonTable } from '@hanafuda/table';
import { hasStorage, saveAction } from '../state/local-games.js';
import type { SavedGame, TableStart } from './transport.js';

export interface HostedTable {
  /** A raw protocol message from the page's player. */
  receive(text: string): void;
  close(): void;
}

/** Hosts what the page asked for: a game against bots, or a lesson (not stored: it is short and always starts over). */
export function hostStart(start: TableStart, send: (message: TableMessage) => void): HostedTable | null {
  if (!('lesson' in start)) return hostTable(start.config, start.seed, start.botDelayMs, send, start.saved);
  const lesson = lessonById(start.lesson);
  if (!lesson) {
    send(errorMessage('bad-lesson', `no lesson "${start.lesson}"`));
    return null;
  }
  const created = lessonTable(lesson, start.name, { botDelayMs: start.botDelayMs });
  if (!created.ok) {
    send(errorMessage(created.error.code, created.error.message));
    return null;
  }
  return hosted(created.value, lesson.learner, send);
}

/** The page's player connected to a table, in a seat (or as a spectator). */
function hosted(table: Table, seat: number | null, send: (message: TableMessage) => void): HostedTable {
  const connection = table.connect(seat, send);
  return { receive: (text) => void table.receive(connection, text), close: () => table.close() };
}

/** The seat the page's player sits in: the first human seat (a spectator when every seat is a bot). */
export function humanSeat(config: { seats: readonly { kind: string }[] }): number | null {
  const seat = config.seats.findIndex((s) => s.kind === 'human');
  return seat < 0 ? null : seat;
}

/**
 * Hosts the table; with `saved`, each accepted action is stored before anyone sees it, and
 * a game that had already begun is rebuilt from its actions.
 */
export function hostTable(
  rawConfig: unknown,
  seed: string,
  botDelayMs: number,
  send: (message: TableMessage) => void,
  saved?: SavedGame,
): HostedTable | null {
  const config = parseTableConfig(rawConfig);
  if (!config.ok) {
    send(errorMessage(config.error.code, config.error.message));
    return null;
  }
  // A storage failure (a full disk) must not stop the game: it goes on unsaved, and says so in the console.
  const persist =
    saved && hasStorage()
      ? ({ seq, action }: { seq: number; action: Action }) =>
          saveAction(saved.id, seq, action).catch((e: unknown) =>
            console.error('the game could not be saved:', e),
          )
      : undefined;
  const hooks = { botDelayMs, persist };
  const created =
    saved && saved.actions.length > 0
      ? Table.restore(config.value, seed, saved.actions, hooks)
      : Table.create(config.value, seed, hooks);
  if (!created.ok) {
    send(errorMessage(created.error.code, created.error.message));
    return null;
  }
  return hosted(created.value, humanSeat(config.value), send);
}
