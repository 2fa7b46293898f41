/**
 * The cards' sizes at the table, from the screen: on a phone the hand is the biggest thing on
 * it (one or two rows of cards a finger can tap), the field next, the captures compact; on
 * larger screens everything grows with the window's height.
 */
import { type RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

/** The width below which the table takes its phone layout (styles.css's media queries say the same). */
export const PHONE_WIDTH = 820;
/** A finger's tap target (CSS px). */
export const MIN_TAP = 44;
/** A card's height over its width. */
const ASPECT = 1.5;

export interface TableSpace {
  /** The window's width and the table's height (CSS px): a lesson's panel above the table leaves it less. */
  readonly width: number;
  readonly height: number;
  /** Cards in the person's hand (0 for a spectator or a replay's other seats): at the table, the round's largest, so the size holds all round. */
  readonly hand: number;
  /** Cards in the hand now, when fewer than `hand`: laid out in as few rows as the size allows. */
  readonly held?: number;
  /** The hand is only looked at (a replay): sized as the field's cards, in one row. */
  readonly compactHand?: boolean;
  /** Height (CSS px) the hand gives up because the field did not fit above it (measured after a render). */
  readonly squeeze?: number;
}

export interface CardSizes {
  /** Widths (CSS px). */
  readonly hand: number;
  readonly field: number;
  readonly small: number;
  /** The hand's columns: all its cards in one row, or half of them when two rows give bigger cards. */
  readonly handColumns: number;
}

const clamp = (lo: number, x: number, hi: number) => Math.max(lo, Math.min(hi, x));

export function cardSizes(space: TableSpace): CardSizes {
  const n = Math.max(1, space.hand);
  if (space.width <= PHONE_WIDTH) {
    // The page's and the hand panel's side padding, and the gap between cards.
    const room = space.width - 32;
    const gap = 5;
    const widthFor = (columns: number) => Math.floor((room - (columns - 1) * gap) / columns);
    const field = Math.floor(clamp(MIN_TAP, Math.min(space.width / 7.6, space.height / 11), 58));
    if (space.compactHand)
      return {
        hand: Math.floor(
          Math.max(24, Math.min(field, widthFor(n), (space.height * 0.2 - (space.squeeze ?? 0)) / ASPECT)),
        ),
        field,
        small: 24,
        handColumns: n,
      };
    // Two rows when one would make the cards narrower than a finger (48 px); the hand never takes more than about a quarter of the table's height,
    // and its cards are never smaller than the field's: the hand is what a phone's player taps all round.
    const columns = widthFor(n) >= 48 || n < 4 ? n : Math.ceil(n / 2);
    const rows = Math.ceil(n / columns);
    const tallest = (space.height * 0.27 - (space.squeeze ?? 0)) / rows / ASPECT;
    const hand = Math.floor(clamp(Math.max(MIN_TAP, field), Math.min(widthFor(columns), tallest), 76));
    // At that size, the cards held now in as few rows as fit (a hand of 5 from a deal of 8 in one row).
    const fit = Math.floor((room + gap) / (hand + gap));
    return {
      hand,
      field,
      small: 24,
      handColumns: Math.max(1, Math.min(space.held ?? n, Math.max(columns, fit))),
    };
  }
  const hand = Math.floor(
    clamp(62, space.height * (space.compactHand ? 0.09 : 0.12) - (space.squeeze ?? 0) / ASPECT, 132),
  );
  return {
    hand,
    field: Math.floor(hand * 0.8),
    small: Math.floor(clamp(28, hand * 0.38, 48)),
    handColumns: n,
  };
}

/** The window's width and an element's height (the table's), following them as they change (a phone turned, a window resized, a lesson's panel). */
export function useTableSpace(ref: RefObject<HTMLElement>): { width: number; height: number } {
  const read = () => ({ width: innerWidth, height: ref.current?.clientHeight || innerHeight - 60 });
  const [size, setSize] = useState(read);
  useLayoutEffect(() => {
    const update = () =>
      setSize((old) => {
        const next = read();
        return old.width === next.width && old.height === next.height ? old : next;
      });
    update();
    const observer = typeof ResizeObserver === 'function' && ref.current ? new ResizeObserver(update) : null;
    if (observer && ref.current) observer.observe(ref.current);
    addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      removeEventListener('resize', update);
    };
  }, []);
  return size;
}
