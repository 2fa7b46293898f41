/**
 * What the terminal shows of a seat's view, the same shape for every game: sides (who
 * shares a score) with their captures and scores, the field, the hand and the table's facts.
 * The facts come from the shared board model (`boardOf` in @hanafuda/table, the web's too);
 * this only words them.
 */
import type { GameView } from '@hanafuda/engine';
import {
  type BoardModel,
  boardOf as modelOf,
  type GameId,
  liveScore,
  sideCards,
  yakuShortName,
  yakuStanding,
} from '@hanafuda/table';

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
const NARA_SHORT: Readonly<Record<string, string>> = {
  'upper-dango': 'upper',
  'lower-dango': 'lower',
  inoshikacho: 'ISC',
};

/** Each game's yaku as the board labels them (Sakura's and Oi-bana's by their ids). */
const SHORT: Readonly<Record<GameId, (id: string) => string>> = {
  sakura: (id) => id,
  oibana: (id) => id,
  koikoi: (id) => KOIKOI_SHORT[id] ?? yakuShortName('koikoi', id, 'en'),
  nara: (id) => NARA_SHORT[id] ?? yakuShortName('nara', id, 'en'),
};

const TITLE: Readonly<Record<GameId, string>> = {
  sakura: 'Sakura',
  koikoi: 'Koi-Koi',
  nara: 'Nara Hana-awase',
  oibana: 'Oi-bana',
};

/** A side's round so far: card points (`35 pts`), Nara's points and score (`140 (-20)`), nothing for Koi-Koi's yaku. */
function pointsText(b: BoardModel, side: number): string {
  const score = liveScore(b, side);
  if (score.kind === 'points') return `${score.value} pts`;
  if (score.kind === 'nara') return `${score.points} (${score.value >= 0 ? '+' : ''}${score.value})`;
  return '';
}

function totalText(b: BoardModel, side: number): string {
  const total = b.totals[side];
  if (b.totalsKind === 'victories') return `${total} won`;
  const debt = b.sides[side].some((seat) => (b.seats[seat].debt ?? 0) !== 0);
  return debt ? `${total} (debt)` : `${total}`;
}

/** What a seat holds: its hand, or Nara's hand and own draw pile, or the piles it has still to choose from. */
function handText(b: BoardModel, seat: number): string {
  const s = b.seats[seat];
  if (s.piles) return s.piles.join('|');
  return s.drawSize === undefined ? `${s.handSize}` : `${s.handSize}+${s.drawSize}`;
}

/** One side of the table: its members, captures, this round's points and yaku, and its running total. */
function sideOf(b: BoardModel, side: number): Side {
  const members = b.sides[side];
  const standing = yakuStanding(b, side);
  const short = SHORT[b.game];
  const total = members.reduce((sum, seat) => sum + (b.seats[seat].yakuTotal ?? 0), 0);
  const koikoi = members.map((seat) => b.seats[seat].koikoi).find((k) => k !== undefined);
  return {
    seats: members,
    hands: members.map((seat) => handText(b, seat)),
    captured: sideCards(b, side),
    points: pointsText(b, side),
    yakuHeld: standing.held.map((y) => `${short(y.id)} ✓`).concat(total ? [`= ${total}`] : []),
    yakuNear: standing.near.map((y) => `${short(y.id)} ${y.cards.length}/${y.need}`),
    total: totalText(b, side),
    notes: koikoi ? [`koi-koi ×${koikoi.calls} (needs > ${koikoi.needs})`] : [],
  };
}

/** The announcements that stay true all round: hikis, the Gaji's or the blank's claim, discards. */
function claimNotes(b: BoardModel): string[] {
  const notes = b.hikis.map(
    (h) => `seat ${h.seat} holds a hiki${h.month === null ? '' : ` (month ${h.month})`}`,
  );
  const claim = b.claim;
  if (claim?.card === 'blank')
    notes.push(`the blank belongs to seat ${claim.seat}${claim.with ? ` (it took ${claim.with})` : ''}`);
  else if (claim) notes.push(`the Gaji took ${claim.with} for seat ${claim.seat}`);
  if (b.discarded.length) notes.push(`discarded: ${b.discarded.join(', ')}`);
  return notes;
}

/** Oi-bana's auction and the seats watching the round: what the bids decided. */
function biddingNotes(b: BoardModel, duelists: readonly number[]): string[] {
  const watching = b.seats
    .filter((s) => !duelists.includes(s.seat))
    .map((s) => `seat ${s.seat} (${b.totals[s.side]})`);
  return [
    `bids ${b.seats.map((s) => s.bid ?? '-').join('/')}`,
    ...(watching.length ? [`watching: ${watching.join(', ')}`] : []),
  ];
}

/** Oi-bana before the round: every seat's bankroll and bid. */
function auctionBoard(b: BoardModel, round: string): Board {
  const bid = b.seats.some((s) => s.bid !== null && s.bid !== undefined);
  return {
    game: b.game,
    title: TITLE[b.game],
    round: `${round}: the auction`,
    dealer: b.dealer,
    toMove: b.toMove,
    sides: b.seats.map((s) => ({
      seats: [s.seat],
      hands: [`${s.handSize}`],
      captured: [],
      points: s.bid === null || s.bid === undefined ? '' : `bid ${s.bid}`,
      yakuHeld: [],
      yakuNear: [],
      total: `${b.totals[s.side]}`,
      notes: [],
    })),
    field: [],
    pile: '',
    hand: b.hand,
    pending: null,
    notes: bid ? [] : ['the two highest bidders play a Sakura round; the loser pays'],
  };
}

/** The terminal's wording of the shared board model. */
export function terminalBoard(b: BoardModel): Board {
  const round =
    b.lastRound === null ? `round ${b.round}, to ${b.target}` : `round ${b.round} of ${b.lastRound}`;
  if (b.game === 'oibana' && b.duelists === null) return auctionBoard(b, round);
  // Oi-bana's round is played by its two duelists, in its own seat order; the others watch.
  const sides = b.duelists ? b.duelists.map((seat) => b.seats[seat].side) : b.sides.map((_, side) => side);
  const drawPiles = b.seats.map((s) => s.drawSize);
  return {
    // Oi-bana's round is a Sakura round (its field shown even when empty, as Sakura's is).
    game: b.duelists ? 'sakura' : b.game,
    title: TITLE[b.game],
    round,
    dealer: b.dealer,
    toMove: b.toMove,
    sides: sides.map((side) => sideOf(b, side)),
    field: b.field,
    // Nara: a draw pile per seat; the other games one shared pile.
    pile: drawPiles.every((n) => n !== undefined)
      ? `draw piles ${drawPiles.join('/')}`
      : `pile ${b.pileSize}`,
    hand: b.hand,
    pending: b.pending,
    notes: [...claimNotes(b), ...(b.duelists ? biddingNotes(b, b.duelists) : [])],
  };
}

/** A seat's view as the terminal shows it. */
export const boardOf = (view: GameView): Board => terminalBoard(modelOf(view));
