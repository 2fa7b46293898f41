/**
 * How close a search budget's decisions come to a much larger search's: on fixed positions,
 * how often the two choose differently, and what the difference costs by the larger search's
 * own values. A quick proxy for where a level loses strength, long before an arena run
 * can tell (the reference's values are themselves estimates, and favour its own choice).
 */
import { type BotView, type SearchBudget, searchOutcome } from '@hanafuda/bots';
import { seedRng, sameAction } from '@hanafuda/engine';

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
export function agreement(views: readonly BotView[], budget: SearchBudget, reference: SearchBudget, referenceSeed = 'agreement-reference'): Agreement {
  let differ = 0;
  let loss = 0;
  let capped = 0;
  views.forEach((view, i) => {
    const mine = searchOutcome(view, seedRng(`agreement-${i}`), budget);
    if (mine.moves > (budget.moves ?? Infinity)) capped++;
    const ref = searchOutcome(view, seedRng(`${referenceSeed}-${i}`), reference);
    if (sameAction(mine.action, ref.action)) return;
    differ++;
    const chosen = ref.values[view.actions.findIndex((a) => sameAction(a, mine.action))];
    let best = -Infinity;
    for (const v of ref.values) if (v !== null && v.mean > best) best = v.mean;
    // An action the reference never simulated (none: both searches rule out the same candidates) counts no loss.
    if (chosen) loss += best - chosen.mean;
  });
  return { positions: views.length, differ, meanLoss: views.length === 0 ? 0 : loss / views.length, capped };
}
