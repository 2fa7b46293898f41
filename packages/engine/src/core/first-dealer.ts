/**
 * The first-dealer draw all three games use: each contender draws a card, the best rank
 * deals, and players tied for the best draw again from a fresh shuffle; or a replayed
 * deal's fixed start (GameSetup.startAt).
 */
import { type Card, cardId } from './cards.js';
import { type SplitEvent, open } from './events.js';
import type { GameSetup } from './game.js';
import { err, ok, type Result } from './result.js';
import { type RngState, shuffled } from './rng.js';

export interface DealerDraw {
  readonly dealer: number;
  /** Each pass of the draw: the seats that drew and their cards, the i-th card drawn by the i-th seat. */
  readonly passes: readonly { readonly seats: readonly number[]; readonly cards: readonly Card[] }[];
  /** Where the draw also seats the players (Nara): every seat, the dealer first, then in turn order. */
  readonly seating?: readonly number[];
}

type Passes = { seats: number[]; cards: Card[] }[];

/** One pass: each of `seats` draws a card from a fresh shuffle; the seats grouped by rank, best first. */
function drawPass(
  rng: RngState,
  seats: number[],
  deck: readonly Card[],
  rank: (card: Card) => number,
  passes: Passes,
): number[][] {
  const cards = shuffled(rng, deck).slice(0, seats.length);
  passes.push({ seats, cards });
  const ranks = [...new Set(cards.map(rank))].sort((a, b) => a - b);
  return ranks.map((r) => seats.filter((_, i) => rank(cards[i]) === r));
}

/** `rank` orders cards: lower deals first (e.g. the month, earliest first). */
export function drawForDealer(
  rng: RngState,
  players: number,
  deck: readonly Card[],
  rank: (card: Card) => number,
): DealerDraw {
  let contenders = Array.from({ length: players }, (_, seat) => seat);
  const passes: Passes = [];
  while (contenders.length > 1) contenders = drawPass(rng, contenders, deck, rank, passes)[0];
  return { dealer: contenders[0], passes };
}

/**
 * The draw that seats the players as well (Nara, docs/rules.md 5.1): the best rank deals, the
 * next best sits on the dealer's right, and so on; seats tied at any place draw again among
 * themselves. The dealer's passes come first and are drawForDealer's, so the dealer is the same.
 */
export function drawForSeating(
  rng: RngState,
  players: number,
  deck: readonly Card[],
  rank: (card: Card) => number,
): DealerDraw {
  const passes: Passes = [];
  const order = (seats: number[]): number[] =>
    seats.length === 1 ? seats : drawPass(rng, seats, deck, rank, passes).flatMap(order);
  const seating = order(Array.from({ length: players }, (_, seat) => seat));
  return { dealer: seating[0], passes, seating };
}

/** A game's first round and dealer, and the events that announce them. */
export interface Opening {
  readonly round: number;
  readonly dealer: number;
  /** The draw's seating, where the game seats by it (see DealerDraw). */
  readonly seating?: readonly number[];
  readonly events: SplitEvent[];
}

/**
 * How every game opens: round 1, dealt by the winner of the first-dealer draw (`draw`), or the
 * round and dealer of `setup.startAt` (a replayed deal), checked against the table.
 * `lastRound` is null where the game's length is not a count of rounds. The event lists each
 * pass's cards in the order of its seats (never sorted: the i-th card is the i-th seat's).
 * Where the draw seats the players (`seatsByDraw`), a replayed deal draws again from the same
 * seed for the seating alone: the seating is the seed's, not the round's.
 */
export function openGame(
  setup: GameSetup,
  lastRound: number | null,
  draw: () => DealerDraw,
  seatsByDraw = false,
): Result<Opening> {
  const at = setup.startAt;
  if (at === undefined) {
    const d = draw();
    const seating = d.seating === undefined ? {} : { seating: d.seating };
    return ok({
      round: 1,
      dealer: d.dealer,
      ...seating,
      events: [
        open({
          type: 'first-dealer',
          dealer: d.dealer,
          passes: d.passes.map((p) => ({ seats: p.seats, cards: p.cards.map(cardId) })),
          ...seating,
        }),
      ],
    });
  }
  if (
    typeof at !== 'object' ||
    at === null ||
    !Number.isInteger(at.round) ||
    at.round < 1 ||
    (lastRound !== null && at.round > lastRound)
  ) {
    return err(
      'bad-start',
      `startAt.round must be a round of the game (1${lastRound !== null ? ` to ${lastRound}` : ' or more'}), not ${JSON.stringify(at?.round)}`,
    );
  }
  if (!Number.isInteger(at.dealer) || at.dealer < 0 || at.dealer >= setup.players) {
    return err(
      'bad-start',
      `startAt.dealer must be a seat (0 to ${setup.players - 1}), not ${JSON.stringify(at.dealer)}`,
    );
  }
  const seating = seatsByDraw ? draw().seating : undefined;
  return ok({
    round: at.round,
    dealer: at.dealer,
    ...(seating === undefined ? {} : { seating }),
    events: [],
  });
}
