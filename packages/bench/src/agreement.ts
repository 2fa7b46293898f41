/**
 * How close a search budget's decisions come to a much larger search's: on fixed positions,
 * how often the two choose differently, and what the difference costs by the larger search's
 * own values. A quick proxy for where a level loses strength, long before an arena run
 * can tell (the reference's values are themselves estimates, and favour its own choice).
 */
import { type BotView, type SearchBudget, type SearchOutcome, searchOutcome } from '@hanafuda/bots';
import { type Action, seedRng, sameAction } from '@hanafuda/engine';

/**
 * What choosing `action` costs by a reference search's values: its best mean less the
 * action's. An action the reference never simulated (none when both searches rule out the
 * same candidates) costs nothing.
 */
export function lossBy(reference: SearchOutcome, actions: readonly Action[], action: Action): number {
  const chosen = reference.values[actions.findIndex((a) => sameAction(a, action))];
  let best = -Infinity;
  for (const v of reference.values) if (v !== null && v.mean > best) best = v.mean;
  return chosen ? best - chosen.mean : 0;
}

export interface Agreement {
  readonly positions: number;
  /** Positions where the budget's action is not the reference's. */
  readonly differ: number;
  /** Mean over all positions of (the reference's best mean − its mean for the budget's action), in reward points. */
  readonly meanLoss: number;
  /** Positions where the budget's moves cap cut its search (it played past the cap's moves). */
  readonly capped: number;
}

/**
 * The budget's decisions against the reference's on `views`, each search seeded by the
 * position's index, the reference by its own stream (`referenceSeed`) so that its samples are
 * not the budget's.
 */
export function agreement(
  views: readonly BotView[],
  budget: SearchBudget,
  reference: SearchBudget,
  referenceSeed = 'agreement-reference',
): Agreement {
  let differ = 0;
  let loss = 0;
  let capped = 0;
  views.forEach((view, i) => {
    const mine = searchOutcome(view, seedRng(`agreement-${i}`), budget);
    if (mine.moves > (budget.moves ?? Infinity)) capped++;
    const ref = searchOutcome(view, seedRng(`${referenceSeed}-${i}`), reference);
    if (sameAction(mine.action, ref.action)) return;
    differ++;
    loss += lossBy(ref, view.actions, mine.action);
  });
  return { positions: views.length, differ, meanLoss: views.length === 0 ? 0 : loss / views.length, capped };
}
