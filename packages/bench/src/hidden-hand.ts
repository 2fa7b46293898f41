/**
 * What Koi-Koi's hidden hand costs a search, and how much of that a sampler wins back: on
 * positions of rounds that `expert` plays against itself (so that the opponent's plays are
 * an expert's, as the inference assumes), each search's decision is priced by a large
 * reference search shown the opponent's hand (SearchBudget's `opponentHand`). A search that
 * knew the hand would lose only its own noise; one that samples the hand uniformly loses what
 * the hidden cards are worth; an inferring sampler loses less by what the plays told it.
 * Paired over the same positions, two samplers compare in minutes where the arena takes hours
 * (the reference's values favour what the hand tells, so this prices information only: a
 * change to the rollouts or the value needs the arena).
 */
import { type BotView, type SearchBudget, botForLevel, searchOutcome, searches } from '@hanafuda/bots';
import { type Card, type KoiKoiState, type KoiKoiView, koikoi, seedRng } from '@hanafuda/engine';
import { lossBy } from './agreement.js';

/** A decision of the seat to move, and the opponent's hand then (which the view hides). */
export interface HandPosition {
  readonly view: KoiKoiView;
  readonly opponentHand: readonly Card[];
}

/**
 * The hand plays that the search simulates in the first round of Koi-Koi games of the default
 * length (seeds `${seed}-0` …; not the last round, whose stake is the game's) played by
 * `expert` at both seats, from the opponent's first play of the round on (before it, its
 * plays say nothing and every sampler is the uniform one).
 */
export function handPositions(games: number, seed: string): HandPosition[] {
  const positions: HandPosition[] = [];
  const bot = botForLevel('expert');
  for (let r = 0; r < games; r++) {
    const start = koikoi.newGame({ players: 2, seed: `${seed}-${r}` });
    if (!start.ok) throw new Error(start.error.message);
    let state = start.value.state as KoiKoiState;
    const rngs = [seedRng(`${seed}-${r}:0`), seedRng(`${seed}-${r}:1`)];
    for (let seat = koikoi.toMove(state); seat !== null; seat = koikoi.toMove(state)) {
      const view = koikoi.view(state, seat) as KoiKoiView;
      if (view.round > 1) break;
      if (view.phase === 'hand' && searches(view as BotView) && view.plays.some((p) => p.seat !== seat)) {
        positions.push({ view, opponentHand: [...state.hands[1 - seat]] });
      }
      const next = koikoi.apply(state, bot.choose(koikoi, view as BotView, rngs[seat]));
      if (!next.ok) throw new Error(`expert's choice was refused: ${next.error.message}`);
      state = next.value.state as KoiKoiState;
    }
  }
  return positions;
}

/** A search to price: its budget, and whether it too is shown the opponent's hand. */
export interface PricedSearch {
  readonly budget: SearchBudget;
  readonly shown?: boolean;
}

/**
 * Per search, per position: what its decision costs by `reference`'s values, the reference
 * shown the opponent's hand. The searches share a stream seeded by the position's index, the
 * reference has its own (`seed`), so that the searches compare paired on the same values.
 */
export function handLosses(
  positions: readonly HandPosition[],
  priced: readonly PricedSearch[],
  reference: SearchBudget,
  seed = 'hidden-hand',
): number[][] {
  const losses = priced.map(() => [] as number[]);
  positions.forEach(({ view, opponentHand }, i) => {
    const ref = searchOutcome(view as BotView, seedRng(`${seed}-reference-${i}`), {
      ...reference,
      opponentHand,
    });
    priced.forEach(({ budget, shown }, k) => {
      const mine = searchOutcome(
        view as BotView,
        seedRng(`${seed}-${i}`),
        shown ? { ...budget, opponentHand } : budget,
      );
      losses[k].push(lossBy(ref, view.actions, mine.action));
    });
  });
  return losses;
}
