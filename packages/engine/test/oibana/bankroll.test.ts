/**
 * Oi-bana's bankrolls (docs/rules.md 3.11, decided by us where 000 is silent): a bankroll may go
 * below zero; a player at zero or below may bid 0 only; the game is won by the highest bankroll
 * after the last round, a tie shared.
 */
import { describe, expect, it } from 'vitest';
import { oibana, randomInt, seedRng, type OibanaState } from '../../src/index.js';

describe('Oi-bana bankrolls', () => {
  it('lets a bankroll go below zero, then takes only a bid of 0 from it; the highest bankroll wins the game', () => {
    let negativeBids = 0;
    for (let seed = 0; seed < 40; seed++) {
      const start = oibana.newGame({
        players: 3,
        seed,
        options: { bankroll: 20, chu: 'double', basa: 'triple', rounds: 6 },
      });
      if (!start.ok) throw new Error(start.error.message);
      let s: OibanaState = start.value.state;
      const rng = seedRng(seed);
      let end: { totals: number[]; winners: number[] } | undefined;
      while (oibana.toMove(s) !== null) {
        const seat = oibana.toMove(s)!;
        const legal = oibana.legalActions(s);
        if (s.phase === 'bid' && s.bankrolls[seat] < 0) {
          negativeBids++;
          expect(legal).toEqual([{ seat, bid: 0 }]);
          const refused = oibana.apply(s, { seat, bid: 1 });
          expect(refused.ok).toBe(false);
          if (!refused.ok) expect(refused.error.code).toBe('bid-too-high');
        }
        // The highest bid on offer, so that payments are large and bankrolls fall below zero.
        const action = s.phase === 'bid' ? legal[legal.length - 1] : legal[randomInt(rng, legal.length)];
        const next = oibana.apply(s, action);
        if (!next.ok) throw new Error(next.error.message);
        s = next.value.state;
        const e = next.value.events.find((x) => x.public.type === 'game-end');
        if (e) end = e.public as unknown as { totals: number[]; winners: number[] };
      }
      expect(end!.totals).toEqual(s.bankrolls);
      const best = Math.max(...s.bankrolls);
      expect(end!.winners).toEqual(s.bankrolls.flatMap((b, seat) => (b === best ? [seat] : [])));
    }
    expect(negativeBids).toBeGreaterThan(0);
  });
});
