/** A hint's reason in one English line for the terminal: the capture and its points, the yaku advanced or blocked, the card kept, the expected points. */
import type { HintReason } from '@hanafuda/bots';
import { NARA_YAKU } from '@hanafuda/engine';
import { koikoiYakuName } from './board.js';

/** Yaku as the terminal's board names them: Sakura's by their letters, the others by name. */
function yakuName(game: string, id: string): string {
  if (game === 'koikoi') return koikoiYakuName(id);
  if (game === 'nara') return NARA_YAKU.find((y) => y.id === id)?.name ?? id;
  return id;
}

const signed = (n: number) => `${n >= 0 ? '+' : '-'}${Math.abs(n).toFixed(1)}`;

/** `card` names a card as the menu does (`cherry curtain`, coloured or not). */
export function reasonLine(reason: HintReason, game: string, card: (id: string) => string): string {
  const parts: string[] = [];
  if (reason.captures.length > 0) parts.push(`takes ${reason.captures.map(card).join(', ')}${reason.points === undefined ? '' : ` (${reason.points} points)`}`);
  if (reason.advances.length > 0) parts.push(`brings ${reason.advances.map((id) => yakuName(game, id)).join(', ')} closer`);
  if (reason.blocks.length > 0) parts.push(`blocks ${reason.blocks.map((id) => yakuName(game, id)).join(', ')} for the others`);
  if (reason.keeps !== undefined) parts.push(`keeps ${card(reason.keeps)} from the others`);
  if (reason.expected) parts.push(`expected ${signed(reason.expected.move)} points against ${signed(reason.expected.next)} for the next best move`);
  return parts.join('; ');
}
