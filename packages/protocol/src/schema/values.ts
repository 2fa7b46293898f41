/** The plain data the messages carry: cards, actions, events, records, bot levels, hint reasons. */
import { type TLiteral, type TSchema, Type, type TUnion } from '@sinclair/typebox';
import { CARDS, type GameEvent as EngineGameEvent, parseAction } from '@hanafuda/engine';
import { BOT_LEVELS } from '../levels.js';
import { Refuse, type Refusal, type Typed } from './refusal.js';

/** A whole number ≥ 0: a seat, a sequence number. */
export const Count = (options: object = {}) => Type.Integer({ minimum: 0, ...options });

const literals = <T extends readonly string[]>(
  values: T,
  options: object = {},
): TUnion<TLiteral<T[number]>[]> =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  ) as unknown as TUnion<TLiteral<T[number]>[]>;

/** A card's id (`pine-crane`, `pine-chaff-1`, … `blank`), as the engine names them. */
export const CardId = () =>
  Type.String({
    pattern: `^(${CARDS.map((c) => c.id).join('|')})$`,
    description: 'A card id, as the engine names them (pine-crane, pine-chaff-1, …, blank).',
  });

/** Seat numbers grouped into teams. */
export const Teams = (options: object = {}) => Type.Array(Type.Array(Type.Integer()), options);

/** House rules by name; each game checks its own (their tables are in the views below and in docs/rules.md). */
export const Options = (options: object = {}) => Type.Record(Type.String(), Type.Unknown(), options);

export const StartAt = (options: object = {}) =>
  Type.Object(
    { round: Type.Integer(), dealer: Type.Integer() },
    {
      additionalProperties: false,
      description: 'A replayed deal: the game starts at this round of its seed, this seat dealing.',
      ...options,
    },
  );

export const Level = (options: object = {}) => literals(BOT_LEVELS, options);

const seat = Count({ description: 'The deciding seat.' });
const kind = <P extends Record<string, TSchema>>(properties: P, description: string) =>
  Type.Object({ seat, ...properties }, { additionalProperties: false, description });
/** The engine words what is wrong with an action (it also reads actions from records and scenarios). */
const actionRefusal: Refusal = ({ value }) => {
  const parsed = parseAction(value);
  return parsed.ok
    ? { code: 'bad-action', message: `not an action: ${JSON.stringify(value)}` }
    : parsed.error;
};

/** One decision by one seat; which are legal now is in the seat's view (`actions`). */
export const Action = () =>
  Type.Union(
    [
      kind(
        { play: CardId(), take: Type.Optional(CardId()) },
        'Play a hand card; `take` names the field card it captures when there is a choice.',
      ),
      kind({ take: CardId() }, 'Choose the field card a drawn card captures.'),
      kind({ leave: Type.Literal(true) }, 'Leave the drawn card on the field.'),
      kind({ return: Type.Literal(true) }, 'Take back a blocked Gaji (Sakura).'),
      kind({ hiki: Type.Integer({ minimum: 1, maximum: 12 }) }, 'Announce a hiki of this month (Sakura).'),
      kind({ koikoi: Type.Literal(true) }, 'Play on after a yaku (Koi-Koi).'),
      kind({ shobu: Type.Literal(true) }, 'Stop and score (Koi-Koi).'),
      kind(
        { pile: Type.Union([Type.Literal(0), Type.Literal(1)]) },
        'Choose one of two face-down piles (Nara).',
      ),
      kind({ redeal: Type.Boolean() }, 'Accept or decline a redeal (Nara).'),
      kind(
        { dealerTake: Type.Array(CardId()) },
        'The dealer takes cards of a three-of-a-month on the dealt field (Nara).',
      ),
      kind({ bid: Count() }, 'A bid in the auction (Oi-bana).'),
    ],
    { description: 'One decision by one seat, with card ids as strings.', [Refuse]: actionRefusal },
  );

/**
 * What happened, as one viewer may see it: every event has a `type`; its other fields are the
 * game's (docs/protocol.md lists them). `played-for` is the table's own: the server made that move
 * for the seat (`reason`: away or timer).
 */
export const GameEvent = () =>
  Type.Object(
    { type: Type.String() },
    { additionalProperties: true, description: "An event of the game, or the table's `played-for`." },
  ) as unknown as Typed<EngineGameEvent>;

export const GameRecord = () =>
  Type.Object(
    {
      format: Type.Literal('hanafuda-record'),
      version: Type.Literal(1),
      rules: Type.Optional(
        Type.Integer({
          minimum: 1,
          description: 'The engine rules version the game was played under (absent: 1).',
        }),
      ),
      game: Type.String(),
      players: Type.Integer(),
      teams: Type.Optional(Teams()),
      options: Options(),
      seed: Type.Union([Type.String(), Type.Number()]),
      startAt: Type.Optional(StartAt()),
      actions: Type.Array(Action()),
    },
    {
      additionalProperties: false,
      description: 'A whole game: its setup, seed and every action (docs/records.md).',
    },
  );

export const HintReason = () =>
  Type.Object(
    {
      captures: Type.Array(Type.String(), { description: 'The cards the move captures at once.' }),
      points: Type.Optional(
        Type.Number({ description: 'Their card points in this game (absent in Koi-Koi).' }),
      ),
      advances: Type.Array(Type.String(), {
        description: 'Yaku ids the capture brings nearer, or completes.',
      }),
      blocks: Type.Array(Type.String(), {
        description: 'Yaku another side had begun that the capture takes out of reach.',
      }),
      keeps: Type.Optional(
        Type.String({
          description: 'The best card the move takes off the field while another side could still match it.',
        }),
      ),
      expected: Type.Optional(
        Type.Object(
          { move: Type.Number(), next: Type.Number() },
          {
            additionalProperties: false,
            description: "The search's expected points of this move and of the next best one.",
          },
        ),
      ),
      win: Type.Optional(
        Type.Object(
          { move: Type.Number({ minimum: 0, maximum: 1 }), next: Type.Number({ minimum: 0, maximum: 1 }) },
          {
            additionalProperties: false,
            description:
              'Where the round has a stake in the game: the chance of winning the game after this move and after the next best one.',
          },
        ),
      ),
    },
    { additionalProperties: false },
  );
