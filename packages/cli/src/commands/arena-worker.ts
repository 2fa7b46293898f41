/** An arena thread: plays the whole games it is given, posting `{ dealt: 1 }` after each deal (for the progress line) and each game's outcomes as it ends. */
import { parentPort, workerData } from 'node:worker_threads';
import { loadBots } from './arena-bots.js';
import { type ArenaSpec, type SeatingOutcome, playDeals } from './arena-deal.js';

/** What a thread says: a deal played, a game's outcomes (per deal, per seating), or why it stopped. */
export type WorkerMessage =
  | { readonly dealt: 1 }
  | { readonly deals: number[]; readonly outcomes: SeatingOutcome[][] }
  | { readonly error: string };

const post = (m: WorkerMessage) => parentPort!.postMessage(m);

async function play(): Promise<void> {
  const { spec, games } = workerData as { spec: ArenaSpec; games: number[][] };
  const bots = await loadBots(spec.botNames, spec.baseline);
  if ('error' in bots) throw new Error(bots.error);
  for (const deals of games)
    post({ deals, outcomes: playDeals(spec, deals, bots, () => post({ dealt: 1 })) });
}

play().catch((error: unknown) => post({ error: error instanceof Error ? error.message : String(error) }));
