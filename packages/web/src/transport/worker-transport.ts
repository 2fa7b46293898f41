/** The offline transport: the table runs in a Web Worker in this page. */
import type { ClientMessage, TableMessage } from '@hanafuda/protocol';
import { Listeners, type StartTable, type TableStart, type Transport } from './transport.js';

export function workerTransport(start: TableStart): Transport {
  const worker = new Worker(new URL('./table-worker.ts', import.meta.url), { type: 'module' });
  const listeners = new Listeners();
  worker.onmessage = (event: MessageEvent<TableMessage>) => listeners.emit(event.data);
  const message: StartTable = { start };
  worker.postMessage(message);
  return {
    send: (message: ClientMessage) => worker.postMessage(JSON.stringify(message)),
    onMessage: (listener) => listeners.add(listener),
    close: () => worker.terminate(),
  };
}
