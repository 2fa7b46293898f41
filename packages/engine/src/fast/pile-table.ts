/** A fast table with one shared draw pile (Sakura, Oi-bana's duel, Koi-Koi); Nara's per-seat piles are its own. */
import { FastTable } from './table.js';

export abstract class PileTable extends FastTable {
  /** The pile, top first from `pileTop`; cards before it are drawn. */
  readonly pile = new Int8Array(48);
  pileTop = 0;
  pileEnd = 0;

  protected loadPile(pile: readonly number[]): void {
    this.pile.set(pile);
    this.pileTop = 0;
    this.pileEnd = pile.length;
  }

  protected copyPile(o: PileTable): void {
    this.copyTable(o);
    this.pile.set(o.pile);
    this.pileTop = o.pileTop;
    this.pileEnd = o.pileEnd;
  }

  /** Replaces the pile with `cards[from .. from + count)`, drawn from the first (a sampled pile). */
  setPile(cards: Int8Array, from: number, count: number): void {
    for (let k = 0; k < count; k++) this.pile[k] = cards[from + k];
    this.pileTop = 0;
    this.pileEnd = count;
  }
}
