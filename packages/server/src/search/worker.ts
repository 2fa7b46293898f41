/** A search thread: makes the bot decisions (and hints) the server's event loop hands it, one at a time. */
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type DecisionRequest, decideNow } from '@hanafuda/table';

/**
 * Searches yield the processor to the event loop: people's moves are answered first, and a
 * search waits a moment longer. On Linux a nice value is per thread (setpriority on "this
 * process" changes the calling thread only); elsewhere it would slow the whole server, so
 * it is left alone.
 */
const NICER_BY = 10;
if (process.platform === 'linux') {
  try {
    setPriority(Math.min(19, getPriority() + NICER_BY));
  } catch {
    // Not allowed here (a container's limits): searches run at the server's priority.
  }
}

parentPort!.on('message', ({ id, request }: { id: number; request: DecisionRequest }) => {
  try {
    parentPort!.postMessage({ id, decision: decideNow(request) });
  } catch (e) {
    parentPort!.postMessage({ id, error: (e as Error).message });
  }
});
