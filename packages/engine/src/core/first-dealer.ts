/**
 * The first-dealer draw all three games use: each contender draws a card, the best rank
 * deals, and players tied for the best draw again from a fresh shuffle; or a replayed
 * deal's fixed start (GameSetup.startAt).
 */
import type { Card } from './cards.js';
import { type SplitEvent, open } from './events.js';
import type { GameSetup } from './game.js';
import { err, ok, type Result } from './result.js';
import { type RngState, shuffled } from './rng.js';

export interface DealerDraw {
  readonly dealer: number;
  /** Each pass of the draw: the seats that drew and their cards. */
  readonly passes: readonly { readonly seats: readonly number[]; readonly cards: readonly Card[] }[];
}

/** `rank` orders cards: lower deals first (e.g. the month, earliest first). */
export function drawForDealer(rng: RngState, players: number, deck: readonly Card[], rank: (card: Card) => number): DealerDraw {
  let contenders = Array.from({ length: players }, (_, seat) => seat);
  const passes: { seats: number[]; cards: Card[] }[] = [];
  while (contenders.length > 1) {
    const cards = shuffled(rng, deck).slice(0, contenders.length);
    passes.push({ seats: contenders, cards });
    const best = Math.min(...cards.map(rank));
    contenders = contenders.filter((_, i) => rank(cards[i]) === best);
  }
  return { dealer: contenders[0], passes };
}

/** A game's first round and dealer, and the events that announce them. */
export interface Opening {
  readonly round: number;
  readonly dealer: number;
  readonly events: SplitEvent[];
}

/**
 * How every game opens: round 1, dealt by the winner of the first-dealer draw (`draw`), or the
 * round and dealer of `setup.startAt` (a replayed deal), checked against the table.
 * `lastRound` is null where the game's length is not a count of rounds.
 */
export function openGame(setup: GameSetup, lastRound: number | null, draw: () => DealerDraw, ids: (cards: readonly Card[]) => string[]): Result<Opening> {
  const at = setup.startAt;
  if (at === undefined) {
    const d = draw();
    return ok({ round: 1, dealer: d.dealer, events: [open({ type: 'first-dealer', dealer: d.dealer, passes: d.passes.map((p) => ({ seats: p.seats, cards: ids(p.cards) })) })] });
  }
  if (typeof at !== 'object' || at === null || !Number.isInteger(at.round) || at.round < 1 || (lastRound !== null && at.round > lastRound)) {
    return err('bad-start', `startAt.round must be a round of the game (1${lastRound !== null ? ` to ${lastRound}` : ' or more'}), not ${JSON.stringify(at?.round)}`);
  }
  if (!Number.isInteger(at.dealer) || at.dealer < 0 || at.dealer >= setup.players) {
    return err('bad-start', `startAt.dealer must be a seat (0 to ${setup.players - 1}), not ${JSON.stringify(at.dealer)}`);
  }
  return ok({ round: at.round, dealer: at.dealer, events: [] });
}
