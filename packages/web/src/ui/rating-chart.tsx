/** A pool's rating over its rated games, drawn as SVG (state/ratings.ts computes the geometry): scales to its box, a phone's width included. */
import type { JSX } from 'preact';
import type { Strings } from '../i18n/en.js';
import { chartOf, type RatedGame } from '../state/ratings.js';

export function RatingChart(props: {
  readonly history: readonly RatedGame[];
  readonly pool: string;
  readonly t: Strings;
}): JSX.Element | null {
  const { history, t } = props;
  if (history.length === 0) return null;
  const chart = chartOf(history);
  const { plot, points } = chart;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <svg
      class="rating-chart"
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      role="img"
      aria-label={t.ratings.chartLabel(props.pool, history.length, first.rating, last.rating)}
    >
      {chart.ticks.map((tick) => (
        <g key={tick.rating} class="chart-tick">
          <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
          <text x={plot.left - 4} y={tick.y} text-anchor="end" dominant-baseline="middle">
            {tick.rating}
          </text>
        </g>
      ))}
      <polyline
        class="chart-line"
        points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
      />
      {points.length <= 60
        ? points.slice(1).map((p, i) => <circle key={i} class="chart-point" cx={p.x} cy={p.y} r={1.8} />)
        : null}
      <circle class="chart-last" cx={last.x} cy={last.y} r={3.5} />
      <text class="chart-caption" x={plot.right} y={chart.height - 4} text-anchor="end">
        {t.ratings.chartGames}
      </text>
    </svg>
  );
}
