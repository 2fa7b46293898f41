/**
 * A static HTML gallery of the deck: every card front, again with the learner overlay and
 * the HanaFooda caption, the blank and the back, and the accessible labels.
 * `write-gallery.ts` writes it to disk.
 */
import { CARDS, MONTHS } from '@hanafuda/engine';
import { cardBackSvg, cardSvg } from './card.js';
import { cardLabel, escapeHtml } from './label.js';

const figure = (svg: string, caption: string): string =>
  `<figure>${svg}<figcaption>${escapeHtml(caption)}</figcaption></figure>`;

export function galleryHtml(): string {
  const rows: string[] = [];
  for (const m of MONTHS) {
    const cards = CARDS.filter((c) => c.month === m.month);
    rows.push(
      `<section id="month-${m.month}"><h2>${m.month}. ${escapeHtml(m.en)} ${m.ja} · ${escapeHtml(m.theme)}</h2><div class="row">` +
        cards.map((c) => figure(cardSvg(c.id), c.id)).join('') +
        cards
          .map((c) =>
            figure(cardSvg(c.id, { learner: true, theme: 'hanafooda' }), `${c.id} (learner, HanaFooda)`),
          )
          .join('') +
        '</div></section>',
    );
  }
  rows.push(
    `<section><h2>Nara blank, back, Japanese learner overlay</h2><div class="row">` +
      figure(cardSvg('blank'), 'blank') +
      figure(cardSvg('blank', { learner: true }), 'blank (learner)') +
      figure(cardBackSvg(), 'back') +
      figure(
        cardSvg('cherry-curtain', { learner: true, lang: 'ja', theme: 'hanafooda' }),
        'cherry-curtain (learner, ja)',
      ) +
      figure(cardSvg('willow-lightning', { learner: true, lang: 'ja' }), 'willow-lightning (learner, ja)') +
      '</div></section>',
  );
  const labels = CARDS.map(
    (c) =>
      `<li>${escapeHtml(c.id)}: ${escapeHtml(cardLabel(c.id))} / ${escapeHtml(cardLabel(c.id, 'ja'))}</li>`,
  ).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Hanafuda deck: gallery</title>
<style>
body{font-family:system-ui,sans-serif;background:#3a4a3c;color:#f3eee2;margin:16px}
h1{font-size:20px;margin:0 0 8px}h2{font-size:14px;margin:10px 0 4px;font-weight:600}
.row{display:flex;flex-wrap:wrap;gap:8px}
figure{margin:0;width:150px}figure svg{display:block;width:100%;height:auto}
figcaption{font-size:10px;opacity:.8;text-align:center}
details{margin-top:16px;font-size:12px}
</style></head><body>
<h1>Hanafuda deck, drawn by the project (CC BY 4.0)</h1>
${rows.join('\n')}
<details><summary>Accessible labels</summary><ul>${labels}</ul></details>
</body></html>
`;
}
