/** One line of the play log per event, in English or Japanese; unknown events print their type. */
import { cardLabel } from '@hanafuda/cards-art';
import type { GameEvent } from '@hanafuda/engine';
import type { Lang } from '../i18n/i18n.js';

type Names = (seat: number) => string;

const list = (ids: unknown, lang: Lang) => (Array.isArray(ids) ? ids.map((id) => cardLabel(String(id), lang)).join(lang === 'ja' ? '、' : ', ') : '');

const EN: Record<string, (e: GameEvent, who: Names, lang: Lang) => string> = {
  'round-start': (e, who) => `Round ${e.round}: ${who(Number(e.dealer))} deals.`,
  play: (e, who, l) => `${who(Number(e.seat))} plays ${list([e.card], l)}.`,
  draw: (e, who, l) => `${who(Number(e.seat))} draws ${list([e.card], l)}.`,
  capture: (e, who, l) => `${who(Number(e.seat))} captures ${list(e.cards, l)}.`,
  hiki: (e, who) => `${who(Number(e.seat))} holds a hiki${e.month ? ` (month ${e.month})` : ''}.`,
  'hiki-taken': (e, who, l) => `${who(Number(e.seat))} takes the hiki: ${list(e.cards, l)}.`,
  'gaji-claim': (e, who) => `${who(Number(e.seat))}'s Gaji claims month ${e.month}.`,
  'gaji-blocked': (e, who) => `${who(Number(e.seat))}'s Gaji is blocked by ${who(Number(e.owner))}'s hiki (month ${e.month}).`,
  'gaji-leftovers': (e, who, l) => `${who(Number(e.seat))} receives the leftovers: ${list(e.cards, l)}.`,
  'gaji-transfer': (e, who, l) => `${list([e.card], l)} passes to ${who(Number(e.to))}.`,
  yaku: (e, who) => `${who(Number(e.seat))} has yaku worth ${e.total}.`,
  koikoi: (e, who) => `${who(Number(e.seat))} calls Koi-Koi!`,
  shobu: (e, who) => `${who(Number(e.seat))} calls Shobu.`,
  bid: (e, who) => `${who(Number(e.seat))} bids ${e.bid}.`,
  'auction-end': (e, who) => `${(e.duelists as number[]).map(who).join(' and ')} play this round.`,
  'pile-chosen': (e, who) => `${who(Number(e.seat))} chooses a pile.`,
  'dealer-take': (e, who, l) => `${who(Number(e.seat))} (dealer) takes ${list(e.cards, l)}.`,
  'dealer-takes-four': (e, who, l) => `${who(Number(e.seat))} (dealer) takes four of a month: ${list(e.cards, l)}.`,
  'blank-claim': (e, who, l) => `${who(Number(e.seat))}'s blank claims ${list(e.cards, l)}.`,
  'redeal-asked': (e, who) => `${who(Number(e.seat))} asks for a redeal.`,
  redeal: () => 'The deal is void: a redeal.',
  misdeal: () => 'Four of a month on the field: a misdeal.',
  'round-end': (e) => `Round ${e.round} is over.`,
  'game-end': () => 'The game is over.',
};

const JA: Record<string, (e: GameEvent, who: Names, lang: Lang) => string> = {
  'round-start': (e, who) => `第${e.round}局：${who(Number(e.dealer))}が親。`,
  play: (e, who, l) => `${who(Number(e.seat))}が${list([e.card], l)}を出す。`,
  draw: (e, who, l) => `${who(Number(e.seat))}が${list([e.card], l)}を引く。`,
  capture: (e, who, l) => `${who(Number(e.seat))}が${list(e.cards, l)}を取る。`,
  hiki: (e, who) => `${who(Number(e.seat))}にヒキ${e.month ? `（${e.month}月）` : ''}。`,
  'hiki-taken': (e, who, l) => `${who(Number(e.seat))}がヒキを取る：${list(e.cards, l)}。`,
  'gaji-claim': (e, who) => `${who(Number(e.seat))}のガジが${e.month}月を得る。`,
  'gaji-blocked': (e, who) => `${who(Number(e.seat))}のガジは${who(Number(e.owner))}のヒキ（${e.month}月）に阻まれる。`,
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
  'round-end': (e) => `第${e.round}局終了。`,
  'game-end': () => 'ゲーム終了。',
};

/** Events too small to log on their own (the capture or to-field line says it). */
const QUIET = new Set(['to-field', 'deal', 'field', 'piles-dealt', 'field-dealt', 'draw-only', 'stack', 'first-dealer', 'auction-start']);

export function describeEvent(e: GameEvent, who: Names, lang: Lang): string | null {
  if (QUIET.has(e.type)) return null;
  const template = (lang === 'ja' ? JA : EN)[e.type];
  return template ? template(e, who, lang) : e.type;
}
