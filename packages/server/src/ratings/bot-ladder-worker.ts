/** A thread of `npm run ratings:bots`: plays the ladder games it is given, posting each one's outcome as it ends. */
import { parentPort, workerData } from 'node:worker_threads';
import type { PoolId } from '@hanafuda/protocol';
import { playLadderGame } from './bot-ladder.js';

const { seed, games } = workerData as { seed: string; games: [PoolId, number][] };
try {
  for (const [pool, index] of games) parentPort!.postMessage(playLadderGame(pool, index, seed));
} catch (e) {
  parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
}
