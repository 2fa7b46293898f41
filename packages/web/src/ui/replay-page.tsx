/** Replays: open a game record and step through it, seen from one seat; a review of that seat's decisions on request. */
import type { GameReview } from '@hanafuda/bots';
import {
  type GameRecord,
  eventsFor,
  gameById,
  parseRecord,
  replayRecord,
  type ReplayStep,
  type GameView,
} from '@hanafuda/engine';
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { boardOf } from '@hanafuda/table';
import type { Strings } from '../i18n/en.js';
import { shownName } from '../i18n/i18n.js';
import { INITIAL, type ClientState } from '../state/table-client.js';
import { startReview } from '../transport/review-messages.js';
import { Board } from './board.js';
import { getPrefs } from './prefs.js';
import { ReviewPanel } from './review-panel.js';

export interface LoadedReplay {
  readonly record: GameRecord;
  readonly steps: readonly ReplayStep<unknown>[];
}

/** Reads a record file's text: the replay, or the reason it cannot be replayed. */
export function loadReplay(text: string): LoadedReplay | string {
  const record = parseRecord(text);
  if (!record.ok) return record.error.message;
  const game = gameById(record.value.game);
  if (!game) return `unknown game "${record.value.game}"`;
  const steps = replayRecord(game, record.value);
  if (!steps.ok) return steps.error.message;
  return { record: record.value, steps: steps.value };
}

type ReviewState =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly done: number; readonly total: number }
  | { readonly status: 'done'; readonly review: GameReview }
  | { readonly status: 'error'; readonly message: string };

export function ReplayView(props: {
  readonly replay: LoadedReplay;
  readonly t: Strings;
  readonly names: readonly string[];
  readonly seat?: number;
  readonly reviewOnOpen?: boolean;
}): JSX.Element {
  const { replay, t } = props;
  const game = gameById(replay.record.game)!;
  const [index, setIndex] = useState(0);
  const [seat, setSeat] = useState(props.seat ?? 0);
  const [review, setReview] = useState<ReviewState>({ status: 'idle' });
  const stopReview = useRef<(() => void) | null>(null);
  // A review belongs to one seat of one record: another seat or record drops it (and stops one under way).
  useEffect(() => {
    setReview({ status: 'idle' });
    return () => {
      stopReview.current?.();
      stopReview.current = null;
    };
  }, [seat, replay]);
  useEffect(() => {
    if (props.reviewOnOpen) runReview();
  }, []);
  const runReview = () => {
    stopReview.current?.();
    setReview({ status: 'running', done: 0, total: 0 });
    stopReview.current = startReview({ record: replay.record, seat }, (reply) => {
      if (reply.type === 'progress') setReview({ status: 'running', done: reply.done, total: reply.total });
      else if (reply.type === 'error') setReview({ status: 'error', message: reply.message });
      else {
        setReview({ status: 'done', review: reply.review });
        // Open at the decision that lost the most (the first decision when none lost anything).
        const decisions = reply.review.decisions;
        const worst = decisions.reduce<(typeof decisions)[number] | undefined>(
          (w, d) => (!w || d.loss > w.loss ? d : w),
          undefined,
        );
        if (worst) setIndex(worst.index);
      }
    });
  };
  const last = replay.steps.length - 1;
  const state: ClientState = useMemo(() => {
    const step = replay.steps[index];
    const view = game.view(step.state, seat) as GameView;
    const log = replay.steps.slice(0, index + 1).flatMap((s) => eventsFor(s.events, seat));
    return {
      ...INITIAL,
      seat,
      view,
      board: { ...boardOf(view), actions: [] },
      lastEvents: eventsFor(step.events, seat),
      log,
      updates: index,
    };
  }, [index, seat, replay]);
  const name = (s: number) => shownName(props.names[s] ?? `${t.seat} ${s + 1}`, t);
  return (
    <div class="replay">
      <div class="replay-controls" role="toolbar" aria-label={t.replay}>
        <button
          type="button"
          class="btn"
          onClick={() => setIndex(0)}
          disabled={index === 0}
          aria-label={t.first}
        >
          {/* « and »: the media-control glyphs are missing from common fonts (they showed as boxes). */}«{' '}
          <span class="btn-text">{t.first}</span>
        </button>
        <button
          type="button"
          class="btn"
          onClick={() => setIndex(Math.max(0, index - 1))}
          disabled={index === 0}
          aria-label={t.previous}
        >
          ◀ <span class="btn-text">{t.previous}</span>
        </button>
        <label class="replay-slider">
          {t.step} {index} / {last}
          <input
            type="range"
            min={0}
            max={last}
            value={index}
            onInput={(e) => setIndex(Number((e.target as HTMLInputElement).value))}
          />
        </label>
        <button
          type="button"
          class="btn primary"
          onClick={() => setIndex(Math.min(last, index + 1))}
          disabled={index === last}
          aria-label={t.next}
        >
          <span class="btn-text">{t.next}</span> ▶
        </button>
        <button
          type="button"
          class="btn"
          onClick={() => setIndex(last)}
          disabled={index === last}
          aria-label={t.last}
        >
          <span class="btn-text">{t.last}</span> »
        </button>
        <label>
          {t.followSeat}{' '}
          <select value={seat} onChange={(e) => setSeat(Number((e.target as HTMLSelectElement).value))}>
            {Array.from({ length: replay.record.players }, (_, s) => (
              <option key={s} value={s}>
                {name(s)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          class="btn review-btn"
          onClick={runReview}
          disabled={review.status === 'running'}
        >
          {t.review}
        </button>
      </div>
      {review.status === 'running' ? (
        <p class="review-progress" role="status">
          {t.reviewing}{' '}
          <progress max={Math.max(1, review.total)} value={review.done} aria-label={t.reviewing}>
            {review.done} / {review.total}
          </progress>{' '}
          {review.total > 0 ? `${review.done} / ${review.total}` : ''}
        </p>
      ) : null}
      {review.status === 'error' ? (
        <p class="error-text" role="alert">
          {t.reviewFailed}: {review.message}
        </p>
      ) : null}
      <Board
        state={state}
        t={t}
        name={name}
        detail={() => ''}
        aside={
          review.status === 'done' ? (
            <ReviewPanel
              review={review.review}
              index={index}
              onJump={setIndex}
              name={name(seat)}
              t={t}
              lang={getPrefs().lang}
            />
          ) : null
        }
      />
    </div>
  );
}
