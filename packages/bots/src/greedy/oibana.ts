/**
 * Greedy Oi-bana (RULES.md 3.11): bid from the hand's strength (points, yaku started, the
 * Gaji), never beyond the bankroll; then play the Sakura round as greedy Sakura.
 *
 * The payment rule sets the scale. Under `winner-bid` (the default) a winner is paid its own
 * bid and a loser pays the other's, so a strong hand bids high: its bid is its prize. Under
 * `loser-bid` a loser pays its own bid, so bids stay small.
 */
import { type Action, GAJI, type OibanaView, SAKURA_VALUES, SAKURA_YAKU, type SakuraView } from '@hanafuda/engine';
import { ids } from './evaluate.js';

/** Bids by hand strength (an average 8-card hand is worth about 40 points), as a share of the bankroll, per payment rule. */
const BID_STEPS: Readonly<Record<'winner-bid' | 'loser-bid', readonly [strength: number, share: number][]>> = {
  'winner-bid': [
    [90, 1],
    [70, 0.5],
    [55, 0.2],
    [45, 0.05],
  ],
  'loser-bid': [
    [90, 0.1],
    [70, 0.05],
    [55, 0.02],
  ],
};

export function handStrength(hand: readonly number[]): number {
  let strength = hand.reduce((n, c) => n + SAKURA_VALUES[c], 0);
  for (const y of SAKURA_YAKU) if (y.cards.filter((c) => hand.includes(c)).length >= 2) strength += 20;
  if (hand.includes(GAJI)) strength += 15;
  return strength;
}

function bid(view: OibanaView): Action {
  const share = BID_STEPS[view.options.oiPays].find(([strength]) => handStrength(ids(view.hand)) >= strength)?.[1] ?? 0;
  const target = share * Math.max(0, view.bankrolls[view.viewer!]);
  const bids = view.actions.map((a) => (a as { bid: number }).bid);
  const affordable = bids.filter((b) => b <= target);
  const chosen = affordable.length > 0 ? Math.max(...affordable) : Math.min(...bids);
  return view.actions[bids.indexOf(chosen)];
}

/** The duel as the Sakura view of my duel seat, with my legal actions in duel seats. */
export function duelView(view: OibanaView): SakuraView {
  const seat = view.duelists!.indexOf(view.viewer!);
  return { ...view.duel!, actions: view.actions.map((a) => ({ ...a, seat })) };
}

export function greedyOibana(view: OibanaView, playSakura: (duel: SakuraView) => Action): Action {
  if (view.phase === 'bid') return bid(view);
  return { ...playSakura(duelView(view)), seat: view.viewer! };
}
