/** Starting a table for the page: the transport (a Web Worker here), the seed, the bot pace. */
import type { TableConfig } from '@hanafuda/protocol';
import { TableClient } from '../state/table-client.js';
import { localTransport } from '../transport/local-transport.js';
import { randomSeed } from '../transport/transport.js';
import { workerTransport } from '../transport/worker-transport.js';

/** URL parameters for tests and demos: `?seed=` fixes the shuffle, `?botDelay=` the bots' pace (ms), `?inline` skips the worker. */
export function startTable(config: TableConfig, params: URLSearchParams = new URLSearchParams(location.search)): TableClient {
  const seed = params.get('seed') || randomSeed();
  const delay = Number(params.get('botDelay') ?? 700);
  const botDelayMs = Number.isFinite(delay) && delay >= 0 ? delay : 700;
  const transport = params.has('inline') || typeof Worker === 'undefined' ? localTransport(config, seed, botDelayMs) : workerTransport(config, seed, botDelayMs);
  return new TableClient(transport);
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
