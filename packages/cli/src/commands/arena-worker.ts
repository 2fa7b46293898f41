/** An arena thread: plays the deals it is given (whole games) and posts their outcomes, in the order given. */
import { parentPort, workerData } from 'node:worker_threads';
import { type ArenaSpec, playDeals } from './arena-deal.js';

const { spec, deals } = workerData as { spec: ArenaSpec; deals: number[] };
playDeals(spec, deals).then(
  (outcomes) => parentPort!.postMessage(outcomes),
  (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
