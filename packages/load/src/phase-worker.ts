/** One thread of the load generator: plays its share of a phase's games when told to go (see phase.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { playGames } from './people.js';
import type { PhaseJob, PhaseReport } from './phase.js';

const port = parentPort!;
const job = workerData as PhaseJob;
const report = (r: PhaseReport) => port.postMessage(r);

port.once('message', () => {
  // A failure rejects out of the worker: the parent's phase sees the worker's error.
  void playGames(job.wsUrl, job.count, job.options, (room) => report({ type: 'room', room }), job.first).then(
    (result) => report({ type: 'done', result }),
  );
});
report({ type: 'ready' });
