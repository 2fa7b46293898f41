/** A rules page per game, generated from the engine's own tables (values, yaku, deal) plus the option glossary. */
import {
  GAMES,
  KOIKOI_YAKU,
  NARA_BASE,
  NARA_VALUES,
  NARA_YAKU,
  SAKURA_DEAL,
  SAKURA_VALUES,
  SAKURA_YAKU,
  CARDS,
  cardId,
  gameById,
  type Card as CardNumber,
} from '@hanafuda/engine';
import type { JSX } from 'preact';
import type { Strings } from '../i18n/en.js';
import { MATCHING, PROSE } from '../rules/prose.js';
import { type GameId, yakuName } from '@hanafuda/table';
import { ruleHelp, ruleValue } from '../i18n/house-rules.js';
import { Card } from './card.js';
import { DeckChart } from './deck-chart.js';
import { LessonLinks } from './lesson-offer.js';
import { RuleDetails } from './option-input.js';
import { getPrefs } from './prefs.js';

function CardList(props: { readonly ids: readonly string[]; readonly game: GameId }): JSX.Element {
  return (
    <span class="card-row">
      {props.ids.map((id) => (
        <Card key={id} id={id} game={props.game} size="sm" context="rules" animKey={false} />
      ))}
    </span>
  );
}

function ValueTable(props: {
  readonly values: readonly number[];
  readonly deck: number;
  readonly game: GameId;
  readonly t: Strings;
}): JSX.Element {
  const byValue = new Map<number, string[]>();
  for (let c = 0; c < props.deck; c++) {
    const v = props.values[c];
    byValue.set(v, [...(byValue.get(v) ?? []), CARDS[c].id]);
  }
  return (
    <table class="rules-table">
      <tbody>
        {[...byValue.entries()]
          .sort((a, b) => b[0] - a[0])
          .map(([v, ids]) => (
            <tr key={v}>
              <th scope="row">
                {v} {props.t.points}
              </th>
              <td>
                {v === 0 ? (
                  <span>
                    {ids.length} {props.t.cards}
                  </span>
                ) : (
                  <CardList ids={ids} game={props.game} />
                )}
              </td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

function FixedYaku(props: {
  readonly game: GameId;
  readonly defs: readonly { id: string; name: string; cards: readonly CardNumber[]; value?: number }[];
  readonly value?: number;
}): JSX.Element {
  const lang = getPrefs().lang;
  return (
    <table class="rules-table">
      <tbody>
        {props.defs.map((y) => (
          <tr key={y.id}>
            <th scope="row">
              {yakuName(props.game, y.id, lang)}
              {(y.value ?? props.value) ? <span class="yaku-value"> {y.value ?? props.value}</span> : null}
            </th>
            <td>
              <CardList ids={y.cards.map(cardId)} game={props.game} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function KoikoiYaku(props: { readonly t: Strings }): JSX.Element {
  const lang = getPrefs().lang;
  return (
    <table class="rules-table">
      <thead>
        <tr>
          <th scope="col">{props.t.yaku}</th>
          <th scope="col">{props.t.points}</th>
        </tr>
      </thead>
      <tbody>
        {KOIKOI_YAKU.map((y) => (
          <tr key={y.id}>
            <th scope="row">{lang === 'ja' ? y.ja : y.name}</th>
            <td>
              {y.points}
              {y.minimum > 0
                ? lang === 'ja'
                  ? `（${y.minimum}枚を超える一枚ごとに+1）`
                  : ` (+1 per card beyond ${y.minimum})`
                : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RulesPage(props: {
  readonly game: GameId;
  readonly t: Strings;
  readonly onGame: (game: string) => void;
}): JSX.Element {
  const { t } = props;
  const lang = getPrefs().lang;
  const game = gameById(props.game) ?? GAMES[0];
  return (
    <article class="rules-page">
      <nav class="tabs" aria-label={t.rules}>
        {GAMES.map((g) => (
          <button
            key={g.id}
            type="button"
            class={`tab${g.id === game.id ? ' chosen' : ''}`}
            aria-current={g.id === game.id ? 'page' : undefined}
            onClick={() => props.onGame(g.id)}
          >
            {t.gameNames[g.id]}
          </button>
        ))}
      </nav>
      <h2>{t.gameNames[game.id]}</h2>
      {(PROSE[game.id]?.[lang] ?? []).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      <p>{MATCHING[lang]}</p>
      <div class="learn-box">
        <p>
          <strong>{t.learn}.</strong> {t.learnIntro}
        </p>
        <LessonLinks t={t} />
      </div>
      {game.id === 'sakura' ? (
        <>
          <h3>{t.dealTitle}</h3>
          <table class="rules-table deal">
            <thead>
              <tr>
                <th scope="col">{t.players}</th>
                {Object.keys(SAKURA_DEAL).map((n) => (
                  <th key={n} scope="col">
                    {n}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(['hand', 'field'] as const).map((k) => (
                <tr key={k}>
                  <th scope="row">{k === 'hand' ? t.handCards : t.fieldCards}</th>
                  {Object.values(SAKURA_DEAL).map((d, i) => (
                    <td key={i}>{d[k]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {game.id === 'sakura' || game.id === 'oibana' ? (
        <>
          <h3>{t.valuesTitle}</h3>
          <ValueTable values={SAKURA_VALUES} deck={48} game="sakura" t={t} />
          <h3>{t.yakuTitle} (−50)</h3>
          <FixedYaku game="sakura" defs={SAKURA_YAKU} />
        </>
      ) : null}
      {game.id === 'nara' ? (
        <>
          <h3>
            {t.valuesTitle} (− {NARA_BASE})
          </h3>
          <ValueTable values={NARA_VALUES} deck={49} game="nara" t={t} />
          <h3>{t.yakuTitle}</h3>
          <FixedYaku game="nara" defs={NARA_YAKU} />
        </>
      ) : null}
      {game.id === 'koikoi' ? (
        <>
          <h3>{t.yakuTitle}</h3>
          <KoikoiYaku t={t} />
        </>
      ) : null}
      <DeckChart t={t} lang={lang} />
      <h3>{t.glossary}</h3>
      <dl class="glossary">
        {game.optionSpecs.map((spec) => (
          <div key={spec.name} class="gloss">
            <dt>
              <strong>{spec[t.optionTitle]}</strong>{' '}
              <span class="gloss-values">
                {spec.kind === 'enum'
                  ? spec.values.map((v) => ruleValue(spec, v, lang)).join(' | ')
                  : spec.kind === 'boolean'
                    ? `${ruleValue(spec, true, lang)} | ${ruleValue(spec, false, lang)}`
                    : spec.kind === 'integer'
                      ? `≥ ${spec.min}`
                      : 'rounds:N | target:N'}{' '}
                ({t.defaultIs}: {ruleValue(spec, spec.default, lang)})
              </span>
            </dt>
            <dd>
              {ruleHelp(spec, lang)}
              <RuleDetails spec={spec} t={t} />
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
