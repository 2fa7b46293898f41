/** A table in the page's own thread, wired as the worker is: for tests. */
import type { ClientMessage, TableMessage } from '@hanafuda/protocol';
import { hostStart, type HostedTable } from './host-table.js';
import { Listeners, type TableStart, type Transport } from './transport.js';

export function localTransport(start: TableStart): Transport {
  const listeners = new Listeners();
  let hosted: HostedTable | null = null;
  let closed = false;
  // Delivered asynchronously, as from a worker, so the UI never re-enters itself.
  const deliver = (m: TableMessage) => queueMicrotask(() => !closed && listeners.emit(m));
  queueMicrotask(() => {
    hosted = hostStart(start, deliver);
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
