/**
 * How the page talks to a table: protocol messages only. The table may run in a Web Worker
 * in this page (offline play) or on a server behind a WebSocket; the UI sees no difference.
 */
import type { Action } from '@hanafuda/engine';
import type { ClientMessage, TableMessage } from '@hanafuda/protocol';

export interface Transport {
  send(message: ClientMessage): void;
  /** Registers the listener of every table message; returns a function that removes it. */
  onMessage(listener: (message: TableMessage) => void): () => void;
  close(): void;
}

/** A game kept in the browser (state/local-games.ts): its id, and the actions it had reached when it is resumed. */
export interface SavedGame {
  readonly id: string;
  readonly actions: readonly Action[];
}

/** The table to host: a game against bots (a config and seed), or a guided first game (a lesson's id). */
export type TableStart =
  | {
      readonly config: unknown;
      readonly seed: string;
      readonly botDelayMs: number;
      readonly saved?: SavedGame;
    }
  | { readonly lesson: string; readonly name: string; readonly botDelayMs: number };

/** The first message a page sends to its worker: the table to host (outside the protocol, as creating a room is). */
export interface StartTable {
  readonly start: TableStart;
}

/** A listener list shared by the transports. */
export class Listeners {
  private readonly listeners = new Set<(message: TableMessage) => void>();
  add(listener: (message: TableMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(message: TableMessage): void {
    for (const listener of this.listeners) listener(message);
  }
}

/** A seed from the browser's cryptographic RNG: 128 bits as hex. */
export function randomSeed(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
