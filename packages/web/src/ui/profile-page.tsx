/**
 * A player's profile (`#/player/ID`; `#/player` is one's own): each pool's rating (provisional
 * marked) with its chart, and the rated games with their place and rating change, newest first.
 * A guest has no rating: their own page is their games on this device (the history page), unrated.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import { type Account, freshIdentity } from '../state/identity.js';
import { readKey, roomKeys } from '../state/online-room.js';
import { fetchProfile, type PoolRating, type Profile } from '../state/ratings.js';
import { HistoryPage } from './history-page.js';
import { RatingChart } from './rating-chart.js';
import './ratings.css';

export interface ProfilePageProps {
  readonly t: Strings;
  readonly lang: 'en' | 'ja';
  /** The player shown; undefined for this browser's own account. */
  readonly account: string | undefined;
  /** A finished game's replay (from the server), following the player's seat. */
  readonly onReplay: (gameId: string, seat?: number) => void;
}

/** "+12", "−8", "±0": a rating change as a player reads it. */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

export function ProfilePage(props: ProfilePageProps): JSX.Element {
  const { t } = props;
  // Who one is, asked of the server itself: undefined while it answers (the page's identity says null both then and for nobody).
  const [me, setMe] = useState<Account | null | undefined>(undefined);
  useEffect(() => {
    if (props.account !== undefined) return;
    let live = true;
    void freshIdentity().then((a) => live && setMe(a));
    return () => {
      live = false;
    };
  }, [props.account]);
  const id = props.account ?? (me && !me.guest ? me.id : undefined);
  const [profile, setProfile] = useState<Profile | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    setProfile(undefined);
    setError(null);
    fetchProfile(id).then(
      (p) => live && setProfile(p),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [id]);

  // A guest (or a server without identities, serving play against bots alone): this device's games.
  if (props.account === undefined && (me === null || me?.guest))
    return (
      <div class="profile">
        <p class="panel profile-guest-note">
          {t.ratings.guestNote} <a href="#/account">{t.ratings.signUp}</a>
        </p>
        <HistoryPage t={t} lang={props.lang} onReplay={props.onReplay} />
      </div>
    );
  return (
    <section class="profile" aria-labelledby="profile-title">
      {error ? (
        <p class="error-text" role="alert">
          {t.error}: {error}
        </p>
      ) : profile === undefined ? (
        <p class="loading" role="status">
          {t.ratings.loading}
        </p>
      ) : profile === null ? (
        <p class="panel">{t.ratings.notMember}</p>
      ) : (
        <>
          <h1 id="profile-title" class="page-title">
            {t.ratings.profileTitle(profile.account.name)}
          </h1>
          {profile.ratings.length === 0 ? <p class="panel">{t.ratings.noRatings}</p> : null}
          {profile.ratings.map((r) => (
            <PoolCard key={r.format} rating={r} {...props} />
          ))}
        </>
      )}
    </section>
  );
}

/** A game's room: `ID` for its first game, `ID_n` for a rematch. */
const roomOf = (game: string) => game.replace(/_\d+$/, '');

/** Rated games a pool's list shows before "Show all": the newest, a phone screen's worth. */
export const GAMES_SHOWN = 10;

function PoolCard(props: ProfilePageProps & { readonly rating: PoolRating }): JSX.Element {
  const { t, rating: r } = props;
  const [all, setAll] = useState(false);
  const newest = [...r.history].reverse();
  const pool = t.ratings.poolNames[r.format] ?? r.format;
  const date = (ms: number) =>
    new Date(ms).toLocaleDateString(props.lang === 'ja' ? 'ja-JP' : 'en-GB', {
      day: 'numeric',
      month: 'short',
    });
  return (
    <article class="panel pool-rating" data-pool={r.format}>
      <header class="pool-rating-head">
        <h2>
          <a href={`#/leaderboard/${r.format}`}>{pool}</a>
        </h2>
        <p class="pool-rating-now">
          <strong class="rating-value">{r.rating}</strong>
          {r.provisional ? (
            <span class="badge provisional" title={t.ratings.provisionalHelp}>
              {t.ratings.provisional}
            </span>
          ) : null}
          <span class="pool-rating-games">{t.ratings.gamesCount(r.games)}</span>
        </p>
      </header>
      {r.provisional ? <p class="lobby-note">{t.ratings.provisionalHelp}</p> : null}
      <RatingChart history={r.history} pool={pool} t={t} />
      <details class="rated-games" open>
        <summary>{t.ratings.ratedGames}</summary>
        <table class="rated-games-table">
          <thead>
            <tr>
              <th scope="col">{t.ratings.date}</th>
              <th scope="col">{t.ratings.result}</th>
              <th scope="col">{t.ratings.change}</th>
              <th scope="col">
                <span class="visually-hidden">{t.replayThis}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(all ? newest : newest.slice(0, GAMES_SHOWN)).map((g) => (
              <tr key={g.game} data-game={g.game}>
                <td>{date(g.at)}</td>
                <td>{g.forfeited ? t.ratings.forfeited : t.ratings.placeOf(g.place)}</td>
                <td class={g.after >= g.before ? 'rating-up' : 'rating-down'}>
                  {signed(g.after - g.before)} <span class="rating-after">→ {g.after}</span>
                </td>
                <td>
                  {/* A rated game's record opens with its room's key: the games this device played. */}
                  {readKey(roomOf(g.game)) ? (
                    <button
                      type="button"
                      class="btn small"
                      onClick={() => props.onReplay(g.game, roomKeys(roomOf(g.game))?.seat)}
                    >
                      {t.replayThis}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!all && newest.length > GAMES_SHOWN ? (
          <button type="button" class="btn small show-all" onClick={() => setAll(true)}>
            {t.ratings.showAll(newest.length)}
          </button>
        ) : null}
      </details>
    </article>
  );
}
