/** A search thread: makes the bot decisions (and hints) the server's event loop hands it, one at a time. */
import { parentPort } from 'node:worker_threads';
import { type DecisionRequest, decideNow } from '@hanafuda/table';

parentPort!.on('message', ({ id, request }: { id: number; request: DecisionRequest }) => {
  try {
    parentPort!.postMessage({ id, action: decideNow(request) });
  } catch (e) {
    parentPort!.postMessage({ id, error: (e as Error).message });
  }
});
