/** An arena thread: plays the deals it is given and posts their outcomes, in the order given. */
import { parentPort, workerData } from 'node:worker_threads';
import { type ArenaSpec, playDeal } from './arena-deal.js';

const { spec, deals } = workerData as { spec: ArenaSpec; deals: number[] };
parentPort!.postMessage(deals.map((deal) => playDeal(spec, deal)));
