/**
 * A pool's leaderboard (`#/leaderboard/POOL`): a page of its active, settled members, best
 * first, each name a link to their profile; Next reads on from the page's cursor, Previous reads
 * the page before from its own (state/ratings.ts keeps them).
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import {
  type BoardPage,
  type BoardPaging,
  currentCursor,
  fetchBoard,
  firstPage,
  nextPage,
  pageNumber,
  POOL_IDS,
  type PoolId,
  previousPage,
} from '../state/ratings.js';
import './ratings.css';

export interface LeaderboardPageProps {
  readonly t: Strings;
  readonly pool: PoolId;
  readonly onPool: (pool: PoolId) => void;
}

export function LeaderboardPage(props: LeaderboardPageProps): JSX.Element {
  const { t, pool } = props;
  const [paging, setPaging] = useState<BoardPaging>(() => firstPage(pool));
  const [page, setPage] = useState<BoardPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Set by Next and Previous (at the foot of the page): the new page is read from its top. */
  const turned = useRef(false);
  const top = useRef<HTMLHeadingElement>(null);
  useEffect(() => setPaging(firstPage(pool)), [pool]);
  useEffect(() => {
    if (paging.pool !== pool) return;
    let live = true;
    setError(null);
    fetchBoard(paging.pool, currentCursor(paging)).then(
      (p) => {
        if (!live) return;
        setPage(p);
        if (turned.current) top.current?.scrollIntoView({ block: 'start' });
        turned.current = false;
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [paging]);
  const shown = page && page.format === paging.pool ? page : null;
  const number = pageNumber(paging);

  return (
    <section class="leaderboard panel" aria-labelledby="board-title" aria-busy={shown === null}>
      <h1 id="board-title" ref={top}>
        {t.ratings.boardTitle}
      </h1>
      <label class="board-pool">
        <span>{t.ratings.pools}</span>
        <select value={pool} onChange={(e) => props.onPool((e.target as HTMLSelectElement).value as PoolId)}>
          {POOL_IDS.map((id) => (
            <option key={id} value={id}>
              {t.ratings.poolNames[id] ?? id}
            </option>
          ))}
        </select>
      </label>
      {shown ? <p class="lobby-note">{t.ratings.boardIntro(shown.activeDays)}</p> : null}
      {error ? (
        <p class="error-text" role="alert">
          {t.error}: {error}
        </p>
      ) : null}
      {shown === null && !error ? (
        <p class="loading" role="status">
          {t.ratings.loading}
        </p>
      ) : null}
      {shown && shown.players.length === 0 && number === 1 ? <p>{t.ratings.emptyBoard}</p> : null}
      {shown && shown.players.length > 0 ? (
        <table class="board-table">
          <thead>
            <tr>
              <th scope="col">{t.ratings.place}</th>
              <th scope="col">{t.ratings.player}</th>
              <th scope="col">{t.ratings.rating}</th>
              <th scope="col">{t.ratings.games}</th>
            </tr>
          </thead>
          <tbody>
            {shown.players.map((p) => (
              <tr key={p.account} data-account={p.account}>
                <td class="board-place">{p.place}</td>
                <td class="board-name">
                  <a href={`#/player/${encodeURIComponent(p.account)}`}>{p.name}</a>
                </td>
                <td class="board-rating">{p.rating}</td>
                <td class="board-games">{p.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <nav class="board-pager" aria-label={t.ratings.pageOf(number)}>
        <button
          type="button"
          class="btn"
          disabled={number === 1}
          onClick={() => {
            turned.current = true;
            setPaging(previousPage(paging));
          }}
        >
          {t.ratings.previous}
        </button>
        <span class="board-page-number" aria-live="polite">
          {t.ratings.pageOf(number)}
        </span>
        <button
          type="button"
          class="btn"
          disabled={!shown?.next}
          onClick={() => {
            if (!shown?.next) return;
            turned.current = true;
            setPaging(nextPage(paging, shown.next));
          }}
        >
          {t.ratings.next}
        </button>
      </nav>
    </section>
  );
}
