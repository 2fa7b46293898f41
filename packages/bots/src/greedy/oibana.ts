/**
 * Greedy Oi-bana (RULES.md 3.11): bid from the hand's strength (points, yaku started, the
 * Gaji), against the bankrolls; then play the Sakura round as greedy Sakura.
 *
 * The payment rule sets the scale. Under `winner-bid` (the default) a winner is paid its own
 * bid and a loser pays the other's, so a strong hand bids high: its bid is its prize. Under
 * `loser-bid` a loser pays its own bid, so bids stay small, and a bid is what a loss takes:
 * never more than the bankroll, Chu and Basa multipliers included. The game is won by the
 * bankrolls after its last round, so that round's bid is the game's (`lastRoundBid`).
 */
import {
  type Action,
  GAJI,
  type OibanaView,
  SAKURA_VALUES,
  SAKURA_YAKU,
  type SakuraView,
  sakuraVictoryCount,
} from '@hanafuda/engine';
import { ids } from './evaluate.js';

/** Bids by hand strength (an average 8-card hand is worth about 40 points), as a share of the bankroll, per payment rule. */
const BID_STEPS: Readonly<Record<'winner-bid' | 'loser-bid', readonly [strength: number, share: number][]>> =
  {
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

/** The most a payment can be multiplied by: a round's largest victory count under Chu and Basa (1 with neither). */
export const maxMultiplier = (view: OibanaView): number =>
  sakuraVictoryCount([Number.MAX_SAFE_INTEGER, 0], 0, false, view.options).count;

/** What losing the round costs me at most per unit of my bid: under `loser-bid` the multiplier; under `winner-bid` nothing of mine (a loss costs the other's bid). */
const lossPerBid = (view: OibanaView): number =>
  view.options.oiPays === 'loser-bid' ? maxMultiplier(view) : 0;

/** The largest of `bids` at most `target`, else the smallest. */
const upTo = (bids: readonly number[], target: number): number => {
  const within = bids.filter((b) => b <= target);
  return within.length > 0 ? Math.max(...within) : Math.min(...bids);
};

/**
 * The last round's bid, for the game (the most money after it wins). Behind or level, only a
 * won duel can win the game and a larger loss loses nothing more: the most, to be one of the
 * two highest bidders who play and (under `winner-bid`) to win the most. Ahead, a loss must
 * not cost the lead: under `loser-bid` my loss goes to my opponent, so it stays below half the
 * lead; under `winner-bid` my bid risks nothing of mine (a loss costs the other's bid).
 */
function lastRoundBid(view: OibanaView, bids: readonly number[], usual: number, loss: number): number {
  const me = view.viewer!;
  const lead = view.bankrolls[me] - Math.max(...view.bankrolls.filter((_, seat) => seat !== me));
  if (lead <= 0) return Math.max(...bids);
  return upTo(
    bids.filter((b) => 2 * b * loss < lead),
    usual,
  );
}

function bid(view: OibanaView): Action {
  const bankroll = Math.max(0, view.bankrolls[view.viewer!]);
  const share =
    BID_STEPS[view.options.oiPays].find(([strength]) => handStrength(ids(view.hand)) >= strength)?.[1] ?? 0;
  const loss = lossPerBid(view);
  // The share is of what a loss may take: under `loser-bid`, the bid times the multiplier.
  const usual = (share * bankroll) / (loss > 0 ? loss : 1);
  // Never a bid whose loss would take more than the bankroll (a bid of 0 risks nothing).
  const bids = view.actions.map((a) => (a as { bid: number }).bid).filter((b) => b * loss <= bankroll);
  const chosen = view.round >= view.lastRound ? lastRoundBid(view, bids, usual, loss) : upTo(bids, usual);
  return view.actions.find((a) => (a as { bid: number }).bid === chosen)!;
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
