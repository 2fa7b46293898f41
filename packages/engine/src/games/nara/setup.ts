/** Starting a Nara game or a scenario round (docs/rules.md 5.1; docs/scenarios.md): the table, the first dealer, fixed deals and positions. */
import { BLANK, type Card, NARA_DECK, cardIds, monthOf } from '../../core/cards.js';
import { type SplitEvent, open } from '../../core/events.js';
import { drawForSeating, openGame } from '../../core/first-dealer.js';
import type { GameSetup } from '../../core/game.js';
import { validateOptions } from '../../core/options.js';
import { err, ok, type Result } from '../../core/result.js';
import { roundRng } from '../../core/rng.js';
import { checkCardsOnce } from '../../core/scenario.js';
import type { ScenarioSetup } from '../../core/scenario-types.js';
import { afterDeal } from './before-play.js';
import { placeDeal } from './deal.js';
import { NARA_OPTIONS, type NaraOptions } from './options.js';
import { startRound, voidDeal } from './round.js';
import type { NaraState } from './state.js';
import { BANKROLL, PLAYERS, VALUES } from './tables.js';

const seatOk = (n: number | undefined): boolean =>
  Number.isInteger(n) && (n as number) >= 0 && (n as number) < PLAYERS;

function checkTable(players: number, teams: GameSetup['teams'], rawOptions: unknown): Result<NaraOptions> {
  if (players !== PLAYERS) {
    return err(
      'bad-players',
      `Nara Hana-awase is for exactly ${PLAYERS} players, not ${players}: the source (004) says 3 can play but gives no setup for 3, so the engine does not guess one`,
    );
  }
  if (teams !== undefined) return err('bad-teams', 'Nara Hana-awase has no teams: every player scores alone');
  return validateOptions(NARA_OPTIONS, rawOptions);
}

function blankState(
  options: NaraOptions,
  seed: string | number,
  dealer: number,
  round: number,
  scenario: boolean,
): NaraState {
  const seats = Array.from({ length: PLAYERS }, () => []);
  return {
    game: 'nara',
    players: PLAYERS,
    options,
    length: options.length,
    scenario,
    seed,
    rng: roundRng(seed, 0),
    round,
    dealer,
    seating: seats.map((_, seat) => seat),
    totals: seats.map(() => BANKROLL.start),
    results: [],
    piles: seats.map(() => []),
    chosen: seats.map(() => null),
    hands: seats.map(() => []),
    draws: seats.map(() => []),
    field: [],
    captured: seats.map(() => []),
    blank: null,
    monthTakes: [],
    blankTakePending: false,
    started: seats.map(() => true),
    toMove: dealer,
    phase: 'hand',
    pending: null,
    voided: false,
    drawnTwin: null,
  };
}

/**
 * The first-dealer draw (docs/rules.md 5.1): the earliest month deals; in one month the higher
 * value; the blank belongs to no month and ranks after December.
 */
export const drawRank = (c: Card): number => (monthOf(c) || 13) * 100 - VALUES[c];

export function newGameState(setup: GameSetup): Result<{ state: NaraState; events: SplitEvent[] }> {
  const options = checkTable(setup.players, setup.teams, setup.options);
  if (!options.ok) return options;
  const s = blankState(options.value, setup.seed, 0, 1, false);
  const lastRound = 'rounds' in s.length ? s.length.rounds : null;
  const opening = openGame(
    setup,
    lastRound,
    () => drawForSeating(s.rng, s.players, NARA_DECK, drawRank),
    true,
  );
  if (!opening.ok) return opening;
  s.round = opening.value.round;
  s.dealer = opening.value.dealer;
  s.seating = opening.value.seating ?? s.seating;
  const events = opening.value.events;
  startRound(s, events);
  return ok({ state: s, events });
}

/** A scenario round: a fixed deal (`piles` and `field`) or a position (`hands`, `draws`, `captured`, ...). */
export function scenarioState(sc: ScenarioSetup): Result<{ state: NaraState; events: SplitEvent[] }> {
  const options = checkTable(sc.players, sc.teams, sc.options);
  if (!options.ok) return options;
  const d = sc.deal;
  if (!seatOk(sc.dealer))
    return err('bad-scenario', `dealer ${sc.dealer} is not a seat of ${PLAYERS} players`);
  if (d.toMove !== undefined && !seatOk(d.toMove))
    return err('bad-scenario', `toMove ${d.toMove} is not a seat of ${PLAYERS} players`);
  if (d.pile !== undefined && d.pile.length > 0)
    return err(
      'bad-scenario',
      "Nara has no common pile: give each seat's own draw pile as deal.draws (top first)",
    );
  if (d.gaji !== undefined)
    return err('bad-scenario', "deal.gaji is Sakura's; Nara's wild card is given as deal.blank");
  const s = blankState(options.value, `scenario:${sc.name}`, sc.dealer, sc.round, true);
  const events: SplitEvent[] = [open({ type: 'round-start', round: s.round, dealer: s.dealer })];
  const placed = d.piles !== undefined ? placeFreshDeal(s, sc, events) : placePosition(s, sc);
  if (!placed.ok) return placed;
  return ok({ state: s, events });
}

function placeFreshDeal(s: NaraState, sc: ScenarioSetup, events: SplitEvent[]): Result<true> {
  const d = sc.deal;
  const piles = d.piles!;
  if (
    d.hands !== undefined ||
    d.draws !== undefined ||
    d.captured !== undefined ||
    d.blank !== undefined ||
    d.toMove !== undefined
  ) {
    return err(
      'bad-scenario',
      'a Nara deal gives either "piles" (a fresh deal) or "hands", "draws", "captured", "blank", "toMove" (a position), not both',
    );
  }
  if (piles.length !== PLAYERS || piles.some((p) => p.length !== 2))
    return err('bad-scenario', `deal.piles needs two piles for each of the ${PLAYERS} seats`);
  const present = checkCardsOnce(NARA_DECK, [...piles.flat(), d.field ?? []]);
  if (!present.ok) return present;
  placeDeal(s, piles, d.field ?? []);
  for (let seat = 0; seat < PLAYERS; seat++)
    events.push(open({ type: 'piles-dealt', seat, piles: piles[seat].map((p) => p.length) }));
  events.push(open({ type: 'field-dealt', cards: cardIds(s.field) }));
  if (afterDeal(s, events) === 'void') voidDeal(s, events);
  return ok(true);
}

function placePosition(s: NaraState, sc: ScenarioSetup): Result<true> {
  const d = sc.deal;
  const empty = () => Array.from({ length: PLAYERS }, () => [] as Card[]);
  const hands = d.hands ?? empty();
  const draws = d.draws ?? empty();
  const captured = d.captured ?? empty();
  if ([hands, draws, captured].some((lists) => lists.length !== PLAYERS)) {
    return err(
      'bad-scenario',
      `deal.hands, deal.draws and deal.captured need one list per seat (${PLAYERS})`,
    );
  }
  const present = checkCardsOnce(NARA_DECK, [...hands, ...draws, d.field ?? [], ...captured]);
  if (!present.ok) return present;
  if (d.blank) {
    const { seat, with: target } = d.blank;
    if (
      !seatOk(seat) ||
      !captured[seat].includes(BLANK) ||
      !captured[seat].includes(target) ||
      target === BLANK
    ) {
      return err(
        'bad-scenario',
        "deal.blank: the blank and the card it took must be in that seat's captures",
      );
    }
  }
  s.hands = hands.map((h) => h.slice());
  s.draws = draws.map((p) => p.slice());
  s.field = (d.field ?? []).slice();
  s.captured = captured.map((c) => c.slice());
  s.blank = d.blank ? { seat: d.blank.seat, with: d.blank.with } : null;
  s.toMove = d.toMove ?? sc.dealer;
  s.phase = 'hand';
  return ok(true);
}
