/**
 * What one seat (or a spectator) sees of a game: the `view` of an `update`, one schema per game
 * (its `game` names it). Each game's options come from the engine's own option table, so a house
 * rule added there is on the wire at once; the checks at the end fail to compile when a view of
 * the engine and its schema here drift apart.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import {
  KOIKOI_OPTIONS,
  type KoiKoiView,
  NARA_OPTIONS,
  type NaraView,
  OIBANA_OPTIONS,
  type OibanaView,
  type OptionSpec,
  type OptionsOf,
  SAKURA_OPTIONS,
  type SakuraView,
} from '@hanafuda/engine';
import type { Typed, Wire } from './refusal.js';
import { Action, Count } from './values.js';

/** A game's options object as its view carries it: every option of its table, with its value. */
function optionsOf<T extends readonly OptionSpec[]>(specs: T): Typed<OptionsOf<T>> {
  const value = (spec: OptionSpec): TSchema => {
    switch (spec.kind) {
      case 'enum':
        return Type.Union(
          spec.values.map((v) => Type.Literal(v)),
          { description: spec.help },
        );
      case 'boolean':
        return Type.Boolean({ description: spec.help });
      case 'integer':
        return Type.Integer({
          minimum: spec.min,
          ...(spec.max !== undefined ? { maximum: spec.max } : {}),
          description: spec.help,
        });
      case 'length':
        return Type.Union(
          [
            Type.Object({ rounds: Type.Integer() }, { additionalProperties: false }),
            Type.Object({ target: Type.Integer() }, { additionalProperties: false }),
          ],
          { description: spec.help },
        );
    }
  };
  return Type.Object(Object.fromEntries(specs.map((spec) => [spec.name, value(spec)])), {
    additionalProperties: false,
  }) as unknown as Typed<OptionsOf<T>>;
}

const Viewer = Type.Union([Count(), Type.Null()], {
  description: 'The seat this view is for; null for a spectator.',
});
const Cards = (description?: string) => Type.Array(Type.String(), description ? { description } : {});
const Counts = (description?: string) => Type.Array(Type.Integer(), description ? { description } : {});
const ToMove = Type.Union([Count(), Type.Null()], {
  description: 'Whose turn it is; null once the game is over.',
});
const Label = Type.Union([
  Type.Literal('chu'),
  Type.Literal('basa'),
  Type.Literal('shira-basa'),
  Type.Null(),
]);
const object = <P extends Record<string, TSchema>>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
const yakuPerSeat = Type.Array(Type.Array(Type.String()), {
  description: 'Per seat (or side): the yaku ids held.',
});

const SakuraRoundResult = object({
  round: Type.Integer(),
  dealer: Type.Integer(),
  points: Counts(),
  yaku: yakuPerSeat,
  scores: Counts(),
  winner: Type.Integer(),
  victories: Type.Integer(),
  label: Label,
  nextDealer: Type.Integer(),
  claimed: Cards(),
  dead: Cards(),
});

/** A round's hand plays (Sakura, Koi-Koi, Nara views): public, as at a real table. */
const Plays = () =>
  Type.Array(
    object({
      seat: Type.Integer(),
      card: Type.String(),
      field: Cards('The field just before the play.'),
      took: Cards("The cards the play's turn captured (the play's and the draw's)."),
    }),
    { description: "The round's hand plays so far, in order." },
  );

export const SakuraViewSchema = object(
  {
    game: Type.Literal('sakura'),
    viewer: Viewer,
    players: Type.Integer(),
    sides: Type.Array(Counts(), { description: 'The seats of each side.' }),
    options: optionsOf(SAKURA_OPTIONS),
    round: Type.Integer(),
    lastRound: Type.Integer(),
    dealer: Type.Integer(),
    toMove: ToMove,
    phase: Type.Union([
      Type.Literal('hand'),
      Type.Literal('draw-choice'),
      Type.Literal('gaji-target'),
      Type.Literal('over'),
    ]),
    hand: Cards("The viewer's own hand (empty for a spectator)."),
    handSizes: Counts(),
    field: Cards(),
    pileSize: Type.Integer(),
    captured: Type.Array(Cards()),
    discarded: Cards(),
    pending: Type.Union([
      object({ card: Type.String(), source: Type.Union([Type.Literal('hand'), Type.Literal('draw')]) }),
      Type.Null(),
    ]),
    gaji: Type.Union([object({ seat: Type.Integer(), with: Type.String() }), Type.Null()]),
    hikis: Type.Array(object({ seat: Type.Integer(), month: Type.Union([Type.Integer(), Type.Null()]) }), {
      description: 'Announced hikis: the month only for their owner or once revealed.',
    }),
    totals: Counts(),
    results: Type.Array(SakuraRoundResult),
    plays: Plays(),
    actions: Type.Array(Action(), {
      description: "The viewer's legal decisions, when it is the viewer's turn.",
    }),
  },
  "A seat's view of a Sakura game.",
);

const KoiKoiRoundResult = object({
  round: Type.Integer(),
  dealer: Type.Integer(),
  end: Type.Union([Type.Literal('shobu'), Type.Literal('hands-empty'), Type.Literal('hand-check')]),
  winner: Type.Union([Type.Integer(), Type.Null()]),
  yaku: yakuPerSeat,
  yakuTotals: Counts(),
  scores: Counts(),
  koikoi: Counts(),
  nextDealer: Type.Integer(),
});

export const KoiKoiViewSchema = object(
  {
    game: Type.Literal('koikoi'),
    viewer: Viewer,
    options: optionsOf(KOIKOI_OPTIONS),
    round: Type.Integer(),
    lastRound: Type.Integer(),
    dealer: Type.Integer(),
    toMove: ToMove,
    phase: Type.Union([
      Type.Literal('hand'),
      Type.Literal('draw-choice'),
      Type.Literal('decide'),
      Type.Literal('over'),
    ]),
    hand: Cards("The viewer's own hand (empty for a spectator)."),
    handSizes: Counts(),
    field: Cards(),
    pileSize: Type.Integer(),
    pending: Type.Union([Type.String(), Type.Null()], {
      description: 'The card turned up from the pile awaiting a capture choice.',
    }),
    captured: Type.Array(Cards()),
    yaku: Type.Array(object({ ids: Cards(), total: Type.Integer() }), {
      description: 'Per seat: yaku held now and their total.',
    }),
    koikoi: Counts('Per seat: Koi-Koi calls this round.'),
    reference: Counts('Per seat: the total a new decision must exceed.'),
    totals: Counts(),
    results: Type.Array(KoiKoiRoundResult),
    plays: Plays(),
    actions: Type.Array(Action(), {
      description: "The viewer's legal decisions, when it is the viewer's turn.",
    }),
  },
  "A seat's view of a Koi-Koi game.",
);

const NaraRoundResult = object({
  round: Type.Integer(),
  dealer: Type.Integer(),
  points: Counts(),
  yaku: yakuPerSeat,
  scores: Counts(),
  special: Type.Boolean(),
  nextDealer: Type.Integer(),
  claimed: Cards(),
  dead: Cards(),
});

export const NaraViewSchema = object(
  {
    game: Type.Literal('nara'),
    viewer: Viewer,
    players: Type.Integer(),
    options: optionsOf(NARA_OPTIONS),
    round: Type.Integer(),
    lastRound: Type.Union([Type.Integer(), Type.Null()], {
      description: 'null when the game ends at a target total.',
    }),
    dealer: Type.Integer(),
    seating: Counts('The seats in turn order.'),
    toMove: ToMove,
    phase: Type.Union(
      ['dealer-take', 'pile', 'redeal', 'hand', 'draw-choice', 'over'].map((p) => Type.Literal(p)),
    ) as TSchema as Typed<NaraView['phase']>,
    pileSizes: Type.Array(Counts(), { description: "Before the pile choice: each seat's two pile sizes." }),
    hand: Cards("The viewer's own hand (empty for a spectator)."),
    handSizes: Counts(),
    drawSizes: Counts(),
    field: Cards(),
    captured: Type.Array(Cards()),
    pending: Type.Union([Type.String(), Type.Null()]),
    blank: Type.Union([
      object({ seat: Type.Integer(), with: Type.Union([Type.String(), Type.Null()]) }),
      Type.Null(),
    ]),
    totals: Counts(),
    bankrolls: Type.Array(
      object({ total: Type.Integer(), sticks: Type.Integer(), beans: Type.Integer(), debt: Type.Integer() }),
    ),
    results: Type.Array(NaraRoundResult),
    plays: Plays(),
    actions: Type.Array(Action(), {
      description: "The viewer's legal decisions, when it is the viewer's turn.",
    }),
  },
  "A seat's view of a Nara game.",
);

const OibanaRoundResult = object({
  round: Type.Integer(),
  dealer: Type.Integer(),
  bids: Counts(),
  duelists: Type.Tuple([Type.Integer(), Type.Integer()]),
  winner: Type.Integer(),
  points: Counts(),
  yaku: yakuPerSeat,
  payments: Counts(),
  label: Label,
});

export const OibanaViewSchema = object(
  {
    game: Type.Literal('oibana'),
    viewer: Viewer,
    players: Type.Integer(),
    options: optionsOf(OIBANA_OPTIONS),
    round: Type.Integer(),
    lastRound: Type.Integer(),
    dealer: Type.Integer(),
    phase: Type.Union([Type.Literal('bid'), Type.Literal('play'), Type.Literal('over')]),
    toMove: ToMove,
    bankrolls: Counts(),
    bids: Type.Array(Type.Union([Type.Integer(), Type.Null()]), { description: 'Bids made so far.' }),
    hand: Cards("The viewer's own cards during the auction."),
    duelists: Type.Union([Type.Tuple([Type.Integer(), Type.Integer()]), Type.Null()]),
    duel: Type.Union([SakuraViewSchema, Type.Null()], {
      description: 'The round being played, in its own seats: index i is duelists[i].',
    }),
    results: Type.Array(OibanaRoundResult),
    actions: Type.Array(Action()),
  },
  "A seat's view of an Oi-bana game.",
);

export const GameViewSchema = Type.Union(
  [SakuraViewSchema, KoiKoiViewSchema, NaraViewSchema, OibanaViewSchema],
  {
    description: "The seat's view now; `game` says which game's.",
  },
);
export type WireView = Wire<Static<typeof GameViewSchema>>;

// Compile-time drift checks: every view the engine makes fits its schema, and the other way round.
type Same<A, B> = [Wire<A>] extends [B] ? ([B] extends [Wire<A>] ? true : false) : false;
const fits = <T extends true>(): T | undefined => undefined;
fits<Same<SakuraView, Wire<Static<typeof SakuraViewSchema>>>>();
fits<Same<KoiKoiView, Wire<Static<typeof KoiKoiViewSchema>>>>();
fits<Same<NaraView, Wire<Static<typeof NaraViewSchema>>>>();
fits<Same<OibanaView, Wire<Static<typeof OibanaViewSchema>>>>();
