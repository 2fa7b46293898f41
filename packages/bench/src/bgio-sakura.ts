/**
 * Sakura (default house rules) written as a boardgame.io game, the way a user of that
 * framework would write it: `G` as plain arrays changed in place by moves (Immer makes the
 * copies), the framework's turn order, events and random; the rule tables and the §2
 * matching helpers are the engine's, so the two playouts follow the same rules and the
 * comparison measures the framework. Only for the benchmark; boardgame.io is an opt-in
 * install (`npm run bench:bgio-install`), as it brings a hundred packages nothing else needs.
 */
import { createRequire } from 'node:module';
import {
  type Card,
  GAJI,
  type Meeting,
  SAKURA_DEAL,
  SAKURA_VALUES,
  SAKURA_YAKU,
  STANDARD_DECK,
  cardsOfMonth,
  meetByMonth,
  meetWild,
  monthOf,
} from '@hanafuda/engine';

interface Hiki {
  seat: number;
  month: number;
}

interface G {
  hands: Card[][];
  field: Card[];
  pile: Card[];
  captured: Card[][];
  hikis: Hiki[];
  /** A drawn card waiting for its capture choice, or a blocked Gaji waiting for another target. */
  pending: { card: Card; blocked: boolean; fromHand: boolean } | null;
  gaji: { seat: number; with: Card } | null;
  scores: number[] | null;
}

interface Ctx {
  numPlayers: number;
  currentPlayer: string;
  gameover?: unknown;
}

interface MoveArgs {
  G: G;
  ctx: Ctx;
  events: { endTurn: () => void };
}

const seatOf = (ctx: Ctx): number => Number(ctx.currentPlayer);
const remove = (cards: Card[], c: Card): void => void cards.splice(cards.indexOf(c), 1);

function holdsHiki(G: G, seat: number, month: number): boolean {
  const four = cardsOfMonth(month);
  return (
    four.some((c) => G.hands[seat].includes(c)) &&
    four.every((c) => G.hands[seat].includes(c) || G.field.includes(c))
  );
}

function capture(G: G, seat: number, played: Card, taken: readonly Card[]): void {
  for (const c of taken) remove(G.field, c);
  G.captured[seat].push(played, ...taken);
}

/** A wild Gaji aims at `target`: another player's hiki blocks it (the owner takes the four). */
function wild(G: G, seat: number, target: Card, fromHand: boolean): boolean {
  const hiki = G.hikis.find((h) => h.seat !== seat && h.month === monthOf(target));
  if (hiki) {
    const taken = [...G.hands[hiki.seat], ...G.field].filter((c) => monthOf(c) === hiki.month);
    G.hands[hiki.seat] = G.hands[hiki.seat].filter((c) => monthOf(c) !== hiki.month);
    G.field = G.field.filter((c) => monthOf(c) !== hiki.month);
    G.captured[hiki.seat].push(...taken);
    G.hikis = G.hikis.filter((h) => h !== hiki);
    if (G.field.length === 0) {
      G.field.push(GAJI);
      return false;
    }
    G.pending = { card: GAJI, blocked: true, fromHand };
    return true;
  }
  capture(G, seat, GAJI, [target]);
  G.gaji = { seat, with: target };
  return false;
}

/** Plays a card to the field; returns whether a choice now waits. */
function land(
  G: G,
  seat: number,
  card: Card,
  meeting: Meeting,
  take: Card | undefined,
  fromHand: boolean,
): boolean {
  if (meeting.kind === 'stays') {
    G.field.push(card);
    return false;
  }
  if (meeting.kind === 'choice' && take === undefined) {
    G.pending = { card, blocked: false, fromHand };
    return true;
  }
  const taken = take !== undefined ? [take] : meeting.kind === 'captures' ? meeting.cards.slice() : [];
  if (card === GAJI) return wild(G, seat, taken[0], fromHand);
  capture(G, seat, card, taken);
  return false;
}

/** A hiki blocked by the Gaji goes to its owner at once (the default), so every field card stays a target. */
const meetingOf = (G: G, card: Card): Meeting =>
  card === GAJI ? meetWild(G.field) : meetByMonth(card, G.field);

function draw(G: G, seat: number): boolean {
  const card = G.pile.shift()!;
  return land(G, seat, card, meetingOf(G, card), undefined, false);
}

function afterStep(G: G, ctx: Ctx, events: MoveArgs['events'], waiting: boolean, fromHand: boolean): void {
  G.hikis = G.hikis.filter((h) => holdsHiki(G, h.seat, h.month));
  if (waiting) return;
  if (fromHand && G.pile.length > 0 && draw(G, seatOf(ctx))) return;
  events.endTurn();
}

/** The round's scores (endIf may not change G: the Gaji's claim is counted on copies). */
function score(G: G): number[] {
  const captured = G.captured.map((cards) => cards.slice());
  if (G.gaji) {
    const month = monthOf(G.gaji.with);
    captured[G.gaji.seat].push(...G.field.filter((c) => monthOf(c) === month));
  }
  const points = captured.map((cards) => cards.reduce((sum, c) => sum + SAKURA_VALUES[c], 0));
  const yaku = captured.map(
    (cards) => SAKURA_YAKU.filter((y) => y.cards.every((c) => cards.includes(c))).length,
  );
  const total = yaku.reduce((a, b) => a + b, 0);
  return points.map((p, seat) => p - 50 * (total - yaku[seat]));
}

export const SakuraGame = {
  name: 'sakura',
  setup: ({ ctx, random }: { ctx: Ctx; random: { Shuffle: <T>(items: T[]) => T[] } }): G => {
    const { hand, field } = SAKURA_DEAL[ctx.numPlayers];
    const deck = random.Shuffle(STANDARD_DECK.slice());
    const G: G = {
      hands: Array.from({ length: ctx.numPlayers }, (_, seat) => deck.slice(seat * hand, (seat + 1) * hand)),
      field: deck.slice(ctx.numPlayers * hand, ctx.numPlayers * hand + field),
      pile: deck.slice(ctx.numPlayers * hand + field),
      captured: Array.from({ length: ctx.numPlayers }, () => []),
      hikis: [],
      pending: null,
      gaji: null,
      scores: null,
    };
    for (let month = 1; month <= 12; month++) {
      if (cardsOfMonth(month).every((c) => G.field.includes(c))) {
        G.field = G.field.filter((c) => monthOf(c) !== month);
        G.captured[0].push(...cardsOfMonth(month));
      }
    }
    for (let seat = 0; seat < ctx.numPlayers; seat++) {
      for (let month = 1; month <= 12; month++) if (holdsHiki(G, seat, month)) G.hikis.push({ seat, month });
    }
    return G;
  },
  turn: {
    // A player with an empty hand only draws; with neither hand nor pile, the turn passes.
    onBegin: ({ G, ctx, events }: MoveArgs) => {
      const seat = seatOf(ctx);
      if (G.hands[seat].length > 0) return;
      if (G.pile.length > 0 && draw(G, seat)) return;
      events.endTurn();
    },
  },
  moves: {
    play: ({ G, ctx, events }: MoveArgs, card: Card, take?: Card) => {
      const seat = seatOf(ctx);
      const meeting = meetingOf(G, card);
      remove(G.hands[seat], card);
      afterStep(G, ctx, events, land(G, seat, card, meeting, take, true), true);
    },
    hiki: ({ G, ctx, events }: MoveArgs, month: number) => {
      const seat = seatOf(ctx);
      const taken = [...G.hands[seat], ...G.field].filter((c) => monthOf(c) === month);
      G.hands[seat] = G.hands[seat].filter((c) => monthOf(c) !== month);
      G.field = G.field.filter((c) => monthOf(c) !== month);
      G.captured[seat].push(...taken);
      afterStep(G, ctx, events, false, true);
    },
    take: ({ G, ctx, events }: MoveArgs, target: Card) => {
      const seat = seatOf(ctx);
      const { card, fromHand } = G.pending!;
      G.pending = null;
      const waiting =
        card === GAJI ? wild(G, seat, target, fromHand) : (capture(G, seat, card, [target]), false);
      afterStep(G, ctx, events, waiting, fromHand);
    },
    leave: ({ G, ctx, events }: MoveArgs) => {
      const { fromHand } = G.pending!;
      G.pending = null;
      G.field.push(GAJI);
      afterStep(G, ctx, events, false, fromHand);
    },
  },
  endIf: ({ G }: { G: G }) =>
    G.pile.length === 0 && G.hands.every((h) => h.length === 0) && G.pending === null
      ? { scores: score(G) }
      : undefined,
  ai: {
    enumerate: (G: G, ctx: Ctx) => {
      const seat = seatOf(ctx);
      if (G.pending) {
        const takes = pendingTargets(G).map((target) => ({ move: 'take', args: [target] }));
        return G.pending.blocked ? [...takes, { move: 'leave', args: [] }] : takes;
      }
      const moves: { move: string; args: number[] }[] = [];
      for (const card of G.hands[seat]) {
        const meeting = meetingOf(G, card);
        if (meeting.kind === 'choice')
          for (const take of meeting.options) moves.push({ move: 'play', args: [card, take] });
        else moves.push({ move: 'play', args: [card] });
      }
      for (const h of G.hikis) if (h.seat === seat) moves.push({ move: 'hiki', args: [h.month] });
      return moves;
    },
  },
};

/** The targets a pending card may take: a drawn card's two matches, or a wild Gaji's field. */
function pendingTargets(G: G): Card[] {
  const meeting = meetingOf(G, G.pending!.card);
  return meeting.kind === 'choice'
    ? meeting.options.slice()
    : meeting.kind === 'captures'
      ? meeting.cards.slice(0, 1)
      : [];
}

interface BgioState {
  readonly G: G;
  readonly ctx: Ctx & { gameover?: { scores: number[] } };
}
type Reducer = (state: BgioState, action: object) => BgioState;

interface Bgio {
  CreateGameReducer: (options: { game: object }) => Reducer;
  InitializeGame: (options: { game: object; numPlayers: number }) => BgioState;
}

/** The command that installs boardgame.io for these lines. */
export const BGIO_INSTALL = 'npm run bench:bgio-install';

/** boardgame.io's game reducer, or null when it is not installed (it is opt-in). */
function loadBgio(): Bgio | null {
  // Its production build (and Immer's), as a deployment runs it: the development build adds checks on every move.
  process.env.NODE_ENV ??= 'production';
  try {
    return createRequire(import.meta.url)('boardgame.io/internal') as Bgio;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return null;
    throw e;
  }
}

/**
 * Plays one random round through boardgame.io's game reducer (Immer, its flow and plugins):
 * the path its own MCTS bot simulates with, faster than a full client (no store, no log).
 * The reducer is made once, as a user's server or bot makes it; each round is a new game
 * state from its own seed. Null when boardgame.io is not installed.
 */
export function bgioRounds():
  ((players: number, pick: (n: number) => number, seed: string) => number[]) | null {
  const bgio = loadBgio();
  if (bgio === null) return null;
  const { CreateGameReducer, InitializeGame } = bgio;
  const reducer = CreateGameReducer({ game: SakuraGame });
  return (players, pick, seed) => {
    let state = InitializeGame({ game: { ...SakuraGame, seed }, numPlayers: players });
    while (!state.ctx.gameover) {
      const moves = SakuraGame.ai.enumerate(state.G, state.ctx);
      const { move, args } = moves[pick(moves.length)];
      state = reducer(state, {
        type: 'MAKE_MOVE',
        payload: { type: move, args, playerID: state.ctx.currentPlayer },
      });
    }
    return state.ctx.gameover.scores;
  };
}
