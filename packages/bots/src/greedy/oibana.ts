/**
 * Greedy Oi-bana (RULES.md 3.11): bid from the hand's strength (points, yaku started, the
 * Gaji), never beyond the bankroll; then play the Sakura round as greedy Sakura.
 */
import { type Action, GAJI, type OibanaView, SAKURA_VALUES, SAKURA_YAKU, type SakuraView } from '@hanafuda/engine';
import { ids } from './evaluate.js';

/** Bids by hand strength: an average 8-card hand is worth about 40 points. */
const BID_STEPS: readonly [strength: number, bid: number][] = [
  [100, 200],
  [80, 100],
  [62, 50],
  [48, 20],
];

export function handStrength(hand: readonly number[]): number {
  let strength = hand.reduce((n, c) => n + SAKURA_VALUES[c], 0);
  for (const y of SAKURA_YAKU) if (y.cards.filter((c) => hand.includes(c)).length >= 2) strength += 20;
  if (hand.includes(GAJI)) strength += 15;
  return strength;
}

function bid(view: OibanaView): Action {
  const target = BID_STEPS.find(([strength]) => handStrength(ids(view.hand)) >= strength)?.[1] ?? 0;
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
