/** An arena thread: plays the deals it is given (whole games), posts `{ dealt: 1 }` after each (for the progress line), then their outcomes, in the order given. */
import { parentPort, workerData } from 'node:worker_threads';
import { type ArenaSpec, playDeals } from './arena-deal.js';

const { spec, deals } = workerData as { spec: ArenaSpec; deals: number[] };
playDeals(spec, deals, () => parentPort!.postMessage({ dealt: 1 })).then(
  (outcomes) => parentPort!.postMessage(outcomes),
  (error: unknown) =>
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
