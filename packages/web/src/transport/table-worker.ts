/// <reference lib="webworker" />
/** The Web Worker that hosts the page's table (engine and bots), relaying protocol messages. */
import type { TableMessage } from '@hanafuda/protocol';
import { hostStart, type HostedTable } from './host-table.js';
import type { StartTable } from './transport.js';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let hosted: HostedTable | null = null;

scope.onmessage = (event: MessageEvent<StartTable | string>) => {
  const data = event.data;
  if (typeof data === 'string') hosted?.receive(data);
  else if (hosted === null) hosted = hostStart(data.start, (m: TableMessage) => scope.postMessage(m));
};
