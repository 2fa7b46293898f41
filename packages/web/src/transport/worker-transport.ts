/** The offline transport: the table runs in a Web Worker in this page. */
import type { ClientMessage, TableConfig, TableMessage } from '@hanafuda/protocol';
import { Listeners, type SavedGame, type StartTable, type Transport } from './transport.js';

export function workerTransport(config: TableConfig, seed: string, botDelayMs: number, saved?: SavedGame): Transport {
  const worker = new Worker(new URL('./table-worker.ts', import.meta.url), { type: 'module' });
  const listeners = new Listeners();
  worker.onmessage = (event: MessageEvent<TableMessage>) => listeners.emit(event.data);
  const start: StartTable = { start: { config, seed, botDelayMs, saved } };
  worker.postMessage(start);
  return {
    send: (message: ClientMessage) => worker.postMessage(JSON.stringify(message)),
    onMessage: (listener) => listeners.add(listener),
    close: () => worker.terminate(),
  };
}
