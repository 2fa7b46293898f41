// @vitest-environment happy-dom
/** Card flights (src/ui/animate.ts): natural size from a seat or the pile, old size for a card already on screen. */
import type { GameEvent } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { ANCHOR_START_SCALE, animateFrom, flightStart, type Positions } from '../src/ui/animate.js';

const box = (left: number, top: number, width: number, height: number) =>
  ({
    left,
    top,
    width,
    height,
    right: left + width,
    bottom: top + height,
    x: left,
    y: top,
    toJSON: () => ({}),
  }) as DOMRect;

describe('a card flight', () => {
  it('starts at the card size from an anchor, however wide the seat panel', () => {
    // A 220 px seat panel and a 46 px card: the old code started the card 4.8 times its size.
    const start = flightStart(box(100, 500, 46, 69), box(20, 20, 220, 60), false)!;
    expect(start.scale).toBe(ANCHOR_START_SCALE);
    expect(start.scale).toBeLessThanOrEqual(1);
    // From the panel's centre (130, 50) to the card's centre (123, 534.5).
    expect(start.dx).toBeCloseTo(7);
    expect(start.dy).toBeCloseTo(-484.5);
  });

  it('keeps the old size of a card that was on screen (a field card going to a capture row)', () => {
    const start = flightStart(box(10, 600, 30, 45), box(200, 300, 60, 90), true)!;
    expect(start.scale).toBe(2);
    expect(start.dx).toBeCloseTo(205);
    expect(start.dy).toBeCloseTo(-277.5);
  });

  it('does not move a card that stays put', () => {
    expect(flightStart(box(10, 10, 40, 60), box(10.4, 10, 40, 60), true)).toBeNull();
  });
});

describe('animateFrom', () => {
  it('flies a played card from its seat at natural size and a moved card from its old box', () => {
    const root = document.createElement('div');
    const rects = new Map<Element, DOMRect>();
    const keyframes = new Map<string, Keyframe[]>();
    const card = (id: string, rect: DOMRect) => {
      const el = document.createElement('div');
      el.dataset.card = id;
      rects.set(el, rect);
      el.getBoundingClientRect = () => rects.get(el)!;
      (el as unknown as { animate: (k: Keyframe[]) => void }).animate = (k: Keyframe[]) =>
        void keyframes.set(id, k);
      root.append(el);
    };
    card('played', box(300, 400, 50, 75));
    card('moved', box(20, 700, 25, 37.5));
    const before: Positions = new Map([
      ['anchor:seat-1', box(0, 0, 240, 80)],
      ['card:moved', box(320, 420, 50, 75)],
    ]);
    const events = [{ type: 'play', seat: 1, card: 'played' }] as unknown as GameEvent[];
    animateFrom(root, before, events);
    const scaleOf = (id: string) =>
      Number(/scale\(([^)]+)\)/.exec(String(keyframes.get(id)![0]!.transform))![1]);
    expect(scaleOf('played')).toBe(ANCHOR_START_SCALE);
    expect(scaleOf('moved')).toBe(2);
  });
});
