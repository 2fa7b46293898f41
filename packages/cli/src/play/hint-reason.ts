/** A hint's reason in one English line for the terminal: the capture and its points, the yaku advanced or blocked, the card kept, the expected points and chance of winning the game. */
import type { HintReason } from '@hanafuda/bots';
import { type GameId, yakuShortName } from '@hanafuda/table';

/** Yaku as the log names them: Sakura's by their letters, the others by name. */
const yakuName = (game: GameId, id: string) => yakuShortName(game, id, 'en');

const signed = (n: number) => `${n >= 0 ? '+' : '-'}${Math.abs(n).toFixed(1)}`;

/** `card` names a card as the menu does (`cherry curtain`, coloured or not). */
export function reasonLine(reason: HintReason, game: GameId, card: (id: string) => string): string {
  const parts: string[] = [];
  if (reason.captures.length > 0)
    parts.push(
      `takes ${reason.captures.map(card).join(', ')}${reason.points === undefined ? '' : ` (${reason.points} points)`}`,
    );
  if (reason.advances.length > 0)
    parts.push(`brings ${reason.advances.map((id) => yakuName(game, id)).join(', ')} closer`);
  if (reason.blocks.length > 0)
    parts.push(`blocks ${reason.blocks.map((id) => yakuName(game, id)).join(', ')} for the others`);
  if (reason.keeps !== undefined) parts.push(`keeps ${card(reason.keeps)} from the others`);
  if (reason.expected)
    parts.push(
      `expected ${signed(reason.expected.move)} points against ${signed(reason.expected.next)} for the next best move`,
    );
  if (reason.win)
    parts.push(
      `${Math.round(reason.win.move * 100)}% to win the game against ${Math.round(reason.win.next * 100)}%`,
    );
  return parts.join('; ');
}
