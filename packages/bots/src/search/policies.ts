/**
 * The rollout policies' card sense, per game, read straight from a sampled state: card
 * points plus a bonus for a capture that completes or nears a yaku, or blocks one.
 */
import {
  BLANK, type Card, GAJI, type KoiKoiState, NARA_VALUES, NARA_YAKU, type NaraState, SAKURA_VALUES, SAKURA_YAKU,
  type SakuraState, STANDARD_DECK, card, classOf, monthOf, sideOf,
} from '@hanafuda/engine';
import type { RolloutPolicy } from './rollout.js';

/** For each card, the card lists of the yaku it belongs to. */
function byCard(yaku: readonly { readonly cards: readonly Card[] }[], size: number): Card[][][] {
  const out: Card[][][] = Array.from({ length: size }, () => []);
  for (const y of yaku) for (const c of y.cards) out[c].push(y.cards.slice());
  return out;
}

const count = (cards: readonly Card[], pile: readonly Card[], extra: readonly Card[]) =>
  cards.filter((c) => pile.includes(c) || extra.includes(c)).length;

/**
 * Yaku sense shared by the three games: for each captured card and each yaku it is in,
 * `byMissing[k]` when my pile (with the capture) then lacks k cards of the yaku and no
 * opponent holds any; `block` when an opponent held all but this card.
 */
function yakuBonus(cards: readonly Card[], yakuOf: readonly Card[][][], mine: readonly Card[], theirs: readonly (readonly Card[])[], byMissing: readonly number[], block: number): number {
  let bonus = 0;
  for (const c of cards) {
    for (const y of yakuOf[c]) {
      const opponent = Math.max(0, ...theirs.map((pile) => count(y, pile, [])));
      if (opponent === 0) bonus += byMissing[y.length - count(y, mine, cards)] ?? 0;
      if (opponent === y.length - 1) bonus += block;
    }
  }
  return bonus;
}

const SAKURA_BY_CARD = byCard(SAKURA_YAKU, 48);

function sakuraPiles(s: SakuraState, seat: number): { mine: Card[]; theirs: Card[][] } {
  const side = sideOf(s.sides, seat);
  const piles = s.sides.map((members) => members.flatMap((m) => s.captured[m]));
  return { mine: piles[side], theirs: piles.filter((_, i) => i !== side) };
}

export const SAKURA_POLICY: RolloutPolicy = {
  gain(state, seat, cards) {
    const s = state as SakuraState;
    let v = 0;
    for (const c of cards) v += SAKURA_VALUES[c];
    if (s.options.yaku === 'off') return v;
    const { mine, theirs } = sakuraPiles(s, seat);
    return v + yakuBonus(cards, SAKURA_BY_CARD, mine, theirs, [50, 12, 3], 40);
  },
  leave: (c) => SAKURA_VALUES[c] / 2,
  isWild: (_s, c) => c === GAJI,
};

const CLASS_VALUE = { bright: 8, animal: 3, ribbon: 3, chaff: 1, blank: 0 } as const;
const KOIKOI_VALUES: readonly number[] = STANDARD_DECK.map((c) => CLASS_VALUE[classOf(c)]);
const group = (names: readonly string[]) => names.map(card);
const KOIKOI_SETS = [
  group(['clover-boar', 'maple-deer', 'peony-butterflies']),
  group(['pine-poetry', 'plum-poetry', 'cherry-poetry']),
  group(['peony-blue', 'chrysanthemum-blue', 'maple-blue']),
  group(['susuki-moon', 'chrysanthemum-sake']),
  group(['cherry-curtain', 'chrysanthemum-sake']),
];
const KOIKOI_BY_CARD = byCard(KOIKOI_SETS.map((cards) => ({ cards })), 48);

export const KOIKOI_POLICY: RolloutPolicy = {
  gain(state, seat, cards) {
    const s = state as KoiKoiState;
    let v = 0;
    for (const c of cards) v += KOIKOI_VALUES[c];
    return v + yakuBonus(cards, KOIKOI_BY_CARD, s.captured[seat], [s.captured[1 - seat]], [15, 6, 2], 10);
  },
  leave: (c) => KOIKOI_VALUES[c] / 2,
  isWild: (s, c) => c === GAJI && (s as KoiKoiState).options.gaji,
};

const NARA_BY_CARD = byCard(NARA_YAKU, 49);
const WILLOW = 11;
const TSUKIMI = [card('susuki-moon'), card('chrysanthemum-sake')];

export const NARA_POLICY: RolloutPolicy = {
  gain(state, seat, cards) {
    const s = state as NaraState;
    let v = 0;
    for (const c of cards) v += NARA_VALUES[c];
    const mine = s.captured[seat];
    // A willow card spoils Tsukimi.
    if (cards.some((c) => monthOf(c) === WILLOW) && TSUKIMI.some((c) => mine.includes(c))) v -= 30;
    return v + yakuBonus(cards, NARA_BY_CARD, mine, s.captured.filter((_, i) => i !== seat), [60, 20, 5], 30);
  },
  leave: (c) => NARA_VALUES[c] / 2,
  isWild: (_s, c) => c === BLANK,
};
