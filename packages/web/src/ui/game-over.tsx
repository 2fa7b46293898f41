/** The end of a game: the winner, the final totals and a chart of the totals after each round. */
import type { JSX } from 'preact';
import type { BoardModel } from '@hanafuda/table';
import type { Strings } from '../i18n/en.js';
import type { RoundSummary } from '../state/table-client.js';

export interface ChartProps {
  readonly series: readonly (readonly number[])[];
  readonly labels: readonly string[];
  readonly t: Strings;
}

/** A line per side over the rounds, drawn as SVG, with a table beside it for screen readers. */
export function RoundChart(props: ChartProps): JSX.Element {
  const W = 560;
  const H = 220;
  const pad = { l: 48, r: 16, t: 14, b: 28 };
  const values = props.series.flat();
  const lo = Math.min(0, ...values);
  const hi = Math.max(1, ...values);
  const rounds = Math.max(1, ...props.series.map((s) => s.length - 1));
  const x = (i: number) => pad.l + (i / rounds) * (W - pad.l - pad.r);
  const y = (v: number) => pad.t + (1 - (v - lo) / (hi - lo || 1)) * (H - pad.t - pad.b);
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.t.perRound}>
        <line x1={pad.l} x2={W - pad.r} y1={y(0)} y2={y(0)} class="axis" />
        <text x={pad.l - 6} y={y(hi) + 4} class="tick" text-anchor="end">
          {hi}
        </text>
        <text x={pad.l - 6} y={y(lo) + 4} class="tick" text-anchor="end">
          {lo}
        </text>
        {Array.from({ length: rounds + 1 }, (_, i) => (
          <text key={i} x={x(i)} y={H - 8} class="tick" text-anchor="middle">
            {i}
          </text>
        ))}
        {props.series.map((s, side) => (
          <g key={side} class={`series side-${side}`}>
            <polyline points={s.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
            {s.map((v, i) => (
              <circle key={i} cx={x(i)} cy={y(v)} r="3.5" />
            ))}
          </g>
        ))}
      </svg>
      <figcaption>
        <ul class="legend">
          {props.labels.map((label, side) => (
            <li key={side} class={`side-${side}`}>
              <span class="swatch" aria-hidden="true" /> {label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

export interface GameOverProps {
  readonly board: BoardModel;
  readonly summaries: readonly RoundSummary[];
  readonly t: Strings;
  readonly name: (seat: number) => string;
  readonly start: number;
  readonly onDownload: (() => void) | null;
  /** Opens the game's replay with a review of the person's decisions (null: no record yet, or a spectator). */
  readonly onReview?: (() => void) | null;
  /** Play again (null: none, as for someone watching an online room with no seat free in the next game). */
  readonly onAgain: (() => void) | null;
  /** In place of "Play again" (someone watching: take a seat in the next game). */
  readonly againLabel?: string;
  /** "Play again" was pressed and waits for the others (an online rematch). */
  readonly againPending?: boolean;
  readonly onHome: () => void;
  /** Under the totals: how the person's rating moved (a rated online game, once the server has said). */
  readonly rating?: JSX.Element | null;
  /** More above the buttons (an online game's rematch status and fairness details). */
  readonly footer?: JSX.Element | null;
  /** The first button, in place of Play again as the primary one (a lesson's New game). */
  readonly lead?: JSX.Element | null;
}

export function GameOver(props: GameOverProps): JSX.Element {
  const { board, t } = props;
  const labels = board.sides.map((m) => t.sideNames(m.map(props.name)));
  const best = Math.max(...board.totals);
  const winners = board.totals.flatMap((v, side) => (v === best ? [side] : []));
  const series = board.sides.map((_, side) => [props.start, ...props.summaries.map((s) => s.totals[side])]);
  return (
    <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="over-title">
      <div class="dialog game-over">
        <h2 id="over-title">{t.gameOver}</h2>
        <p class="winner-line">
          {winners.length > 1 ? t.winners : t.winnerIs}:{' '}
          <strong>{winners.map((s) => labels[s]).join(', ')}</strong>
        </p>
        <table class="totals">
          <tbody>
            {labels.map((label, side) => (
              <tr key={side} class={`side-${side}`}>
                <th scope="row">{label}</th>
                <td>
                  <strong>{board.totals[side]}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {props.rating ?? null}
        <h3>{t.perRound}</h3>
        <RoundChart series={series} labels={labels} t={t} />
        {/* Above the buttons: they stick to the dialog's foot, and anything after them would scroll under them. */}
        {props.footer ?? null}
        <div class="decision-row">
          {props.lead ?? null}
          {props.onAgain ? (
            <button
              type="button"
              class={props.lead ? 'btn' : 'btn primary'}
              onClick={props.onAgain}
              disabled={props.againPending}
              autoFocus={!props.lead}
            >
              {props.againPending ? t.rematchWaiting : (props.againLabel ?? t.playAgain)}
            </button>
          ) : null}
          {props.onReview ? (
            <button type="button" class="btn" onClick={props.onReview}>
              {t.reviewGame}
            </button>
          ) : null}
          {props.onDownload ? (
            <button type="button" class="btn" onClick={props.onDownload}>
              ↓ {t.downloadRecord}
            </button>
          ) : null}
          <button type="button" class="btn" onClick={props.onHome}>
            {t.home}
          </button>
        </div>
      </div>
    </div>
  );
}
