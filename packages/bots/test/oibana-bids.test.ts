/**
 * Oi-bana bids against the bankrolls (RULES.md 3.11): a loss never takes more than the
 * bankroll, Chu and Basa multipliers included; in the game's last round the bid is the game's.
 */
import { type Action, type OibanaView, oibana } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { greedyChoice } from '../src/index.js';

const STRONG = [
  'pine-crane',
  'cherry-curtain',
  'susuki-moon',
  'willow-rainman',
  'paulownia-phoenix',
  'pine-poetry',
  'plum-poetry',
  'cherry-poetry',
];
const WEAK = [
  'pine-chaff-1',
  'plum-chaff-1',
  'cherry-chaff-1',
  'wisteria-chaff-1',
  'iris-chaff-1',
  'peony-chaff-1',
  'clover-chaff-1',
  'susuki-chaff-1',
];

/** Seat 0's bid in a 2-player game with these options, hand and bankrolls, in round `round` of 6. */
function bidOf(options: Record<string, unknown>, hand: string[], bankrolls: number[], round = 1): number {
  const start = oibana.newGame({ players: 2, options, seed: 'bids' });
  if (!start.ok) throw new Error(start.error.message);
  const view = oibana.view(start.value.state, start.value.state.toMove) as OibanaView;
  const me = view.viewer!;
  const mine = bankrolls[0];
  const seen: OibanaView = {
    ...view,
    hand,
    round,
    lastRound: 6,
    bankrolls: me === 0 ? bankrolls : [bankrolls[1], bankrolls[0]],
    // The legal bids of a bankroll of `mine`: the engine's offers up to it, and all of it.
    actions: [
      ...new Set([...view.actions.map((a) => (a as { bid: number }).bid).filter((b) => b <= mine), mine]),
    ].map((b) => ({ seat: me, bid: b }) as Action),
  };
  return (greedyChoice(seen) as { bid: number }).bid;
}

describe('Oi-bana bids against the bankrolls', () => {
  it('under loser-bid, the share of the bankroll is what a loss takes, multipliers included', () => {
    expect(bidOf({ oiPays: 'loser-bid' }, STRONG, [1000, 1000])).toBe(100);
    // Basa triples the payment: the same hand bids what, tripled, stays within the share.
    expect(bidOf({ oiPays: 'loser-bid', basa: 'triple' }, STRONG, [1000, 1000])).toBe(20);
    expect(bidOf({ oiPays: 'loser-bid', chu: 'double' }, STRONG, [1000, 1000])).toBe(50);
  });

  it('under winner-bid, a strong hand bids its bankroll (its prize), a weak one nothing', () => {
    expect(bidOf({}, STRONG, [1000, 1000])).toBe(1000);
    expect(bidOf({}, WEAK, [1000, 1000])).toBe(0);
  });

  it('in the last round, behind or level: the most (only a won duel wins the game), whatever the hand', () => {
    expect(bidOf({}, WEAK, [850, 1000], 6)).toBe(850);
    expect(bidOf({}, WEAK, [1000, 1000], 6)).toBe(1000);
    expect(bidOf({}, WEAK, [850, 1000], 5)).toBe(0);
  });

  it('in the last round, behind under loser-bid: the most a loss can take from the bankroll, multiplier included', () => {
    expect(bidOf({ oiPays: 'loser-bid' }, WEAK, [300, 1700], 6)).toBe(300);
    expect(bidOf({ oiPays: 'loser-bid', basa: 'triple' }, WEAK, [300, 1700], 6)).toBe(100);
  });

  it('in the last round, ahead under loser-bid: never a bid whose loss hands the lead over', () => {
    expect(bidOf({ oiPays: 'loser-bid' }, STRONG, [1150, 1000], 6)).toBe(50);
    expect(bidOf({ oiPays: 'loser-bid' }, STRONG, [1150, 1000], 5)).toBe(100);
    // Under winner-bid a loss costs the other's bid, not mine: the usual bid.
    expect(bidOf({}, STRONG, [1150, 1000], 6)).toBe(1150);
  });
});
