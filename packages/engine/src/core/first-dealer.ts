/**
 * The first-dealer draw all three games use: each contender draws a card, the best rank
 * deals, and players tied for the best draw again from a fresh shuffle.
 */
import type { Card } from './cards.js';
import { type RngState, shuffled } from './rng.js';

export interface DealerDraw {
  readonly dealer: number;
  /** Each pass of the draw: the seats that drew and their cards. */
  readonly passes: readonly { readonly seats: readonly number[]; readonly cards: readonly Card[] }[];
}

/** `rank` orders cards: lower deals first (e.g. the month, earliest first). */
export function drawForDealer(rng: RngState, players: number, deck: readonly Card[], rank: (card: Card) => number): DealerDraw {
  let contenders = Array.from({ length: players }, (_, seat) => seat);
  const passes: { seats: number[]; cards: Card[] }[] = [];
  while (contenders.length > 1) {
    const cards = shuffled(rng, deck).slice(0, contenders.length);
    passes.push({ seats: contenders, cards });
    const best = Math.min(...cards.map(rank));
    contenders = contenders.filter((_, i) => rank(cards[i]) === best);
  }
  return { dealer: contenders[0], passes };
}
