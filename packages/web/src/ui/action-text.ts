/** A decision in a few words, in English or Japanese: what a hint advises (and why) and a review compares. */
import type { HintReason } from '@hanafuda/bots';
import { cardLabel } from '@hanafuda/cards-art';
import type { Action } from '@hanafuda/engine';
import { type GameId, yakuName } from '@hanafuda/table';
import type { Strings } from '../i18n/en.js';

const get = (a: Action, k: string): unknown => (a as Record<string, unknown>)[k];

export function actionText(action: Action, t: Strings, lang: 'en' | 'ja'): string {
  const play = get(action, 'play');
  const take = get(action, 'take');
  const parts: string[] = [];
  if (typeof play === 'string')
    parts.push(lang === 'ja' ? `${cardLabel(play, lang)}を出す` : `play ${cardLabel(play, lang)}`);
  if (typeof take === 'string')
    parts.push(lang === 'ja' ? `${cardLabel(take, lang)}を取る` : `take ${cardLabel(take, lang)}`);
  if ('koikoi' in action) parts.push(t.callKoikoi);
  if ('shobu' in action) parts.push(t.callShobu);
  if ('hiki' in action) parts.push(t.takeHiki);
  if ('bid' in action) parts.push(`${t.bid} ${get(action, 'bid')}`);
  if ('pile' in action) parts.push(get(action, 'pile') === 0 ? t.pileLeft : t.pileRight);
  if ('redeal' in action) parts.push(get(action, 'redeal') ? t.redealYes : t.redealNo);
  if ('leave' in action) parts.push(t.leaveGaji);
  if ('return' in action) parts.push(t.returnGaji);
  if ('dealerTake' in action)
    parts.push((get(action, 'dealerTake') as string[]).map((c) => cardLabel(c, lang)).join(', '));
  return parts.join(lang === 'ja' ? '、' : ', ');
}

const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(1)}`;
const percent = (p: number) => `${Math.round(p * 100)}%`;

/** A hint's reason in a few words: the capture and its points, the yaku it advances or blocks, the card it keeps, its expected points (and chance of winning the game) against the next best. */
export function reasonText(reason: HintReason, game: GameId, t: Strings, lang: 'en' | 'ja'): string {
  const list = (items: readonly string[]) => items.join(lang === 'ja' ? '・' : ', ');
  const yaku = (ids: readonly string[]) =>
    ids.map((id) => t.quoteYaku(yakuName(game, id, lang))).join(t.yakuSeparator);
  const parts: string[] = [];
  if (reason.captures.length > 0)
    parts.push(t.hintCaptures(list(reason.captures.map((id) => cardLabel(id, lang))), reason.points));
  if (reason.advances.length > 0) parts.push(t.hintAdvances(yaku(reason.advances)));
  if (reason.blocks.length > 0) parts.push(t.hintBlocks(yaku(reason.blocks)));
  if (reason.keeps !== undefined) parts.push(t.hintKeeps(cardLabel(reason.keeps, lang)));
  if (reason.expected) parts.push(t.hintExpected(signed(reason.expected.move), signed(reason.expected.next)));
  if (reason.win) parts.push(t.hintWin(percent(reason.win.move), percent(reason.win.next)));
  return parts.join(t.hintJoin);
}
