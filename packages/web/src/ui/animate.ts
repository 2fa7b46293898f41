/**
 * Card movement as a diff of two renders (chessground's way): before an update the position
 * of every card on screen is measured; after it, each card glides from where it was. A card
 * that was not on screen comes from where the events say: an opponent's hand for a play,
 * the draw pile for a draw: it flies at its own size from that anchor's centre (a seat panel
 * is far wider than a card, so scaling by the anchor would draw a giant stretched card). Only
 * a card that was already on screen grows or shrinks, from its old size. Honours
 * prefers-reduced-motion.
 */
import type { GameEvent } from '@hanafuda/engine';

export type Positions = Map<string, DOMRect>;

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Where every card and every anchor (seats, pile) is now. */
export function measure(root: HTMLElement | null): Positions {
  const positions: Positions = new Map();
  if (!root) return positions;
  for (const el of root.querySelectorAll<HTMLElement>('[data-card]'))
    positions.set(`card:${el.dataset.card}`, el.getBoundingClientRect());
  for (const el of root.querySelectorAll<HTMLElement>('[data-anchor]'))
    positions.set(`anchor:${el.dataset.anchor}`, el.getBoundingClientRect());
  return positions;
}

type Box = Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>;

/** A card that comes from an anchor starts a little smaller than itself, as if lifted from the seat. */
export const ANCHOR_START_SCALE = 0.8;

/**
 * The first keyframe of a card's flight to `now`: from the old card's box (`fromCard`, its
 * size included), or from an anchor's centre at the card's own size. Null when it stays put.
 */
export function flightStart(
  now: Box,
  from: Box,
  fromCard: boolean,
): { dx: number; dy: number; scale: number } | null {
  const dx = from.left + from.width / 2 - (now.left + now.width / 2);
  const dy = from.top + from.height / 2 - (now.top + now.height / 2);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  const scale = fromCard && now.width > 0 && from.width > 0 ? from.width / now.width : ANCHOR_START_SCALE;
  return { dx, dy, scale };
}

/** Where a card that just appeared comes from, and how late it moves (the draw after the play). */
function originOf(
  card: string,
  events: readonly GameEvent[],
  before: Positions,
): { from: DOMRect | undefined; delay: number } {
  for (const e of events) {
    if (e.type === 'play' && e.card === card) return { from: before.get(`anchor:seat-${e.seat}`), delay: 0 };
    if (e.type === 'draw' && e.card === card) return { from: before.get('anchor:pile'), delay: 260 };
  }
  return { from: before.get('anchor:pile'), delay: 120 };
}

/** The order a moved card's event came in, so a turn reads as play, then draw. */
function delayOf(card: string, events: readonly GameEvent[]): number {
  const i = events.findIndex(
    (e) => e.card === card || (Array.isArray(e.cards) && (e.cards as string[]).includes(card)),
  );
  const drawIndex = events.findIndex((e) => e.type === 'draw');
  return drawIndex >= 0 && i >= drawIndex ? 260 : 0;
}

export function animateFrom(root: HTMLElement | null, before: Positions, events: readonly GameEvent[]): void {
  if (!root || reducedMotion() || before.size === 0) return;
  for (const el of root.querySelectorAll<HTMLElement>('[data-card]')) {
    if (typeof el.animate !== 'function') return;
    const id = el.dataset.card!;
    const now = el.getBoundingClientRect();
    const old = before.get(`card:${id}`);
    const { from, delay } = old ? { from: old, delay: delayOf(id, events) } : originOf(id, events, before);
    if (!from) {
      el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 250, easing: 'ease-out' });
      continue;
    }
    const start = flightStart(now, from, old !== undefined);
    if (!start) continue;
    el.animate(
      [
        { transform: `translate(${start.dx}px, ${start.dy}px) scale(${start.scale})`, zIndex: 20 },
        { transform: 'none', zIndex: 20 },
      ],
      {
        duration: 420,
        delay,
        easing: 'cubic-bezier(.2,.7,.2,1)',
        fill: 'backwards',
      },
    );
  }
}
