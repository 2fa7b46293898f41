/** Helpers for determinization: the cards a seat cannot see, dealt out at random. */
import { type Card, type RngState, shuffled } from '@hanafuda/engine';

/** The deck minus every card the view shows. */
export function unseenCards(deck: readonly Card[], seen: Iterable<Card>): Card[] {
  const known = new Set(seen);
  return deck.filter((c) => !known.has(c));
}

/**
 * Deals `pool` at random into parts of the given sizes (a hand, a pile), after placing
 * `fixed` cards (inferred to belong to a part). Throws when the sizes do not add up: a
 * view that disagrees with itself is a bug worth seeing.
 */
export function dealHidden(rng: RngState, pool: readonly Card[], sizes: readonly number[], fixed: readonly (readonly Card[])[] = []): Card[][] {
  const taken = new Set(fixed.flat());
  const rest = shuffled(rng, pool.filter((c) => !taken.has(c)));
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total !== pool.length) throw new Error(`determinization: ${pool.length} hidden cards for ${total} places`);
  let next = 0;
  return sizes.map((size, i) => {
    const part = (fixed[i] ?? []).slice();
    const need = size - part.length;
    part.push(...rest.slice(next, next + need));
    next += need;
    return part;
  });
}
