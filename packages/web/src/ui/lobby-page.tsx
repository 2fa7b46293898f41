/**
 * The public lobby (`#/lobby`): the quick-pairing pools, the custom seeks others have made, a
 * form to seek a game of one's own rules, and while seeking the wait itself. Pairing is the
 * server's; this page only asks, and hands the room it is paired into to the app.
 */
import type { LobbyPool } from '@hanafuda/protocol';
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import type { Lang } from '../i18n/i18n.js';
import { freshIdentity, identity } from '../state/identity.js';
import { type LobbyState, LobbyClient, type Paired, type SeekAgain, type Seeking } from '../state/lobby.js';
import { type NewGameSettings, seekSetupOf } from '../state/new-game-settings.js';
import { BOTS_AFTER_CHOICES, loadLobbyPrefs, saveLobbyPrefs, type LobbyPrefs } from '../state/lobby-prefs.js';
import { NewGame } from './new-game.js';
import { gameLine, rulesLine } from './setup-summary.js';

export interface LobbyPageProps {
  readonly t: Strings;
  readonly lang: Lang;
  readonly settings: NewGameSettings;
  readonly onSettings: (settings: NewGameSettings) => void;
  /** The server has seated this person in a room: the app joins it and shows it (`again`: the seek that led there, if this page's own). */
  readonly onPaired: (paired: Paired, again: SeekAgain | null) => void;
  /** A seek to ask as soon as the lobby answers (a paired room ended before its game); `onSought` once asked. */
  readonly seekFirst?: SeekAgain | null;
  readonly onSought?: () => void;
}

function useLobby(onPaired: (paired: Paired, again: SeekAgain | null) => void): {
  lobby: LobbyClient | null;
  state: LobbyState | null;
  member: boolean;
} {
  const [lobby, setLobby] = useState<LobbyClient | null>(null);
  const [state, setState] = useState<LobbyState | null>(null);
  const [member, setMember] = useState(false);
  // The latest handler: the app's (its identity, its room) may have changed since the lobby opened.
  const paired = useRef(onPaired);
  paired.current = onPaired;
  useEffect(() => {
    let client: LobbyClient | null = null;
    let gone = false;
    // The socket is who its cookie says at the handshake: it opens once the page has its identity.
    // Asked afresh (this page may have signed up, or in, since it first asked who it is): a member may play rated.
    void freshIdentity().then((account) => !gone && setMember(account !== null && !account.guest));
    void identity().then(() => {
      if (gone) return;
      client = new LobbyClient();
      setLobby(client);
      setState(client.state);
      client.subscribe(setState);
      client.onPaired((p, again) => paired.current(p, again));
    });
    return () => {
      gone = true;
      client?.close();
    };
  }, []);
  return { lobby, state, member };
}

export function LobbyPage(props: LobbyPageProps): JSX.Element {
  const { t, lang } = props;
  const [paired, setPaired] = useState(false);
  const { lobby, state, member } = useLobby((p, again) => {
    setPaired(true);
    props.onPaired(p, again);
  });
  const { seekFirst, onSought } = props;
  const answered = state?.view != null;
  // Asked once the server has said what the lobby holds: the socket is open, and the seek's place is known.
  useEffect(() => {
    if (!lobby || !answered || !seekFirst) return;
    lobby.seekAgain(seekFirst);
    onSought?.();
  }, [lobby, answered, seekFirst, onSought]);
  const [prefs, setPrefs] = useState<LobbyPrefs>(loadLobbyPrefs);
  const changePrefs = (change: Partial<LobbyPrefs>) => {
    const next = { ...prefs, ...change };
    setPrefs(next);
    saveLobbyPrefs(next);
  };
  const botsAfter = prefs.bots ? prefs.botsAfter : undefined;
  // A member's quick games are rated unless they chose casual; a guest's are casual.
  const rated = member && prefs.rated;
  if (!lobby || !state) return <p class="loading">{t.lobby.connecting}</p>;
  const view = state.view;
  const seeking = state.seeking;
  return (
    <section class="find-game" aria-labelledby="find-title">
      <h1 id="find-title" class="page-title">
        {t.lobby.title}
      </h1>
      <p class="intro">
        {t.lobby.intro}
        {view && view.players > 0 ? (
          <span class="seekers-now"> {t.lobby.seekersNow(view.players)}</span>
        ) : null}
      </p>
      {paired ? (
        <p class="panel wait-panel" role="status">
          {t.lobby.pairedNote}
        </p>
      ) : seeking ? (
        <WaitPanel seeking={seeking} t={t} lang={lang} onCancel={() => lobby.cancel()} />
      ) : null}
      {state.error ? (
        <p class="error-text" role="alert">
          {t.lobby.errors[state.error.code] ?? `${t.error}: ${state.error.message}`}
        </p>
      ) : null}
      {state.ended && state.ended !== 'cancelled' ? (
        <p class="panel lobby-ended" role="status">
          {t.lobby.ended[state.ended]}
        </p>
      ) : null}
      {!view ? (
        <p class="loading" role="status">
          {state.connection === 'retrying' ? t.reconnecting : t.lobby.connecting}
        </p>
      ) : (
        <>
          <section class="pools" aria-labelledby="pools-title">
            <h2 id="pools-title">{t.lobby.quickTitle}</h2>
            {member ? (
              <RatedChoice
                rated={rated}
                t={t}
                disabled={seeking !== null || paired}
                onChange={(r) => changePrefs({ rated: r })}
              />
            ) : (
              <p class="lobby-note rated-guest-note">
                {t.lobby.ratedForMembers} <a href="#/account">{t.lobby.ratedSignUp}</a>
              </p>
            )}
            <div class="pool-grid">
              {view.pools.map((pool) => (
                <button
                  key={pool.id}
                  type="button"
                  class="pool"
                  data-pool={pool.id}
                  disabled={seeking !== null || paired}
                  onClick={() => lobby.seekPool(pool.id, botsAfter, rated)}
                >
                  <strong>{gameLine(pool, t)}</strong>
                  <span class="pool-rules">{rulesLine(pool, t, lang)}</span>
                  <WaitingCount waiting={waitingOf(pool, rated)} t={t} />
                </button>
              ))}
            </div>
            {rated ? (
              <p class="lobby-note rated-note">{t.lobby.ratedNoBots}</p>
            ) : (
              <BotsAfterTick prefs={prefs} t={t} onChange={changePrefs} />
            )}
            <p class="lobby-note lobby-boards">
              <a href="#/leaderboard">{t.ratings.nav}</a>
              {member ? (
                <>
                  {' · '}
                  <a href="#/player">{t.ratings.profileNav}</a>
                </>
              ) : null}
            </p>
          </section>
          <section class="panel seeks" aria-labelledby="seeks-title">
            <h2 id="seeks-title">{t.lobby.seeksTitle}</h2>
            {view.seeks.length === 0 ? (
              <p class="lobby-note">{t.lobby.noSeeks}</p>
            ) : (
              <ul class="seek-list">
                {view.seeks.map((s) => (
                  <li key={s.id} class="seek-row" data-seek={s.id}>
                    <span class="seek-what">
                      <strong class="seek-by">{s.by}</strong>
                      {s.rated ? <span class="badge rated-badge">{t.lobby.ratedBadge}</span> : null}
                      <span>{gameLine(s, t)}</span>
                      <span class="seek-rules">{rulesLine(s, t, lang)}</span>
                    </span>
                    <span class="seek-places">{t.lobby.places(s.places, s.players)}</span>
                    {seeking?.seek === s.id ? (
                      <span class="badge note">{t.lobby.yours}</span>
                    ) : (
                      <button
                        type="button"
                        class="btn primary"
                        disabled={seeking !== null || paired}
                        onClick={() => lobby.accept(s.id)}
                      >
                        {t.lobby.join}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section class="custom-seek" aria-labelledby="custom-title">
            <h2 id="custom-title" class="page-title">
              {t.lobby.customTitle}
            </h2>
            <NewGame
              initial={props.settings}
              t={t}
              mode="seek"
              busy={seeking !== null || paired}
              onChange={props.onSettings}
              onStart={(s) => lobby.seekCustom(seekSetupOf(s), botsAfter)}
              extra={<BotsAfterTick prefs={prefs} t={t} onChange={changePrefs} name="bots-after-custom" />}
            />
          </section>
        </>
      )}
    </section>
  );
}

/**
 * Those of a pool's seekers who seek the chosen kind. A server process older than the rated
 * games (one of several, mid-upgrade) sends no `waitingRated`: all its seekers are casual.
 */
function waitingOf(pool: LobbyPool, rated: boolean): number {
  const ratedNow = (pool as Partial<LobbyPool>).waitingRated ?? 0;
  return rated ? ratedNow : pool.waiting - ratedNow;
}

/** People waiting in a pool for a game of the chosen kind (rated or casual: each is paired with its own). */
function WaitingCount(props: { waiting: number; t: Strings }): JSX.Element {
  return (
    <span class={`pool-waiting${props.waiting > 0 ? ' some' : ''}`}>
      {props.t.lobby.waiting(props.waiting)}
    </span>
  );
}

/** A member's choice for the quick games: rated (counts for the rating, no hints, no bots) or casual. */
function RatedChoice(props: {
  rated: boolean;
  t: Strings;
  disabled: boolean;
  onChange: (rated: boolean) => void;
}): JSX.Element {
  const { rated, t } = props;
  return (
    <fieldset class="rated-choice panel">
      <legend>{t.lobby.kind}</legend>
      <div class="rated-options">
        {([true, false] as const).map((value) => (
          <label key={String(value)} class={`rated-option${rated === value ? ' chosen' : ''}`}>
            <input
              type="radio"
              name="rated"
              value={value ? 'rated' : 'casual'}
              checked={rated === value}
              disabled={props.disabled}
              onChange={() => props.onChange(value)}
            />
            <span>
              <strong>{value ? t.lobby.rated : t.lobby.casual}</strong>
              <small>{value ? t.lobby.ratedHelp : t.lobby.casualHelp}</small>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Whether, and after how long, bots take the seats nobody came for: shown by the quick games and by the custom seek, one setting. */
function BotsAfterTick(props: {
  prefs: LobbyPrefs;
  t: Strings;
  onChange: (change: Partial<LobbyPrefs>) => void;
  name?: string;
}): JSX.Element {
  const { prefs, t } = props;
  return (
    <label class="bots-after panel">
      <input
        type="checkbox"
        name={props.name ?? 'bots-after'}
        checked={prefs.bots}
        onChange={(e) => props.onChange({ bots: (e.target as HTMLInputElement).checked })}
      />
      <span>{t.lobby.botsAfter}</span>
      <select
        aria-label={t.lobby.botsAfter}
        value={prefs.botsAfter}
        disabled={!prefs.bots}
        onChange={(e) => props.onChange({ botsAfter: Number((e.target as HTMLSelectElement).value) })}
      >
        {BOTS_AFTER_CHOICES.map((s) => (
          <option key={s} value={s}>
            {s} {t.secondsShort}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Minutes and seconds since `from`, ticking every second. */
function useElapsed(from: number): string {
  const elapsed = () => {
    const s = Math.max(0, Math.floor((Date.now() - from) / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  };
  const [text, setText] = useState(elapsed);
  useEffect(() => {
    setText(elapsed());
    const timer = setInterval(() => setText(elapsed()), 1000);
    return () => clearInterval(timer);
  }, [from]);
  return text;
}

/** What this person seeks, how long they have waited, and the way out. */
function WaitPanel(props: { seeking: Seeking; t: Strings; lang: Lang; onCancel: () => void }): JSX.Element {
  const { seeking, t } = props;
  const elapsed = useElapsed(seeking.startedAt);
  const what = seeking.what;
  return (
    <section class="panel wait-panel" aria-labelledby="wait-title" aria-live="polite">
      <h2 id="wait-title">
        <span class="wait-spinner" aria-hidden="true" />
        {t.lobby.seekingTitle}
      </h2>
      {what.players > 0 ? (
        <p class="wait-what">
          {seeking.rated ? <span class="badge rated-badge">{t.lobby.ratedBadge}</span> : null}
          {what.by ? <strong>{what.by} · </strong> : null}
          {gameLine(what, t)}
          <span class="seek-rules">{rulesLine(what, t, props.lang)}</span>
        </p>
      ) : null}
      <p class="wait-time">
        {t.lobby.waited}{' '}
        <span class="wait-elapsed" role="timer">
          {elapsed}
        </span>
      </p>
      {seeking.botsAfter !== undefined ? (
        <p class="lobby-note">{t.lobby.botsAfterNote(seeking.botsAfter)}</p>
      ) : null}
      <p class="button-row">
        <button type="button" class="btn big" onClick={props.onCancel}>
          {t.lobby.cancel}
        </button>
      </p>
    </section>
  );
}
