/** The messages between the page and the review worker. */
import type { GameReview } from '@hanafuda/bots';
import type { GameRecord } from '@hanafuda/engine';

export interface ReviewRequest {
  readonly record: GameRecord;
  readonly seat: number;
  /** Simulations per decision; the review's default when absent. */
  readonly budget?: number;
}

export type ReviewReply =
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'done'; readonly review: GameReview }
  | { readonly type: 'error'; readonly message: string };

/** Reviews `request` in a new worker, reporting to `listener`; the returned function stops it. */
export function startReview(request: ReviewRequest, listener: (reply: ReviewReply) => void): () => void {
  const worker = new Worker(new URL('./review-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<ReviewReply>) => {
    listener(event.data);
    if (event.data.type !== 'progress') worker.terminate();
  };
  worker.onerror = (event) => {
    listener({ type: 'error', message: event.message || 'the review stopped' });
    worker.terminate();
  };
  worker.postMessage(request);
  return () => worker.terminate();
}
