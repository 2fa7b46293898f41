/** One line of the play log per event, in English or Japanese; unknown events print their type. */
import { cardLabel } from '@hanafuda/cards-art';
import { MONTHS, type GameEvent } from '@hanafuda/engine';
import { isYou, type Lang } from '../i18n/i18n.js';

type Names = (seat: number) => string;

/** A month by its plant, as players name it: "Plum blossom (month 2)", "2月（梅）". */
export function monthName(month: unknown, lang: Lang): string {
  const m = MONTHS[Number(month) - 1];
  if (!m) return String(month);
  return lang === 'ja' ? `${Number(month)}月（${m.ja}）` : `${m.en} (month ${Number(month)})`;
}

const list = (ids: unknown, lang: Lang) =>
  Array.isArray(ids) ? ids.map((id) => cardLabel(String(id), lang)).join(lang === 'ja' ? '、' : ', ') : '';

/**
 * How an English line names a seat: the person's own seat is "you", with the verb agreeing
 * ("You play", not "You plays"); any other seat by its name.
 */
interface Speaker {
  /** Subject: "Hana" or "You". */
  subject(seat: unknown): string;
  /** Subject and verb: `does(2, 'plays', 'play')` is "Hana plays" or "You play". */
  does(seat: unknown, third: string, base: string): string;
  /** Possessive: "Hana's" or "Your". */
  whose(seat: unknown): string;
  /** Object: "Hana" or "you". */
  whom(seat: unknown): string;
}

function speaker(who: Names, self: number | null): Speaker {
  // The person's seat: the one playing here, or in a replay the seat the app named "You".
  const mine = (seat: unknown) => (self !== null && Number(seat) === self) || isYou(who(Number(seat)));
  return {
    subject: (seat) => (mine(seat) ? 'You' : who(Number(seat))),
    does: (seat, third, base) => (mine(seat) ? `You ${base}` : `${who(Number(seat))} ${third}`),
    whose: (seat) => (mine(seat) ? 'Your' : `${who(Number(seat))}'s`),
    whom: (seat) => (mine(seat) ? 'you' : who(Number(seat))),
  };
}

const EN: Record<string, (e: GameEvent, say: Speaker, lang: Lang) => string> = {
  'round-start': (e, say) => `Round ${e.round}: ${say.does(e.dealer, 'deals', 'deal')}.`,
  play: (e, say, l) => `${say.does(e.seat, 'plays', 'play')} ${list([e.card], l)}.`,
  draw: (e, say, l) => `${say.does(e.seat, 'draws', 'draw')} ${list([e.card], l)}.`,
  capture: (e, say, l) => `${say.does(e.seat, 'captures', 'capture')} ${list(e.cards, l)}.`,
  hiki: (e, say, l) =>
    `${say.does(e.seat, 'holds', 'hold')} a hiki${e.month ? ` of ${monthName(e.month, l)}` : ''}.`,
  'hiki-taken': (e, say, l) => `${say.does(e.seat, 'takes', 'take')} the hiki: ${list(e.cards, l)}.`,
  'gaji-claim': (e, say, l) => `${say.whose(e.seat)} Gaji claims ${monthName(e.month, l)}.`,
  'gaji-blocked': (e, say, l) =>
    `${say.whose(e.seat)} Gaji is blocked by ${say.whose(e.owner).replace(/^Your$/, 'your')} hiki of ${monthName(e.month, l)}.`,
  'gaji-leftovers': (e, say, l) =>
    `${say.does(e.seat, 'receives', 'receive')} the leftovers: ${list(e.cards, l)}.`,
  'gaji-transfer': (e, say, l) => `${list([e.card], l)} passes to ${say.whom(e.to)}.`,
  yaku: (e, say) => `${say.does(e.seat, 'has', 'have')} yaku worth ${e.total}.`,
  koikoi: (e, say) => `${say.does(e.seat, 'calls', 'call')} Koi-Koi!`,
  shobu: (e, say) => `${say.does(e.seat, 'calls', 'call')} Shobu.`,
  bid: (e, say) => `${say.does(e.seat, 'bids', 'bid')} ${e.bid}.`,
  'auction-end': (e, say) =>
    `${(e.duelists as number[]).map((s, i) => (i === 0 ? say.subject(s) : say.whom(s))).join(' and ')} play this round.`,
  'pile-chosen': (e, say) => `${say.does(e.seat, 'chooses', 'choose')} a pile.`,
  'dealer-take': (e, say, l) => `${say.does(e.seat, 'takes', 'take')} ${list(e.cards, l)} (dealer).`,
  'dealer-takes-four': (e, say, l) =>
    `${say.does(e.seat, 'takes', 'take')} four of a month (dealer): ${list(e.cards, l)}.`,
  'blank-claim': (e, say, l) => `${say.whose(e.seat)} blank claims ${list(e.cards, l)}.`,
  'redeal-asked': (e, say) => `${say.does(e.seat, 'asks', 'ask')} for a redeal.`,
  redeal: () => 'The deal is void: a redeal.',
  misdeal: () => 'Four of a month on the field: a misdeal.',
  'round-end': (e) =>
    `Round ${e.round} is over.${e.label ? ` ${({ chu: 'Chu', basa: 'Basa', 'shira-basa': 'Shira Basa' } as Record<string, string>)[e.label as string]}!` : ''}`,
  'game-end': () => 'The game is over.',
  'played-for': (e, say) =>
    `A bot plays for ${say.whom(e.seat)} (${e.reason === 'away' ? 'away' : 'out of time'}).`,
};

const JA: Record<string, (e: GameEvent, who: Names, lang: Lang) => string> = {
  'round-start': (e, who) => `第${e.round}局：${who(Number(e.dealer))}が親。`,
  play: (e, who, l) => `${who(Number(e.seat))}が${list([e.card], l)}を出す。`,
  draw: (e, who, l) => `${who(Number(e.seat))}が${list([e.card], l)}を引く。`,
  capture: (e, who, l) => `${who(Number(e.seat))}が${list(e.cards, l)}を取る。`,
  hiki: (e, who, l) => `${who(Number(e.seat))}にヒキ${e.month ? `（${monthName(e.month, l)}）` : ''}。`,
  'hiki-taken': (e, who, l) => `${who(Number(e.seat))}がヒキを取る：${list(e.cards, l)}。`,
  'gaji-claim': (e, who, l) => `${who(Number(e.seat))}のガジが${monthName(e.month, l)}を得る。`,
  'gaji-blocked': (e, who, l) =>
    `${who(Number(e.seat))}のガジは${who(Number(e.owner))}の${monthName(e.month, l)}のヒキに阻まれる。`,
  'gaji-leftovers': (e, who, l) => `${who(Number(e.seat))}が残り札を得る：${list(e.cards, l)}。`,
  'gaji-transfer': (e, who, l) => `${list([e.card], l)}が${who(Number(e.to))}へ。`,
  yaku: (e, who) => `${who(Number(e.seat))}の役：${e.total}点。`,
  koikoi: (e, who) => `${who(Number(e.seat))}「こいこい！」`,
  shobu: (e, who) => `${who(Number(e.seat))}「勝負」。`,
  bid: (e, who) => `${who(Number(e.seat))}が${e.bid}を付ける。`,
  'auction-end': (e, who) => `${(e.duelists as number[]).map(who).join('と')}が打つ。`,
  'pile-chosen': (e, who) => `${who(Number(e.seat))}が山を選ぶ。`,
  'dealer-take': (e, who, l) => `親の${who(Number(e.seat))}が${list(e.cards, l)}を取る。`,
  'dealer-takes-four': (e, who, l) => `親の${who(Number(e.seat))}が四枚を取る：${list(e.cards, l)}。`,
  'blank-claim': (e, who, l) => `${who(Number(e.seat))}の白札が${list(e.cards, l)}を得る。`,
  'redeal-asked': (e, who) => `${who(Number(e.seat))}が配り直しを求める。`,
  redeal: () => '配り直し。',
  misdeal: () => '場に同じ月が四枚：配り直し。',
  'round-end': (e) =>
    `第${e.round}局終了。${e.label ? ({ chu: 'チュウ', basa: 'バサ', 'shira-basa': '白バサ' } as Record<string, string>)[e.label as string] + '。' : ''}`,
  'game-end': () => 'ゲーム終了。',
  'played-for': (e, who) =>
    `${who(Number(e.seat))}の代わりにボットが打つ（${e.reason === 'away' ? '不在' : '時間切れ'}）。`,
};

/** Events too small to log on their own (the capture or to-field line says it). */
const QUIET = new Set([
  'to-field',
  'deal',
  'field',
  'piles-dealt',
  'field-dealt',
  'draw-only',
  'stack',
  'first-dealer',
  'auction-start',
]);

/** `self` is the person's own seat (null for a spectator or a replay): the English log says "you" for it. */
export function describeEvent(
  e: GameEvent,
  who: Names,
  lang: Lang,
  self: number | null = null,
): string | null {
  if (QUIET.has(e.type)) return null;
  if (lang === 'ja') return JA[e.type]?.(e, who, lang) ?? e.type;
  return EN[e.type]?.(e, speaker(who, self), lang) ?? e.type;
}
