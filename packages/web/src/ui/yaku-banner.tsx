/** A short banner when a side completes a yaku: "Hana completes Chi — the others −50 each". */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { BoardModel } from '../games/board.js';
import { newlyCompleted } from '../games/yaku-events.js';
import { yakuName } from '../games/yaku-progress.js';
import type { Strings } from '../i18n/en.js';
import { getPrefs } from './prefs.js';

/** How long the banner stays (ms); the log keeps the event. */
const SHOWN_MS = 4000;

export interface YakuBannerProps {
  readonly board: BoardModel;
  readonly t: Strings;
  readonly name: (seat: number) => string;
  /** Sakura and Oi-bana with yaku on: each other side loses 50 for the yaku. */
  readonly penalty: boolean;
}

export function YakuBanner(props: YakuBannerProps): JSX.Element | null {
  const { board, t } = props;
  const [text, setText] = useState<string | null>(null);
  const previous = useRef<BoardModel | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const made = newlyCompleted(previous.current, board);
    previous.current = board;
    if (made.length === 0) return;
    const lang = getPrefs().lang;
    const lines = made.map(({ side, id }) => {
      const names = (board.sides[side] ?? []).map(props.name);
      const line = t.yakuMade(names.join(' & '), names.length > 1 || names.includes(t.you), yakuName(board.game, id, lang));
      return props.penalty ? `${line} — ${t.yakuPenaltyEach}` : line;
    });
    setText(lines.join(' · '));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setText(null), SHOWN_MS);
  }, [board]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return text ? (
    <div class="yaku-banner" role="status">
      {text}
    </div>
  ) : null;
}
