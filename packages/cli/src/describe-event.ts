/** One line of English per engine event, for replays and the terminal. */
import type { GameEvent } from '@hanafuda/engine';
import { type GameId, yakuShortName } from '@hanafuda/table';

const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v));
const seat = (v: unknown) => `seat ${v}`;
const points = (n: unknown) => `${n} point${n === 1 ? '' : 's'}`;

/** A Sakura round win's Chu/Basa label (docs/rules.md 3.10), as the rules name it. */
export const WIN_LABELS: Record<string, string> = { chu: 'Chu', basa: 'Basa', 'shira-basa': 'Shira Basa' };

/** Nara's two face-down piles, by index: the menu and the log name them alike. */
export const PILE_NAMES = ['the first pile', 'the second pile'] as const;

/** Yaku by name where the game is known ("Hanami-zake, Tane"); by id otherwise. */
const yakuList = (v: unknown, game: GameId | undefined) =>
  list(Array.isArray(v) && game ? v.map((id) => yakuShortName(game, String(id), 'en')) : v);

const TEMPLATES: Record<string, (e: GameEvent, game: GameId | undefined) => string> = {
  'first-dealer': (e) =>
    `first dealer: ${seat(e.dealer)} (drew ${(e.passes as { seats: number[]; cards: string[] }[]).map((p) => p.seats.map((s, i) => `${s}:${p.cards[i]}`).join(' ')).join(' | ')})` +
    (e.seating ? `; seated in turn order ${list(e.seating)}` : ''),
  'round-start': (e) => `— round ${e.round}, dealer ${seat(e.dealer)} —`,
  deal: (e) => `${seat(e.seat)} is dealt ${e.cards ? list(e.cards) : `${e.count} cards`}`,
  field: (e) => `field: ${list(e.cards)} (pile ${e.pile})`,
  discard: (e) => `${e.card} is discarded`,
  'dealer-takes-four': (e) =>
    `dealer ${seat(e.seat)} captures all four of month ${e.month}: ${list(e.cards)}`,
  hiki: (e) => `${seat(e.seat)} holds a hiki${e.month ? ` (month ${e.month})` : ''}`,
  'hiki-taken': (e) =>
    `${seat(e.seat)} takes the hiki of month ${e.month}${e.byBlock ? ' (revealed by the Gaji)' : ''}: ${list(e.cards)}`,
  play: (e) => `${seat(e.seat)} plays ${e.card}`,
  draw: (e) => `${seat(e.seat)} turns up ${e.card}`,
  'draw-only': (e) => `${seat(e.seat)} has no hand: draws only`,
  'to-field': (e) => `  ${e.card} stays on the field`,
  capture: (e) => `  ${seat(e.seat)} captures ${list(e.cards)}${e.wild ? ' (wild)' : ''}`,
  'gaji-claim': (e) => `  the Gaji claims month ${e.month} for ${seat(e.seat)}`,
  'gaji-blocked': (e) =>
    `  the Gaji is blocked: ${e.target} belongs to ${seat(e.owner)}'s hiki (month ${e.month})`,
  'gaji-returned': (e) => `  ${seat(e.seat)} takes the Gaji back into the hand`,
  'gaji-transfer': (e) => `  ${e.card} passes to the Gaji's user, ${seat(e.to)}`,
  'gaji-leftovers': (e) => `${seat(e.seat)} receives the Gaji's leftovers: ${list(e.cards)}`,
  redeal: (e) =>
    `the deal is void (${e.reason === 'teshi' ? `teshi in the hand of ${list((e.seats as number[]).map(seat))}` : `${e.reason === 'four-pairs' ? 'four pairs' : `four of month ${list(e.months)}`} on the field`}): ${seat(e.dealer)} deals again`,
  stack: (e) => `  three cards of month ${e.month} lie as one stack`,
  teshi: (e) => `${seat(e.seat)} shows teshi, four of a month in hand: ${list(e.cards)}`,
  kuttsuki: (e) => `${seat(e.seat)} shows kuttsuki, four pairs in hand: ${list(e.cards)}`,
  yaku: (e, game) => `  ${seat(e.seat)} holds ${yakuList(e.yaku, game)} (${points(e.total)})`,
  koikoi: (e) => `${seat(e.seat)} calls Koi-Koi at ${points(e.total)} (call ${e.calls})`,
  shobu: (e) =>
    e.byRule
      ? `the round ends by rule: ${seat(e.seat)} wins with ${points(e.total)}`
      : `${seat(e.seat)} calls Shobu with ${points(e.total)}`,
  'twin-taken': (e) => `  ${seat(e.seat)} names ${e.card}: it is captured instead of ${e.instead}`,
  oyaken: (e) => `no yaku: dealer ${seat(e.seat)} scores 6 (oya-ken)`,
  'round-end': (e, game) =>
    `round ${e.round} over: ` +
    [
      e.points && `points ${list(e.points)}`,
      e.yakuTotals && `yaku points ${list(e.yakuTotals)}`,
      e.yaku && `yaku ${(e.yaku as string[][]).map((y) => `[${yakuList(y, game)}]`).join(' ')}`,
      `scores ${list(e.scores)}`,
      typeof e.label === 'string' &&
        `${WIN_LABELS[e.label] ?? e.label}${typeof e.victories === 'number' ? ` (the win counts ${e.victories})` : ''}`,
      `next dealer ${seat(e.nextDealer)}`,
      e.totals && `totals ${list(e.totals)}`,
      e.bankrolls && `bankrolls ${list(e.bankrolls)}`,
    ]
      .filter(Boolean)
      .join('; '),
  'auction-start': (e) =>
    `— round ${e.round}: the auction opens at dealer ${seat(e.dealer)}; bankrolls ${list(e.bankrolls)} —`,
  bid: (e) => `${seat(e.seat)} bids ${e.bid}`,
  'auction-end': (e) =>
    `bids ${list(e.bids)}: ${seat((e.duelists as number[])[0])} and ${seat((e.duelists as number[])[1])} play`,
  'piles-dealt': (e) => `${seat(e.seat)} is dealt two face-down piles of ${list(e.piles)} cards`,
  'field-dealt': (e) => `field: ${list(e.cards)}`,
  misdeal: (e) =>
    `misdeal: all four of month ${e.month} on the field (${list(e.cards)}); dealer ${seat(e.dealer)} deals again`,
  'dealer-take': (e) => `dealer ${seat(e.seat)} takes two of the three of month ${e.month}: ${list(e.cards)}`,
  'blank-dealt': (e) =>
    `dealer ${seat(e.seat)} takes the blank dealt to the field${e.with ? ` with ${e.with} (claims month ${e.month})` : ' alone'}`,
  'pile-chosen': (e) =>
    `${seat(e.seat)} chooses ${typeof e.pile === 'number' ? PILE_NAMES[e.pile] : 'a pile'} as the hand${e.hand ? `: ${list(e.hand)}` : ''}`,
  'redeal-asked': (e) =>
    `${seat(e.seat)} asks for a redeal (${e.reason === 'four-of-a-month' ? 'four of a month' : 'no scoring card'} in ${list(e.hand)}): ${seat(e.dealer)} deals again`,
  'blank-alone': (e) => `  the blank lands on an empty field: ${seat(e.seat)} takes it alone`,
  'blank-claim': (e) =>
    `${seat(e.seat)} receives the blank's leftovers of month ${e.month}: ${list(e.cards)}`,
  'all-chaff': (e) => `${seat(e.seat)} holds all chaff: 100 from each other player`,
  'one-twenty': (e) => `${seat(e.seat)} holds one twenty: 50 from each other player`,
  'game-end': (e) => `game over: totals ${list(e.totals)}; winner(s): ${list(e.winners)}`,
};

/** The event in English; `game` names its yaku (without it they read by id, as records hold them). */
export function describeEvent(e: GameEvent, game?: GameId): string {
  const template = TEMPLATES[e.type];
  if (template) return template(e, game);
  const fields = Object.entries(e)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}=${Array.isArray(v) ? list(v) : JSON.stringify(v)}`);
  return `${e.type}${fields.length ? ` ${fields.join(' ')}` : ''}`;
}
