/**
 * Greedy Sakura (RULES.md §3): card values, the yaku my side and the others are close to
 * (completing mine, blocking theirs), the Gaji (keep it for a good target, beware of a
 * hidden hiki) and hikis (safe, so taken when nothing better is at risk).
 */
import {
  type Action,
  type Card,
  GAJI,
  SAKURA_VALUES,
  SAKURA_YAKU,
  STANDARD_DECK,
  type SakuraView,
  actionCard,
  actionKind,
  cardsOfMonth,
  monthOf,
  sideOf,
} from '@hanafuda/engine';
import { best, captureGain, ids, playValue, type Sight } from './evaluate.js';

const YAKU_DONE = 50;
/** Progress toward a three-card yaku still within reach, by cards held (0, 1, 2). */
const YAKU_PROGRESS = [0, 6, 20];
/** What keeping the wild Gaji for a later, better target is worth. */
const GAJI_KEEP = 15;
/** What a Gaji thrown at a hidden hiki costs: the owner takes the four. */
const HIKI_BLOCK_COST = 40;

export function sakuraPotential(own: readonly Card[], against: readonly Card[], yakuOn: boolean): number {
  let value = 0;
  for (const c of own) value += SAKURA_VALUES[c];
  if (!yakuOn) return value;
  for (const y of SAKURA_YAKU) {
    const held = y.cards.filter((c) => own.includes(c)).length;
    if (held === 3) value += YAKU_DONE;
    else if (!y.cards.some((c) => against.includes(c))) value += YAKU_PROGRESS[held];
  }
  return value;
}

export function sakuraSight(view: SakuraView): Sight {
  const me = view.viewer!;
  const mySide = sideOf(view.sides, me);
  const sideCards = view.sides.map((members) => members.flatMap((seat) => ids(view.captured[seat])));
  const hand = ids(view.hand);
  const field = ids(view.field);
  const seen = new Set([
    ...hand,
    ...field,
    ...sideCards.flat(),
    ...ids(view.discarded),
    ...(view.pending ? ids([view.pending.card]) : []),
  ]);
  const yakuOn = view.options.yaku === 'on';
  return {
    hand,
    field,
    mine: sideCards[mySide],
    others: sideCards.filter((_, side) => side !== mySide),
    unseen: STANDARD_DECK.filter((c) => !seen.has(c)),
    opponentPlays: 2 * (view.players - view.sides[mySide].length),
    potential: (own, against) => sakuraPotential(own, against, yakuOn),
    worth: (c) => SAKURA_VALUES[c],
  };
}

/** The chance that a field card's month is another seat's hiki, announced without its month. */
export function hikiRisk(view: SakuraView, sight: Sight, target: Card): number {
  const hidden = view.hikis.filter((h) => h.seat !== view.viewer && h.month === null).length;
  if (hidden === 0) return 0;
  const possible = (month: number) => {
    const four = cardsOfMonth(month);
    return (
      four.some((c) => sight.unseen.includes(c)) &&
      four.every((c) => sight.unseen.includes(c) || sight.field.includes(c))
    );
  };
  if (!possible(monthOf(target))) return 0;
  const candidates = Array.from({ length: 12 }, (_, i) => i + 1).filter(possible).length;
  return Math.min(1, hidden / candidates);
}

function gajiTargets(view: SakuraView, sight: Sight): Card[] {
  const revealed = view.hikis.filter((h) => h.seat !== view.viewer && h.month !== null).map((h) => h.month);
  return sight.field.filter((c) => !revealed.includes(monthOf(c)));
}

function actionValue(view: SakuraView, sight: Sight, action: Action): number {
  switch (actionKind(action)) {
    case 'play': {
      const played = actionCard(action, 'play')!;
      if (played !== GAJI) return playValue(sight, action, false);
      const targets = gajiTargets(view, sight);
      const take = actionCard(action, 'take') ?? (targets.length === 1 ? targets[0] : undefined);
      const keep = sight.hand.length > 2 ? GAJI_KEEP : 0;
      const risk = take === undefined ? 0 : hikiRisk(view, sight, take) * HIKI_BLOCK_COST;
      return playValue(sight, action, true, targets) - keep - risk;
    }
    case 'hiki': {
      const month = (action as { hiki: number }).hiki;
      const cards = [...sight.hand, ...sight.field].filter((c) => monthOf(c) === month);
      // A hiki is safe where it lies (a Gaji aimed at it is blocked): take it when nothing more urgent is at stake.
      return 0.4 * captureGain(sight, cards);
    }
    case 'take': {
      const pending = ids([view.pending!.card])[0];
      const target = actionCard(action, 'take')!;
      const risk =
        view.phase === 'gaji-target' || pending === GAJI
          ? hikiRisk(view, sight, target) * HIKI_BLOCK_COST
          : 0;
      return captureGain(sight, [pending, target]) - risk;
    }
    default:
      // `leave` (the blocked Gaji stays on the field) or `return` (back to the hand): worth nothing by themselves.
      return 0;
  }
}

export function greedySakura(view: SakuraView): Action {
  const sight = sakuraSight(view);
  return best(view.actions, (a) => actionValue(view, sight, a));
}
