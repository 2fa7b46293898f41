/**
 * The games against bots stored on this device: the unfinished ones to resume, the finished ones to replay.
 * An unfinished game saved under another rules version is listed without Resume, since it cannot go on.
 */
import { otherRules } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import { deleteGame, hasStorage, listGames, type LocalGame } from '../state/local-games.js';

export interface LocalGamesProps {
  readonly t: Strings;
  readonly lang: 'en' | 'ja';
  readonly onReplay: (id: string) => void;
}

export function LocalGames(props: LocalGamesProps): JSX.Element | null {
  const { t } = props;
  const [games, setGames] = useState<LocalGame[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    listGames()
      .then(setGames)
      .catch((e: unknown) => setError(String(e)));
  useEffect(() => {
    if (hasStorage()) void refresh();
  }, []);
  if (error) {
    return (
      <p class="error-text" role="alert">
        {t.error}: {error}
      </p>
    );
  }
  if (!games || games.length === 0) return null;
  const remove = (id: string) => void deleteGame(id).then(refresh, (e: unknown) => setError(String(e)));
  const date = (ms: number) =>
    new Date(ms).toLocaleString(props.lang === 'ja' ? 'ja-JP' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  const row = (g: LocalGame) => (
    <li key={g.id} class="local-game">
      <span class="local-game-what">
        <strong>{t.gameNames[g.config.game] ?? g.config.game}</strong> · {t.playersCount(g.config.players)} ·{' '}
        {t.roundOf(g.round, g.lastRound ?? null)}
        {g.totals.length > 0 ? ` · ${g.totals.join(' – ')}` : ''}
      </span>
      <span class="local-game-when">
        {t.startedAt} {date(g.startedAt)}
      </span>
      <span class="button-row">
        {g.over ? (
          <button type="button" class="btn small" onClick={() => props.onReplay(g.id)}>
            {t.replayGame}
          </button>
        ) : otherRules(g) ? (
          <span class="local-game-note">{t.otherRulesGame}</span>
        ) : (
          <a class="btn small primary" href={`#/play/${encodeURIComponent(g.id)}`}>
            {t.resumeGame}
          </a>
        )}
        <button type="button" class="btn small" onClick={() => remove(g.id)}>
          {t.deleteGame}
        </button>
      </span>
    </li>
  );
  const unfinished = games.filter((g) => !g.over);
  const finished = games.filter((g) => g.over);
  return (
    <section class="panel local-games" aria-label={t.yourGames}>
      <h2>{t.yourGames}</h2>
      {unfinished.length > 0 ? (
        <>
          <h3>{t.unfinishedGames}</h3>
          <ul class="local-game-list">{unfinished.map(row)}</ul>
        </>
      ) : null}
      {finished.length > 0 ? (
        <>
          <h3>{t.finishedGames}</h3>
          <ul class="local-game-list">{finished.map(row)}</ul>
        </>
      ) : null}
    </section>
  );
}
