/**
 * Greedy Nara Hana-awase (RULES.md §5): captures valued by card points and the yaku they
 * build or break (Tsukimi dies with any willow), the wild blank, the dealer's takes, the
 * blind pile choice and the redeal offer.
 */
import {
  type Action,
  BLANK,
  type Card,
  NARA_DECK,
  NARA_VALUES,
  NARA_YAKU,
  type NaraView,
  actionCard,
  actionKind,
  monthOf,
} from '@hanafuda/engine';
import { best, captureGain, ids, playValue, type Sight } from './evaluate.js';

const WILLOW = 11;
/** Every other player pays a yaku's value. */
const PAYERS = 3;
/** Progress toward a yaku within reach, by cards still missing (1, 2, 3). */
const MISSING_PROGRESS = [1, 0.35, 0.12, 0.04];

export function naraPotential(own: readonly Card[], against: readonly Card[]): number {
  let value = 0;
  for (const c of own) value += NARA_VALUES[c];
  const willow = own.some((c) => monthOf(c) === WILLOW);
  for (const y of NARA_YAKU) {
    if (y.voidWithMonth !== undefined && willow) continue;
    if (y.cards.some((c) => against.includes(c))) continue;
    const missing = y.cards.filter((c) => !own.includes(c)).length;
    if (missing < MISSING_PROGRESS.length) value += PAYERS * y.value * MISSING_PROGRESS[missing];
  }
  return value;
}

export function naraSight(view: NaraView): Sight {
  const me = view.viewer!;
  const hand = ids(view.hand);
  const field = ids(view.field);
  const captured = view.captured.map(ids);
  const seen = new Set([...hand, ...field, ...captured.flat(), ...(view.pending ? ids([view.pending]) : [])]);
  return {
    hand,
    field,
    mine: captured[me],
    others: captured.filter((_, seat) => seat !== me),
    unseen: NARA_DECK.filter((c) => !seen.has(c)),
    opponentPlays: 2 * (view.players - 1),
    potential: naraPotential,
    worth: (c) => NARA_VALUES[c],
  };
}

/** Redeal a hand with no scoring card; a four of a month only when the month is poor. */
function wantsRedeal(view: NaraView): boolean {
  const hand = ids(view.hand);
  const points = hand.reduce((n, c) => n + NARA_VALUES[c], 0);
  if (points === 0) return true;
  const months = hand.map(monthOf);
  const four = months.find((m) => m > 0 && months.filter((n) => n === m).length === 4);
  return four !== undefined && points < 40;
}

function playOrTake(view: NaraView, sight: Sight, action: Action): number {
  if (actionKind(action) === 'take')
    return captureGain(sight, [ids([view.pending!])[0], actionCard(action, 'take')!]);
  const played = actionCard(action, 'play')!;
  // The blank on an empty field is taken alone.
  if (played === BLANK && sight.field.length === 0) return captureGain(sight, [BLANK]);
  return playValue(sight, action, played === BLANK);
}

export function greedyNara(view: NaraView): Action {
  const kind = actionKind(view.actions[0]);
  if (kind === 'pile') return view.actions[0]; // both piles are face down: nothing to choose by
  if (kind === 'redeal')
    return view.actions.find((a) => (a as { redeal: boolean }).redeal === wantsRedeal(view))!;
  const sight = naraSight(view);
  if (kind === 'dealerTake') {
    const mine = new Set(sight.mine);
    return best(view.actions, (a) =>
      captureGain(
        sight,
        ids((a as { dealerTake: readonly string[] }).dealerTake).filter((c) => !mine.has(c)),
      ),
    );
  }
  return best(view.actions, (a) => playOrTake(view, sight, a));
}
