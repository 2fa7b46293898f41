/**
 * What the terminal shows of a seat's view, the same shape for every game: sides (who
 * shares a score) with their captures and scores, the field, the hand and the table's facts.
 */
import {
  CARDS,
  KOIKOI_YAKU,
  KOIKOI_YAKU_COUNTS,
  KOIKOI_YAKU_SETS,
  type KoiKoiView,
  type KoiKoiYakuId,
  NARA_BASE,
  NARA_VALUES,
  NARA_YAKU,
  type NaraView,
  type OibanaView,
  SAKURA_VALUES,
  SAKURA_YAKU,
  type SakuraView,
  cardById,
  cardId,
  type GameView,
} from '@hanafuda/engine';

export interface Side {
  /** Table seats on this side (one, or a team). */
  readonly seats: readonly number[];
  /** Cards in each member's hand (and own draw pile, Nara), by seat. */
  readonly hands: readonly string[];
  readonly captured: readonly string[];
  /** This round's points so far, e.g. `35 pts`; empty when it means nothing yet. */
  readonly points: string;
  /** Yaku held, then yaku within reach: `Ro ✓`, `Chi 2/3`. */
  readonly yakuHeld: readonly string[];
  readonly yakuNear: readonly string[];
  /** The running game score, e.g. `120` or `1040 (8 sticks 24 beans)`. */
  readonly total: string;
  readonly notes: readonly string[];
}

export interface Board {
  readonly game: string;
  readonly title: string;
  readonly round: string;
  readonly dealer: number;
  readonly toMove: number | null;
  readonly sides: readonly Side[];
  readonly field: readonly string[];
  readonly pile: string;
  readonly hand: readonly string[];
  /** A card face up awaiting a choice (drawn, or a blocked Gaji). */
  readonly pending: string | null;
  /** Announcements that stay true: hikis, the Gaji's claim, the blank's claim, bids. */
  readonly notes: readonly string[];
}

const sum = (cards: readonly string[], values: readonly number[]) => cards.reduce((n, id) => n + values[cardById(id) ?? 0], 0);

/** Yaku given as card lists: those held, and those two-thirds done and still possible. */
function cardYaku(defs: readonly { id: string; cards: readonly number[] }[], mine: readonly string[], gone: ReadonlySet<string>, short: (id: string) => string) {
  const held: string[] = [];
  const near: string[] = [];
  for (const y of defs) {
    const ids = y.cards.map((c) => CARDS[c].id);
    const have = ids.filter((id) => mine.includes(id)).length;
    if (have === ids.length) held.push(short(y.id));
    else if (have >= ids.length - 1 && have > 0 && !ids.some((id) => gone.has(id))) near.push(`${short(y.id)} ${have}/${ids.length}`);
  }
  return { held, near };
}

function othersCaptured(captured: readonly (readonly string[])[], side: number, extra: readonly string[] = []): Set<string> {
  return new Set([...captured.filter((_, i) => i !== side).flat(), ...extra]);
}

export function sakuraBoard(v: SakuraView, seatOf: (duelSeat: number) => number = (s) => s, title = 'Sakura'): Board {
  const notes: string[] = [];
  for (const h of v.hikis) notes.push(`seat ${seatOf(h.seat)} holds a hiki${h.month === null ? '' : ` (month ${h.month})`}`);
  if (v.gaji) notes.push(`the Gaji took ${v.gaji.with} for seat ${seatOf(v.gaji.seat)}`);
  if (v.discarded.length) notes.push(`discarded: ${v.discarded.join(', ')}`);
  const scoring = v.options.scoring;
  return {
    game: 'sakura',
    title,
    round: `round ${v.round} of ${v.lastRound}`,
    dealer: seatOf(v.dealer),
    toMove: v.toMove === null ? null : seatOf(v.toMove),
    sides: v.sides.map((members, side) => {
      // Captures are kept per seat; a team scores its members' together.
      const bySide = v.sides.map((m) => m.flatMap((s) => v.captured[s]));
      const captured = bySide[side];
      const yaku = v.options.yaku === 'on' ? cardYaku(SAKURA_YAKU, captured, othersCaptured(bySide, side, v.discarded), (id) => id) : { held: [], near: [] };
      return {
        seats: members.map(seatOf),
        hands: members.map((s) => `${v.handSizes[s]}`),
        captured,
        points: `${sum(captured, SAKURA_VALUES)} pts`,
        yakuHeld: yaku.held.map((y) => `${y} ✓`),
        yakuNear: yaku.near,
        total: scoring === 'victories' ? `${v.totals[side]} won` : `${v.totals[side]}`,
        notes: [],
      };
    }),
    field: v.field,
    pile: `pile ${v.pileSize}`,
    hand: v.hand,
    pending: v.pending?.card ?? null,
    notes,
  };
}

const KOIKOI_SHORT: Readonly<Record<string, string>> = { inoshikacho: 'ISC', 'akatan-aotan': 'aka-ao', tsukifuda: 'tsuki' };

/** The Koi-Koi yaku the board watches, by its short label, in the order shown. */
const KOIKOI_NEAR: readonly (readonly [label: string, yaku: KoiKoiYakuId])[] = [
  ['brights', 'sanko'],
  ['ISC', 'inoshikacho'],
  ['akatan', 'akatan'],
  ['aotan', 'aotan'],
  ['animals', 'tane'],
  ['ribbons', 'tanzaku'],
  ['chaff', 'kasu'],
];

/** Koi-Koi yaku within reach: most of it held, and enough of its cards not yet in the opponent's captures (the engine's yaku tables). */
function koikoiNear(captured: readonly string[], opponent: readonly string[]): string[] {
  const near: string[] = [];
  for (const [label, yaku] of KOIKOI_NEAR) {
    const set = KOIKOI_YAKU_SETS[yaku];
    const count = KOIKOI_YAKU_COUNTS[yaku];
    const ids = (set ?? count!.cards).map(cardId);
    const need = set ? set.length : count!.need;
    const have = ids.filter((id) => captured.includes(id)).length;
    const open = ids.filter((id) => !captured.includes(id) && !opponent.includes(id)).length;
    if (have < need && have >= need - (need >= 5 ? 2 : 1) && have + open >= need) near.push(`${label} ${have}/${need}`);
  }
  return near;
}

export function koikoiBoard(v: KoiKoiView): Board {
  const notes: string[] = [];
  return {
    game: 'koikoi',
    title: 'Koi-Koi',
    round: `round ${v.round} of ${v.lastRound}`,
    dealer: v.dealer,
    toMove: v.toMove,
    sides: [0, 1].map((seat) => ({
      seats: [seat],
      hands: [`${v.handSizes[seat]}`],
      captured: v.captured[seat],
      points: '',
      yakuHeld: v.yaku[seat].ids.map((id) => KOIKOI_SHORT[id] ?? id).concat(v.yaku[seat].total ? [`= ${v.yaku[seat].total}`] : []),
      yakuNear: koikoiNear(v.captured[seat], v.captured[1 - seat]),
      total: `${v.totals[seat]}`,
      notes: v.koikoi[seat] ? [`koi-koi ×${v.koikoi[seat]} (needs > ${v.reference[seat]})`] : [],
    })),
    field: v.field,
    pile: `pile ${v.pileSize}`,
    hand: v.hand,
    pending: v.pending,
    notes,
  };
}

/** A Koi-Koi yaku's display name, for the rules page. */
export const koikoiYakuName = (id: string): string => KOIKOI_YAKU.find((y) => y.id === id)?.name ?? id;

export function naraBoard(v: NaraView): Board {
  const notes: string[] = [];
  if (v.blank) notes.push(`the blank belongs to seat ${v.blank.seat}${v.blank.with ? ` (it took ${v.blank.with})` : ''}`);
  const short = (id: string) => ({ 'upper-dango': 'upper', 'lower-dango': 'lower', inoshikacho: 'ISC' })[id] ?? id;
  return {
    game: 'nara',
    title: 'Nara Hana-awase',
    round: 'rounds' in v.options.length ? `round ${v.round} of ${v.options.length.rounds}` : `round ${v.round}, to ${v.options.length.target}`,
    dealer: v.dealer,
    toMove: v.toMove,
    sides: v.captured.map((captured, seat) => {
      const yaku = cardYaku(NARA_YAKU, captured, othersCaptured(v.captured, seat), short);
      const points = sum(captured, NARA_VALUES);
      const b = v.bankrolls[seat];
      return {
        seats: [seat],
        hands: [v.pileSizes[seat]?.length ? v.pileSizes[seat].join('|') : `${v.handSizes[seat]}+${v.drawSizes[seat]}`],
        captured,
        points: `${points} (${points - NARA_BASE >= 0 ? '+' : ''}${points - NARA_BASE})`,
        yakuHeld: yaku.held.map((y) => `${y} ✓`),
        yakuNear: yaku.near,
        total: b.debt ? `${v.totals[seat]} (debt)` : `${v.totals[seat]}`,
        notes: [],
      };
    }),
    field: v.field,
    pile: `draw piles ${v.drawSizes.join('/')}`,
    hand: v.hand,
    pending: v.pending,
    notes,
  };
}

export function oibanaBoard(v: OibanaView): Board {
  const round = `round ${v.round} of ${v.lastRound}`;
  const bids = v.bids.map((b, s) => (b === null ? null : `seat ${s} bid ${b}`)).filter((b): b is string => b !== null);
  if (v.duel && v.duelists) {
    const map = v.duelists;
    const inner = sakuraBoard(v.duel, (s) => map[s], 'Oi-bana');
    const watching = Array.from({ length: v.players }, (_, s) => s).filter((s) => !map.includes(s));
    return {
      ...inner,
      round,
      sides: inner.sides.map((side) => ({ ...side, total: `${v.bankrolls[side.seats[0]]}` })),
      notes: [...inner.notes, `bids ${v.bids.map((b) => b ?? '-').join('/')}`, ...(watching.length ? [`watching: ${watching.map((s) => `seat ${s} (${v.bankrolls[s]})`).join(', ')}`] : [])],
    };
  }
  return {
    game: 'oibana',
    title: 'Oi-bana',
    round: `${round}: the auction`,
    dealer: v.dealer,
    toMove: v.toMove,
    sides: v.bankrolls.map((bank, seat) => ({
      seats: [seat],
      hands: ['8'],
      captured: [],
      points: v.bids[seat] === null ? '' : `bid ${v.bids[seat]}`,
      yakuHeld: [],
      yakuNear: [],
      total: `${bank}`,
      notes: [],
    })),
    field: [],
    pile: '',
    hand: v.hand,
    pending: null,
    notes: bids.length ? [] : ['the two highest bidders play a Sakura round; the loser pays'],
  };
}

export function boardOf(view: GameView): Board {
  switch (view.game) {
    case 'sakura':
      return sakuraBoard(view);
    case 'koikoi':
      return koikoiBoard(view);
    case 'nara':
      return naraBoard(view);
    case 'oibana':
      return oibanaBoard(view);
  }
}

/** The field a hand card would meet: the view's field, or the Oi-bana round's. */
export const fieldOf = (view: GameView): readonly string[] => (view.game === 'oibana' ? (view.duel?.field ?? []) : view.field);
