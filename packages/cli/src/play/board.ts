/**
 * What the terminal shows of a seat's view, the same shape for every game: sides (who
 * shares a score) with their captures and scores, the field, the hand and the table's facts.
 */
import { assertNever, type KoiKoiView, NARA_BASE, type NaraView, type OibanaView, type SakuraView, type GameView } from '@hanafuda/engine';
import { pilePoints, type YakuStanding, yakuShortName, yakuStanding } from '@hanafuda/table';

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

/** The engine's yaku of a side as the board's short labels: `Ro ✓` held, `Chi 2/3` within reach. */
function yakuLabels(standing: YakuStanding, short: (id: string) => string = (id) => id) {
  return {
    held: standing.held.map((y) => `${short(y.id)} ✓`),
    near: standing.near.map((y) => `${short(y.id)} ${y.cards.length}/${y.need}`),
  };
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
      const yaku = yakuLabels(yakuStanding(v, members[0], v.discarded));
      return {
        seats: members.map(seatOf),
        hands: members.map((s) => `${v.handSizes[s]}`),
        captured,
        points: `${pilePoints('sakura', captured)} pts`,
        yakuHeld: yaku.held,
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

/** Koi-Koi's yaku by the board's short labels (the rest by their names). */
const KOIKOI_SHORT: Readonly<Record<string, string>> = {
  sanko: 'brights',
  inoshikacho: 'ISC',
  tane: 'animals',
  tanzaku: 'ribbons',
  kasu: 'chaff',
  'akatan-aotan': 'aka-ao',
  tsukifuda: 'tsuki',
};

export function koikoiBoard(v: KoiKoiView): Board {
  const notes: string[] = [];
  return {
    game: 'koikoi',
    title: 'Koi-Koi',
    round: `round ${v.round} of ${v.lastRound}`,
    dealer: v.dealer,
    toMove: v.toMove,
    sides: [0, 1].map((seat) => {
      const yaku = yakuLabels(yakuStanding(v, seat), (id) => KOIKOI_SHORT[id] ?? yakuShortName('koikoi', id, 'en'));
      return {
        seats: [seat],
        hands: [`${v.handSizes[seat]}`],
        captured: v.captured[seat],
        points: '',
        yakuHeld: yaku.held.concat(v.yaku[seat].total ? [`= ${v.yaku[seat].total}`] : []),
        yakuNear: yaku.near,
        total: `${v.totals[seat]}`,
        notes: v.koikoi[seat] ? [`koi-koi ×${v.koikoi[seat]} (needs > ${v.reference[seat]})`] : [],
      };
    }),
    field: v.field,
    pile: `pile ${v.pileSize}`,
    hand: v.hand,
    pending: v.pending,
    notes,
  };
}

export function naraBoard(v: NaraView): Board {
  const notes: string[] = [];
  if (v.blank) notes.push(`the blank belongs to seat ${v.blank.seat}${v.blank.with ? ` (it took ${v.blank.with})` : ''}`);
  const short = (id: string) => ({ 'upper-dango': 'upper', 'lower-dango': 'lower', inoshikacho: 'ISC' })[id] ?? yakuShortName('nara', id, 'en');
  return {
    game: 'nara',
    title: 'Nara Hana-awase',
    round: 'rounds' in v.options.length ? `round ${v.round} of ${v.options.length.rounds}` : `round ${v.round}, to ${v.options.length.target}`,
    dealer: v.dealer,
    toMove: v.toMove,
    sides: v.captured.map((captured, seat) => {
      const yaku = yakuLabels(yakuStanding(v, seat), short);
      const points = pilePoints('nara', captured) ?? 0;
      const b = v.bankrolls[seat];
      return {
        seats: [seat],
        hands: [v.pileSizes[seat]?.length ? v.pileSizes[seat].join('|') : `${v.handSizes[seat]}+${v.drawSizes[seat]}`],
        captured,
        points: `${points} (${points - NARA_BASE >= 0 ? '+' : ''}${points - NARA_BASE})`,
        yakuHeld: yaku.held,
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
      notes: [
        ...inner.notes,
        `bids ${v.bids.map((b) => b ?? '-').join('/')}`,
        ...(watching.length ? [`watching: ${watching.map((s) => `seat ${s} (${v.bankrolls[s]})`).join(', ')}`] : []),
      ],
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
    default:
      return assertNever(view);
  }
}

/** The field a hand card would meet: the view's field, or the Oi-bana round's. */
export const fieldOf = (view: GameView): readonly string[] => (view.game === 'oibana' ? (view.duel?.field ?? []) : view.field);
