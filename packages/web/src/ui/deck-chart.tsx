/** The 48 cards month by month (and Nara's blank): class, value in each game, yaku. */
import { CLASS_NAMES, cardLabel } from '@hanafuda/cards-art';
import { MONTHS } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { deckChart, type ChartCard, yakuShortName } from '@hanafuda/table';
import type { Strings } from '../i18n/en.js';
import type { Lang } from '../i18n/i18n.js';
import { Card } from './card.js';

const ROWS = deckChart();

/** A yaku's name without its gloss in brackets ("Goko", not "Goko (five brights)"): the chart names many at once. */

function Facts(props: { readonly card: ChartCard; readonly t: Strings; readonly lang: Lang }): JSX.Element {
  const { card, t, lang } = props;
  const pts = (n: number) => `${n}${t.pointsUnit}`;
  const games = (['sakura', 'koikoi', 'nara'] as const).filter((g) => card.yaku[g].length > 0);
  return (
    <span class="chart-facts">
      <strong>{cardLabel(card.id, lang)}</strong>
      <span>{CLASS_NAMES[card.cls][lang]}</span>
      <span>
        {card.sakura === null ? '' : `${t.gameNames.sakura} ${pts(card.sakura)} · `}
        {t.gameNames.nara} {pts(card.nara)}
      </span>
      {games.map((g) => (
        <span key={g} class="chart-yaku">
          {t.gameNames[g]}: {card.yaku[g].map((id) => yakuShortName(g, id, lang)).join(', ')}
        </span>
      ))}
    </span>
  );
}

export function DeckChart(props: { readonly t: Strings; readonly lang: Lang }): JSX.Element {
  const { t, lang } = props;
  return (
    <section class="deck-chart-section" aria-labelledby="deck-chart">
      <h3 id="deck-chart">{t.deckChart}</h3>
      <p>{t.deckChartIntro}</p>
      <table class="rules-table deck-chart">
        <tbody>
          {ROWS.map((row, i) => {
            const month = MONTHS[i];
            return (
              <tr key={row[0].id}>
                <th scope="row">
                  {month ? `${month.month}. ${lang === 'ja' ? month.ja : month.en}` : t.gameNames.nara}
                </th>
                {row.map((card) => (
                  <td key={card.id}>
                    <span class="chart-card">
                      <Card id={card.id} game="koikoi" size="sm" context="chart" animKey={false} />
                      <Facts card={card} t={t} lang={lang} />
                    </span>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
