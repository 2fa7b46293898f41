/** Each game's view turned into the common BoardModel: the one place a front end's display reads a view. */
import {
  assertNever,
  type KoiKoiView,
  type NaraView,
  type OibanaView,
  type SakuraView,
  type GameView,
  yakuProgressOf,
} from '@hanafuda/engine';
import type { BoardModel, SeatModel } from './model.js';

const sideOf = (sides: readonly (readonly number[])[], seat: number) =>
  sides.findIndex((m) => m.includes(seat));
const individual = (n: number) => Array.from({ length: n }, (_, s) => [s]);
const hikiBadge = (h: { month: number | null }) => (h.month === null ? 'hiki' : `hiki:${h.month}`);

/** What the Sakura, Koi-Koi and Nara views name alike. */
const turnOf = (v: SakuraView | KoiKoiView | NaraView) => ({
  round: v.round,
  dealer: v.dealer,
  toMove: v.toMove,
  viewer: v.viewer,
  phase: v.phase,
  field: v.field,
  hand: v.hand,
  actions: v.actions,
  resultsCount: v.results.length,
});

function sakuraBoard(v: SakuraView): Omit<BoardModel, 'yaku'> {
  const seats: SeatModel[] = v.handSizes.map((handSize, seat) => ({
    seat,
    side: sideOf(v.sides, seat),
    handSize,
    captured: v.captured[seat],
    playing: true,
    badges: v.hikis.filter((h) => h.seat === seat).map(hikiBadge),
  }));
  return {
    ...turnOf(v),
    game: 'sakura',
    lastRound: v.lastRound,
    target: null,
    seats,
    duelists: null,
    sides: v.sides,
    totals: v.totals,
    totalsKind: v.options.scoring === 'victories' ? 'victories' : 'points',
    pileSize: v.pileSize,
    pending: v.pending?.card ?? null,
    claim: v.gaji && { seat: v.gaji.seat, card: 'willow-lightning', with: v.gaji.with },
    hikis: v.hikis,
    discarded: v.discarded,
  };
}

function koikoiBoard(v: KoiKoiView): Omit<BoardModel, 'yaku'> {
  const seats: SeatModel[] = v.handSizes.map((handSize, seat) => ({
    seat,
    side: seat,
    handSize,
    captured: v.captured[seat],
    playing: true,
    badges: v.koikoi[seat] > 0 ? [`koikoi:${v.koikoi[seat]}`] : [],
    yakuTotal: v.yaku[seat]?.total ?? 0,
    ...(v.koikoi[seat] > 0 ? { koikoi: { calls: v.koikoi[seat], needs: v.reference[seat] } } : {}),
  }));
  return {
    ...turnOf(v),
    game: 'koikoi',
    lastRound: v.lastRound,
    target: null,
    seats,
    duelists: null,
    sides: individual(2),
    totals: v.totals,
    totalsKind: 'points',
    pileSize: v.pileSize,
    pending: v.pending,
    claim: null,
    hikis: [],
    discarded: [],
  };
}

function naraBoard(v: NaraView): Omit<BoardModel, 'yaku'> {
  const seats: SeatModel[] = v.handSizes.map((handSize, seat) => ({
    seat,
    side: seat,
    handSize,
    drawSize: v.drawSizes[seat],
    ...(v.pileSizes[seat]?.length ? { piles: v.pileSizes[seat] } : {}),
    captured: v.captured[seat],
    playing: true,
    badges: v.pileSizes[seat]?.length ? [`piles:${v.pileSizes[seat].join('+')}`] : [],
    debt: v.bankrolls[seat]?.debt ?? 0,
  }));
  const unchosen = v.viewer !== null && v.pileSizes[v.viewer]?.length > 0;
  return {
    ...turnOf(v),
    game: 'nara',
    lastRound: 'rounds' in v.options.length ? v.options.length.rounds : null,
    target: 'target' in v.options.length ? v.options.length.target : null,
    seats,
    duelists: null,
    sides: individual(v.players),
    totals: v.totals,
    totalsKind: 'bankroll',
    pileSize: v.viewer === null || unchosen ? 0 : v.drawSizes[v.viewer],
    pending: v.pending,
    claim: v.blank && { seat: v.blank.seat, card: 'blank', with: v.blank.with },
    hikis: [],
    discarded: [],
  };
}

function oibanaBoard(v: OibanaView): Omit<BoardModel, 'yaku'> {
  const duel = v.duel;
  const map = v.duelists;
  const inDuel = (seat: number) => (map && duel ? map.indexOf(seat as never) : -1);
  const seats: SeatModel[] = Array.from({ length: v.players }, (_, seat) => {
    const d = inDuel(seat);
    const bid = v.bids[seat];
    return {
      seat,
      side: seat,
      handSize: v.phase === 'bid' ? 8 : d >= 0 ? duel!.handSizes[d] : 0,
      captured: d >= 0 ? duel!.captured[d] : [],
      playing: v.phase === 'bid' || d >= 0,
      bid: bid ?? null,
      badges: [
        ...(bid === null || bid === undefined ? [] : [`bid:${bid}`]),
        ...(d >= 0 ? duel!.hikis.filter((h) => h.seat === d).map(hikiBadge) : []),
      ],
    };
  });
  const gaji =
    duel?.gaji && map ? { seat: map[duel.gaji.seat], card: 'willow-lightning', with: duel.gaji.with } : null;
  return {
    game: 'oibana',
    round: v.round,
    lastRound: v.lastRound,
    target: null,
    dealer: duel && map ? map[duel.dealer] : v.dealer,
    toMove: v.toMove,
    viewer: v.viewer,
    phase: v.phase === 'play' && duel ? duel.phase : v.phase,
    seats,
    duelists: duel && map ? map : null,
    sides: individual(v.players),
    totals: v.bankrolls,
    totalsKind: 'bankroll',
    field: duel?.field ?? [],
    pileSize: duel?.pileSize ?? 0,
    hand: v.phase === 'bid' ? v.hand : (duel?.hand ?? []),
    pending: duel?.pending?.card ?? null,
    actions: v.actions,
    claim: gaji,
    hikis: duel && map ? duel.hikis.map((h) => ({ seat: map[h.seat], month: h.month })) : [],
    discarded: duel?.discarded ?? [],
    resultsCount: v.results.length,
  };
}

/** A view as the common model, each side's yaku the engine's progress for it (a team's scored together). */
export function boardOf(view: GameView): BoardModel {
  const board = gameBoard(view);
  return {
    ...board,
    yaku: board.sides.map((members) => (members.length > 0 ? yakuProgressOf(view, members[0]) : [])),
  };
}

function gameBoard(view: GameView): Omit<BoardModel, 'yaku'> {
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
