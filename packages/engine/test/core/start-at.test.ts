/** GameSetup.startAt: a new game whose first deal is round N's deal of another game with the same seed (a replayed deal). */
import { describe, expect, it } from 'vitest';
import {
  type GameEvent,
  type GameModule,
  type GameSetup,
  type SplitEvent,
  gameById,
  replayRecord,
} from '../../src/index.js';
import { playRandom } from '../support/random-play.js';

const ROUND_OPENERS = new Set(['round-start', 'auction-start']);
const opensRound = (e: SplitEvent, round: number) =>
  ROUND_OPENERS.has(e.public.type) && e.public.round === round;

/** The events from round `round`'s opening on, in the step that opens it, and the state after it. */
function roundOpening(
  game: GameModule,
  setup: GameSetup,
  round: number,
): { events: SplitEvent[]; state: unknown } {
  for (let policy = 0; policy < 20; policy++) {
    for (const step of playRandom(game, setup, `start-at:${policy}`).steps) {
      const at = step.events.findIndex((e) => opensRound(e, round));
      if (at >= 0) return { events: step.events.slice(at), state: step.state };
    }
  }
  throw new Error(`no play of ${game.id} reached round ${round}`);
}

/** Drops what a round's deal does not decide: the running bankrolls Oi-bana announces with the auction. */
const dealOnly = (events: readonly SplitEvent[]) =>
  events.map((e) => ({
    ...e,
    public: withoutBankrolls(e.public),
    ...(e.secret ? { secret: { ...e.secret, event: withoutBankrolls(e.secret.event) } } : {}),
  }));
function withoutBankrolls(event: GameEvent): GameEvent {
  const { bankrolls: _, ...rest } = event;
  return rest as GameEvent;
}

/** Where the games keep a round's cards, hidden ones included (Nara's face-down piles, Oi-bana's undealt rest). */
const DEAL_FIELDS = ['round', 'dealer', 'hands', 'field', 'pile', 'piles', 'draws', 'rest', 'gaji'];
const dealOf = (state: unknown) =>
  Object.fromEntries(
    DEAL_FIELDS.filter((k) => k in (state as object)).map((k) => [k, (state as Record<string, unknown>)[k]]),
  );

const GAMES: { id: string; setup: GameSetup }[] = [
  { id: 'sakura', setup: { players: 3, options: { rounds: 6 }, seed: 'replay-sakura' } },
  { id: 'koikoi', setup: { players: 2, options: { rounds: 6 }, seed: 'replay-koikoi' } },
  { id: 'nara', setup: { players: 4, options: {}, seed: 'replay-nara' } },
  { id: 'oibana', setup: { players: 4, options: { rounds: 6 }, seed: 'replay-oibana' } },
];

describe.each(GAMES)('$id: startAt replays round N of a seed', ({ id, setup }) => {
  const game = gameById(id)!;

  it.each([2, 4])(
    'the first deal of a game started at round %i equals that round of the original game, cards and dealer',
    (round) => {
      const { events: original, state } = roundOpening(game, setup, round);
      const dealer = original[0].public.dealer as number;
      const replay = game.newGame({ ...setup, startAt: { round, dealer } });
      if (!replay.ok) throw new Error(replay.error.message);
      expect(replay.value.events.some((e) => e.public.type === 'first-dealer')).toBe(false);
      expect(replay.value.events[0].public).toMatchObject({ round, dealer });
      expect(dealOnly(replay.value.events)).toEqual(dealOnly(original));
      const deal = dealOf(replay.value.state);
      expect(Object.keys(deal)).toEqual(expect.arrayContaining(['round', 'dealer', 'hands']));
      expect(deal).toEqual(dealOf(state));
    },
  );

  it('a different dealer or round gives a different opening', () => {
    const a = game.newGame({ ...setup, startAt: { round: 2, dealer: 0 } });
    const b = game.newGame({ ...setup, startAt: { round: 3, dealer: 0 } });
    const c = game.newGame({ ...setup, startAt: { round: 2, dealer: 1 } });
    if (!a.ok || !b.ok || !c.ok) throw new Error('newGame refused a valid startAt');
    expect(b.value.events).not.toEqual(a.value.events);
    expect(c.value.events).not.toEqual(a.value.events);
  });

  it('a record of a replayed deal replays to the same position', () => {
    const played = playRandom(game, { ...setup, startAt: { round: 3, dealer: 1 } }, 'record');
    expect(played.record.startAt).toEqual({ round: 3, dealer: 1 });
    const steps = replayRecord(game, JSON.parse(JSON.stringify(played.record)));
    if (!steps.ok) throw new Error(steps.error.message);
    expect(steps.value.at(-1)!.state).toEqual(played.steps.at(-1)!.state);
  });

  it('refuses a round outside the game or a dealer who is not a seat, saying which', () => {
    for (const startAt of [
      { round: 0, dealer: 0 },
      { round: 7, dealer: 0 },
      { round: 1.5, dealer: 0 },
    ]) {
      const r = game.newGame({ ...setup, startAt });
      expect(r.ok ? null : r.error).toMatchObject({
        code: 'bad-start',
        message: expect.stringContaining('startAt.round'),
      });
    }
    const r = game.newGame({ ...setup, startAt: { round: 1, dealer: setup.players } });
    expect(r.ok ? null : r.error).toMatchObject({
      code: 'bad-start',
      message: expect.stringContaining('startAt.dealer'),
    });
  });
});
