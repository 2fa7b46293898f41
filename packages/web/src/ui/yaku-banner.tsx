/**
 * The yaku moment: when a side completes a yaku, its cards come forward for a moment with who
 * made it and what it scores ("Hana completes Chi — the others −50 each", or Koi-Koi's
 * points), and a chime if sounds are on. It never takes a tap (pointer-events: none) and goes
 * by itself; the log keeps the event. With reduced motion it shows and goes without moving.
 */
import type { GameView } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { BoardModel } from '@hanafuda/table';
import { newlyCompleted, type CompletedYaku, type TableMoment } from '../games/yaku-events.js';
import type { Strings } from '../i18n/en.js';
import { Card } from './card.js';
import { getPrefs } from './prefs.js';
import { playSound } from './sounds.js';
import { YakuList, withYakuList } from './yaku-list.js';

/** How long the moment stays (ms): a little after its fading out ends at 3.2 s (styles.css: .yaku-moment). */
export const SHOWN_MS = 3400;

export interface YakuBannerProps {
  readonly board: BoardModel;
  readonly view: GameView | null;
  readonly t: Strings;
  readonly name: (seat: number) => string;
  /** Sakura and Oi-bana: each other side pays the yaku's points. */
  readonly penalty: boolean;
}

interface Shown {
  readonly key: number;
  readonly made: readonly CompletedYaku[];
  readonly board: BoardModel;
}

/** The yaku one move completed, one banner per side: their cards once each, their points together. */
function bySide(
  made: readonly CompletedYaku[],
): { side: number; ids: string[]; cards: string[]; points: number }[] {
  const groups = new Map<number, { side: number; ids: string[]; cards: string[]; points: number }>();
  for (const y of made) {
    const g = groups.get(y.side) ?? { side: y.side, ids: [], cards: [], points: 0 };
    g.ids.push(y.id);
    g.cards.push(...y.cards.filter((c) => !g.cards.includes(c)));
    g.points += y.points;
    groups.set(y.side, g);
  }
  return [...groups.values()];
}

/** Cards per row of the showcase: one row up to six, then two rows. */
const rowLength = (cards: number) => (cards <= 6 ? Math.max(cards, 3) : Math.ceil(cards / 2));

export function YakuBanner(props: YakuBannerProps): JSX.Element | null {
  const { board, view, t } = props;
  const [shown, setShown] = useState<Shown | null>(null);
  const previous = useRef<TableMoment | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!view) return;
    const now = { board, view };
    const made = newlyCompleted(previous.current, now);
    previous.current = now;
    if (made.length === 0) return;
    setShown((s) => ({ key: (s?.key ?? 0) + 1, made, board }));
    if (getPrefs().sound) playSound('yaku');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(null), SHOWN_MS);
  }, [board, view]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // Inside the field's box, whatever the screen, so it never spills over the prompt or the
    // hand: the cards shrink first (to --yaku-k of their size), then the whole moment (--fit).
    // Fitted again when the box changes: a Koi-Koi call's prompt, shown with the moment, takes
    // room from the field on a phone.
    const el = ref.current;
    const room = el?.parentElement;
    if (!el || !room) return;
    const fitInside = () => {
      el.style.removeProperty('--yaku-k');
      if (el.offsetHeight === 0) return;
      const height = room.clientHeight - 12;
      const cards = Math.max(
        ...[...el.querySelectorAll<HTMLElement>('.yaku-showcase')].map((c) => c.offsetHeight),
      );
      if (el.offsetHeight > height && cards > 0)
        el.style.setProperty('--yaku-k', String(Math.max(0.45, 1 - (el.offsetHeight - height) / cards)));
      const fit = Math.min(1, height / el.offsetHeight, (room.clientWidth - 8) / el.offsetWidth);
      el.style.setProperty('--fit', String(Math.max(fit, 0.3)));
    };
    fitInside();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fitInside) : null;
    observer?.observe(room);
    return () => observer?.disconnect();
  }, [shown]);
  if (!shown) return null;
  const lang = getPrefs().lang;
  const groups = bySide(shown.made);
  const total = groups.reduce((n, g) => n + g.cards.length, 0);
  return (
    <div class="yaku-moment" key={shown.key} ref={ref} role="status" style={{ '--n': rowLength(total) }}>
      {groups.map(({ side, ids, cards, points }) => {
        const names = (shown.board.sides[side] ?? []).map(props.name);
        // What each yaku is, even on a phone, where it is learnt; past two yaku the glosses would
        // bury the line there, and a phone keeps the names (styles.css: .yaku-gloss).
        const yaku = (
          <YakuList
            game={shown.board.game}
            ids={ids}
            lang={lang}
            separator={t.yakuSeparator}
            quote={t.quoteYaku}
            glossed={ids.length <= 2}
          />
        );
        return (
          <div class="yaku-banner" key={side} data-yaku={ids.join(' ')}>
            <div class="yaku-showcase" role="img" aria-label={t.yakuShowcase}>
              {cards.map((card, i) => (
                <span class="yaku-card" key={card} data-yaku-card={card} style={{ '--i': i }}>
                  <Card id={card} game={shown.board.game} size="md" context="yaku" animKey={false} />
                </span>
              ))}
            </div>
            <p class="yaku-line">{withYakuList((list) => t.yakuMade(names, list), yaku)}</p>
            <p class="yaku-stake">{props.penalty ? t.yakuPenaltyEach(points) : t.yakuWorth(points)}</p>
          </div>
        );
      })}
    </div>
  );
}
