/// <reference lib="webworker" />
/** The Web Worker that reviews a finished game (bots' reviewGame), so the page stays responsive meanwhile. */
import { ReviewError, reviewGame } from '@hanafuda/bots';
import type { ReviewReply, ReviewRequest } from './review-messages.js';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: ReviewReply) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<ReviewRequest>) => {
  const { record, seat, budget } = event.data;
  try {
    const review = reviewGame(record, {
      seat,
      budget,
      onProgress: (done, total) => reply({ type: 'progress', done, total }),
    });
    reply({ type: 'done', review });
  } catch (e) {
    reply({
      type: 'error',
      message: e instanceof ReviewError ? e.message : `internal error: ${(e as Error).message}`,
    });
  }
};
