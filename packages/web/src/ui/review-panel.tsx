/** A finished review on the replay page: the expected points of each decision as a timeline (click to go there), the worst marked, and the move played against the best one. */
import type { DecisionReview, GameReview } from '@hanafuda/bots';
import type { JSX } from 'preact';
import type { Strings } from '../i18n/en.js';
import { actionText } from './action-text.js';

export interface ReviewPanelProps {
  readonly review: GameReview;
  /** The replay's step: the decision shown is the seat's last one at or before it. */
  readonly index: number;
  readonly onJump: (index: number) => void;
  readonly name: string;
  readonly t: Strings;
  readonly lang: 'en' | 'ja';
}

const points = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(1)}`;

export function ReviewPanel(props: ReviewPanelProps): JSX.Element {
  const { review, t, lang } = props;
  const decisions = review.decisions;
  const scale = Math.max(
    1e-9,
    ...decisions.flatMap((d) => [Math.abs(d.values[d.played]), Math.abs(d.values[d.best])]),
  );
  const shown = decisions.filter((d) => d.index <= props.index).at(-1);
  const current = shown ? decisions.indexOf(shown) : -1;
  const label = (d: DecisionReview) =>
    `${t.reviewDecision(d.round, d.index)}: ${actionText(d.actions[d.played], t, lang)} ${points(d.values[d.played])}${d.loss > 0 ? `, ${t.reviewLost} ${d.loss.toFixed(1)}` : ''}${d.worst ? ` (${t.reviewWorst})` : ''}`;
  return (
    <section class="review panel" aria-labelledby="review-title">
      <h2 id="review-title">{t.reviewTitle(props.name)}</h2>
      <p class="review-summary">{t.reviewSummary(decisions.length, review.totalLoss.toFixed(1))}</p>
      {decisions.length > 0 ? (
        // One control, as tall as a finger: a tap goes to the nearest decision, the arrow keys step through them.
        <div
          class="review-timeline"
          role="slider"
          tabIndex={0}
          aria-label={t.reviewTimeline}
          aria-valuemin={0}
          aria-valuemax={decisions.length - 1}
          aria-valuenow={Math.max(0, current)}
          aria-valuetext={shown ? label(shown) : undefined}
          onClick={(e) => {
            const centres = [...(e.currentTarget as HTMLElement).children].map((el) => {
              const r = el.getBoundingClientRect();
              return Math.abs(r.left + r.width / 2 - e.clientX);
            });
            props.onJump(decisions[centres.indexOf(Math.min(...centres))].index);
          }}
          onKeyDown={(e) => {
            const to = {
              ArrowLeft: current - 1,
              ArrowDown: current - 1,
              ArrowRight: current + 1,
              ArrowUp: current + 1,
              Home: 0,
              End: decisions.length - 1,
            }[e.key];
            if (to === undefined) return;
            e.preventDefault();
            props.onJump(decisions[Math.max(0, Math.min(decisions.length - 1, to))].index);
          }}
        >
          {decisions.map((d) => {
            const value = d.values[d.played];
            const height = `${(50 * Math.abs(value)) / scale}%`;
            return (
              <span
                key={d.index}
                role="img"
                class={`review-step${d.worst ? ' is-worst' : ''}${d === shown ? ' is-current' : ''}${d.loss > 0 ? ' lost' : ''}`}
                aria-label={label(d)}
                aria-current={d === shown ? 'step' : undefined}
                title={label(d)}
              >
                <span class={`review-bar ${value >= 0 ? 'up' : 'down'}`} style={{ height }} />
                {d.worst ? (
                  <span class="review-mark" aria-hidden="true">
                    ▼
                  </span>
                ) : null}
              </span>
            );
          })}
        </div>
      ) : null}
      {shown ? (
        <p class={`review-decision${shown.worst ? ' is-worst' : ''}`} aria-live="polite">
          <strong>{t.reviewDecision(shown.round, shown.index)}</strong>
          {shown.worst ? <span class="review-badge">{t.reviewWorst}</span> : null}
          <br />
          {t.reviewPlayed}
          {actionText(shown.actions[shown.played], t, lang)} ({points(shown.values[shown.played])})
          {shown.best === shown.played ? (
            <> — {t.reviewIsBest}</>
          ) : (
            <>
              <br />
              {t.reviewBest}
              {actionText(shown.actions[shown.best], t, lang)} ({points(shown.values[shown.best])}) —{' '}
              {t.reviewLost} {shown.loss.toFixed(1)}
            </>
          )}
        </p>
      ) : (
        <p class="review-decision">{t.reviewPickDecision}</p>
      )}
      <p class="review-note">{t.reviewExplain}</p>
    </section>
  );
}
