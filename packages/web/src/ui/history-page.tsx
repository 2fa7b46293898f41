/** This device's finished online games, from the server's `POST /api/history` with the seats it holds, each with its replay. */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import { heldSeats } from '../state/online-room.js';

/** One game as `/api/history` lists it. */
export interface HistoryGame {
  readonly gameId: string;
  readonly game: string;
  readonly seat: number;
  readonly players: readonly (string | null)[];
  readonly finishedAt: number;
  readonly summary: {
    readonly totals?: readonly number[];
    readonly winners?: readonly number[];
    readonly teams?: readonly (readonly number[])[];
  } | null;
}

export interface HistoryPageProps {
  readonly t: Strings;
  readonly lang: 'en' | 'ja';
  /** A game's replay, following the player's seat in it. */
  readonly onReplay: (gameId: string, seat: number) => void;
}

/** The side a seat scores for: its team's index, or its own seat. */
const sideOf = (seat: number, teams: readonly (readonly number[])[] | undefined) =>
  teams ? teams.findIndex((team) => team.includes(seat)) : seat;

export function HistoryPage(props: HistoryPageProps): JSX.Element {
  const { t } = props;
  const [games, setGames] = useState<readonly HistoryGame[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const seats = heldSeats();
    if (seats.length === 0) {
      setGames([]);
      return;
    }
    let live = true;
    fetch('api/history', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seats }),
    })
      .then(async (res) => {
        const body = (await res.json()) as { games?: HistoryGame[]; error?: string };
        if (!live) return;
        if (res.ok && body.games) setGames(body.games);
        else setError(body.error ?? res.statusText);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, []);

  const date = (ms: number) =>
    new Date(ms).toLocaleString(props.lang === 'ja' ? 'ja-JP' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  return (
    <section class="history panel" aria-labelledby="history-title">
      <h1 id="history-title">{t.historyTitle}</h1>
      <p>{t.historyHelp}</p>
      {error ? (
        <p class="error-text" role="alert">
          {t.error}: {error}
        </p>
      ) : null}
      {games && games.length === 0 ? <p>{t.noGames}</p> : null}
      {games && games.length > 0 ? (
        <table class="history-table">
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.game}</th>
              <th scope="col">{t.players}</th>
              <th scope="col">{t.result}</th>
              <th scope="col">
                <span class="visually-hidden">{t.replayThis}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => {
              const side = sideOf(g.seat, g.summary?.teams);
              const won = g.summary?.winners?.includes(side);
              const total = g.summary?.totals?.[side];
              return (
                <tr key={g.gameId}>
                  <td>{date(g.finishedAt)}</td>
                  <td>{t.gameNames[g.game] ?? g.game}</td>
                  <td>
                    {g.players.map((p, seat) => (
                      <span key={seat} class={seat === g.seat ? 'history-me' : ''}>
                        {seat > 0 ? ', ' : ''}
                        {p ?? '—'}
                      </span>
                    ))}
                  </td>
                  <td>
                    {won === undefined ? '' : won ? `★ ${t.won}` : t.lost}
                    {total === undefined ? '' : ` (${total})`}
                  </td>
                  <td>
                    <button type="button" class="btn small" onClick={() => props.onReplay(g.gameId, g.seat)}>
                      {t.replayThis}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
