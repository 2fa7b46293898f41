/** A decision in a few words, in English or Japanese: what a hint advises and a review compares. */
import { cardLabel } from '@hanafuda/cards-art';
import type { Action } from '@hanafuda/engine';
import type { Strings } from '../i18n/en.js';

const get = (a: Action, k: string): unknown => (a as Record<string, unknown>)[k];

export function actionText(action: Action, t: Strings, lang: 'en' | 'ja'): string {
  const play = get(action, 'play');
  const take = get(action, 'take');
  const parts: string[] = [];
  if (typeof play === 'string') parts.push(`${lang === 'ja' ? '出す' : 'play'} ${cardLabel(play, lang)}`);
  if (typeof take === 'string') parts.push(`${lang === 'ja' ? '取る' : 'take'} ${cardLabel(take, lang)}`);
  if ('koikoi' in action) parts.push(t.callKoikoi);
  if ('shobu' in action) parts.push(t.callShobu);
  if ('hiki' in action) parts.push(t.takeHiki);
  if ('bid' in action) parts.push(`${t.bid} ${get(action, 'bid')}`);
  if ('pile' in action) parts.push(get(action, 'pile') === 0 ? t.pileLeft : t.pileRight);
  if ('redeal' in action) parts.push(get(action, 'redeal') ? t.redealYes : t.redealNo);
  if ('leave' in action) parts.push(t.leaveGaji);
  if ('return' in action) parts.push(t.returnGaji);
  if ('dealerTake' in action) parts.push((get(action, 'dealerTake') as string[]).map((c) => cardLabel(c, lang)).join(', '));
  return parts.join(lang === 'ja' ? '、' : ', ');
}
