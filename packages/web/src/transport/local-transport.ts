/** A table in the page's own thread, wired as the worker is: for tests. */
import type { ClientMessage, TableConfig, TableMessage } from '@hanafuda/protocol';
import { hostTable, type HostedTable } from './host-table.js';
import { Listeners, type SavedGame, type Transport } from './transport.js';

export function localTransport(config: TableConfig, seed: string, botDelayMs = 0, saved?: SavedGame): Transport {
  const listeners = new Listeners();
  let hosted: HostedTable | null = null;
  let closed = false;
  // Delivered asynchronously, as from a worker, so the UI never re-enters itself.
  const deliver = (m: TableMessage) => queueMicrotask(() => !closed && listeners.emit(m));
  queueMicrotask(() => {
    hosted = hostTable(config, seed, botDelayMs, deliver, saved);
  });
  return {
    send: (message: ClientMessage) => queueMicrotask(() => hosted?.receive(JSON.stringify(message))),
    onMessage: (listener) => listeners.add(listener),
    close: () => {
      closed = true;
      hosted?.close();
    },
  };
}
