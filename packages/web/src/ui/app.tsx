/** The page: header (language, display), and the screens: new game (against bots or online), the public lobby, table, online room, history, rules, replays. */
import { type GameRecord, otherRules } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import { stringsFor } from '../i18n/i18n.js';
import {
  loadSettings,
  roomSetupOf,
  saveSettings,
  tableConfigOf,
  type NewGameSettings,
} from '../state/new-game-settings.js';
import { createRoom, gameUrl, joinPaired, OnlineRoom, saveRoomKeys } from '../state/online-room.js';
import type { Paired, SeekAgain } from '../state/lobby.js';
import { loadGame, pruneFinished, recordOf } from '../state/local-games.js';
import { type GameId, isGameId, lessonById } from '@hanafuda/table';
import { HistoryPage } from './history-page.js';
import { AccountPage } from './account-page.js';
import { LessonOffer } from './lesson-offer.js';
import { LessonScreen } from './lesson-screen.js';
import { LeaderboardPage } from './leaderboard-page.js';
import { LobbyPage } from './lobby-page.js';
import { LocalGames } from './local-games.js';
import { NewGame } from './new-game.js';
import { PlayScreen } from './play-screen.js';
import { ProfilePage } from './profile-page.js';
import { setPrefs, usePrefs } from './prefs.js';
import { loadReplay, ReplayView, type LoadedReplay } from './replay-page.js';
import { RoomPage } from './room-page.js';
import { RulesPage } from './rules-page.js';
import { startTable, type LocalTable } from './session.js';
import { UpdatePrompt } from './app-update.js';
import { useIdentity } from '../state/identity.js';
import { isPoolId, POOL_IDS, type PoolId } from '../state/ratings.js';

type Screen =
  | { name: 'home' }
  | { name: 'online' }
  | { name: 'lobby' }
  | { name: 'play'; id: string }
  | { name: 'room'; id: string }
  | { name: 'history' }
  | { name: 'account'; code: string }
  | { name: 'player'; id: string }
  | { name: 'leaderboard'; pool: PoolId }
  | { name: 'rules'; game: GameId }
  | { name: 'learn'; lesson: string }
  | { name: 'replay' };

function screenOf(hash: string): Screen {
  const [, name, raw] = hash.replace(/^#\/?/, '').match(/^([a-z]*)\/?(.*)$/) ?? [];
  let arg = '';
  try {
    arg = decodeURIComponent(raw ?? '');
  } catch {
    // A mangled link: as if it named nothing.
  }
  if (name === 'rules') return { name: 'rules', game: isGameId(arg) ? arg : 'sakura' };
  if (name === 'replay') return { name: 'replay' };
  if (name === 'learn' && lessonById(arg)) return { name: 'learn', lesson: arg };
  if (name === 'play') return { name: 'play', id: arg };
  if (name === 'online') return { name: 'online' };
  if (name === 'lobby') return { name: 'lobby' };
  if (name === 'room' && arg !== '') return { name: 'room', id: arg };
  if (name === 'history') return { name: 'history' };
  if (name === 'account') return { name: 'account', code: arg };
  if (name === 'player') return { name: 'player', id: arg };
  if (name === 'leaderboard') return { name: 'leaderboard', pool: isPoolId(arg) ? arg : POOL_IDS[0] };
  return { name: 'home' };
}

/**
 * An invite link (`/?room=ID&key=KEY`) or watch link (`/?room=ID&watch=KEY`), as the server
 * makes them, becomes the room's page, `#/room/ID`; its key is kept with the room's keys.
 */
function takeInvite(): void {
  const params = new URLSearchParams(location.search);
  const room = params.get('room');
  if (!room) return;
  const invite = params.get('key');
  const watch = params.get('watch');
  if (invite || watch) saveRoomKeys(room, invite ? { invite } : { watch: watch! });
  for (const name of ['room', 'key', 'watch']) params.delete(name);
  const search = params.toString();
  history.replaceState(
    null,
    '',
    `${location.pathname}${search ? `?${search}` : ''}#/room/${encodeURIComponent(room)}`,
  );
}

export function App(): JSX.Element {
  const prefs = usePrefs();
  const t = stringsFor(prefs.lang);
  const account = useIdentity();
  const [screen, setScreen] = useState<Screen>(() => {
    takeInvite();
    return screenOf(location.hash);
  });
  /** The game against bots on this page (stored as it is played, so `#/play/ID` resumes it after a reload). */
  const [table, setTable] = useState<LocalTable | null>(null);
  const [online, setOnline] = useState<OnlineRoom | null>(null);
  /** The room the lobby last paired this person into, from a seek of their own; and a seek to ask again on reaching the lobby. */
  const [pairedFrom, setPairedFrom] = useState<{ readonly room: string; readonly again: SeekAgain } | null>(
    null,
  );
  const [seekFirst, setSeekFirst] = useState<SeekAgain | null>(null);
  const [creating, setCreating] = useState(false);
  const [onlineError, setOnlineError] = useState<string | null>(null);
  const [replayNames, setReplayNames] = useState<readonly string[]>([]);
  const [replayOpen, setReplayOpen] = useState({ key: 0, seat: 0, review: false });
  const [gameNo, setGameNo] = useState(0);
  const [settings, setSettings] = useState<NewGameSettings>(loadSettings());
  const [replay, setReplay] = useState<LoadedReplay | null>(null);
  /** The home page's alert (a stored or shared game that cannot open), worded in the language shown now. */
  const [replayError, storeReplayError] = useState<((t: Strings) => string) | null>(null);
  // Wrapped: a function given to a state setter would be taken as an updater, not as the value.
  const setReplayError = (text: ((t: Strings) => string) | null) => storeReplayError(() => text);
  /** Phones: the pages are behind a menu button. */
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const onHash = () => {
      setScreen(screenOf(location.hash));
      setMenuOpen(false);
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (screen.name === 'room' && online?.id !== screen.id) {
      online?.close();
      setOnline(OnlineRoom.open(screen.id));
    }
  }, [screen]);
  useEffect(() => {
    document.documentElement.lang = prefs.lang;
    document.title = `${t.appTitle} — ${t.tagline}`;
  }, [prefs.lang]);

  const go = (hash: string) => {
    location.hash = hash;
    setScreen(screenOf(hash));
  };
  const start = (s: NewGameSettings) => {
    setSettings(s);
    launch(startTable(tableConfigOf(s, t.you)));
  };
  /** The same deal, seats, house rules and bots again, as a new stored game. */
  const replayDeal = (from: LocalTable, round: number, dealer: number) =>
    launch(startTable({ ...from.config, startAt: { round, dealer } }, undefined, undefined, from.seed));
  const launch = (next: LocalTable) => {
    table?.client.close();
    setTable(next);
    setGameNo((n) => n + 1);
    go(next.id ? `#/play/${encodeURIComponent(next.id)}` : '#/play');
    void pruneFinished().catch(() => undefined);
  };
  // A stored game named by the address (a reload, or Resume in the list) is rebuilt from its actions.
  useEffect(() => {
    if (screen.name !== 'play' || screen.id === '' || table?.id === screen.id) return;
    let cancelled = false;
    loadGame(screen.id).then(
      (found) => {
        if (cancelled) return;
        if (!found || otherRules(found.game)) {
          setReplayError((t) => (found ? t.gameOtherRules : t.gameNotFound));
          go('#/');
          return;
        }
        table?.client.close();
        setTable(startTable(found.game.config, undefined, found));
        setGameNo((n) => n + 1);
      },
      (e: unknown) => {
        setReplayError((t) => `${t.error}: ${String(e)}`);
        go('#/');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [screen]);
  const replayStored = async (id: string) => {
    const found = await loadGame(id).catch(() => null);
    if (!found) {
      setReplayError((t) => t.gameNotFound);
      return;
    }
    const seats = found.game.config.seats;
    showReplay(
      JSON.stringify(recordOf(found.game, found.actions)),
      seats.map((seat) => seat.name),
      Math.max(
        0,
        seats.findIndex((seat) => seat.kind === 'human'),
      ),
    );
  };
  const createOnline = async (s: NewGameSettings) => {
    setSettings(s);
    setCreating(true);
    setOnlineError(null);
    // With an identity the server seats its name, whatever is typed.
    const created = await createRoom(roomSetupOf(s), account?.name ?? s.name.trim());
    setCreating(false);
    if (!created.ok) {
      setOnlineError(created.message);
      return;
    }
    online?.close();
    setOnline(created.room);
    go(`#/room/${encodeURIComponent(created.room.id)}`);
  };
  /** The lobby seated this person: into the room as an invited player joins it, under the identity's name (the server's anyway). */
  const enterPaired = (paired: Paired, again: SeekAgain | null) => {
    const room = joinPaired(paired, account?.name ?? (settings.name.trim() || t.you));
    online?.close();
    setOnline(room);
    setPairedFrom(again && { room: room.id, again });
    go(`#/room/${encodeURIComponent(room.id)}`);
  };
  const rememberName = (name: string) => {
    const next = { ...settings, name };
    setSettings(next);
    saveSettings(next);
  };
  /** The replay page for a record, following `seat`; `review` starts the review of that seat at once. */
  const showReplay = (text: string, names: readonly string[], seat = 0, review = false) => {
    const loaded = loadReplay(text);
    if (typeof loaded === 'string') {
      setReplayError((t) => `${t.badRecord}: ${loaded}`);
      go('#/');
      return;
    }
    setReplayError(null);
    setReplay(loaded);
    setReplayNames(names);
    setReplayOpen((open) => ({ key: open.key + 1, seat, review }));
    go('#/replay');
  };
  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    let names: string[] = [];
    try {
      names = (JSON.parse(text) as { names?: string[] }).names ?? [];
    } catch {
      // loadReplay says what is wrong with it.
    }
    showReplay(text, names);
  };
  /** A game just finished here (against bots or online): its replay, reviewing the person's seat. */
  const reviewFinished = (record: GameRecord, names: readonly string[], seat: number) =>
    showReplay(JSON.stringify(record), names, seat, true);
  /** A finished online game, from the server. */
  const openServerGame = async (id: string, seat?: number) => {
    try {
      const res = await fetch(gameUrl(id));
      const body = (await res.json()) as { record?: unknown; players?: (string | null)[]; error?: string };
      if (!res.ok || !body.record) throw new Error(body.error ?? res.statusText);
      showReplay(
        JSON.stringify(body.record),
        (body.players ?? []).map((p, i) => p ?? `${t.seat} ${i + 1}`),
        seat,
      );
    } catch (e) {
      setReplayError((t) => `${t.error}: ${(e as Error).message}`);
      go('#/');
    }
  };

  const current = screen.name === 'play' && !table && screen.id === '' ? { name: 'home' as const } : screen;
  const playing =
    current.name === 'play' && table && (current.id === '' || current.id === table.id) ? table : null;
  return (
    <div class={`app screen-${current.name}`}>
      <header class="app-header">
        <a class="brand" href="#/" onClick={() => go('#/')}>
          <span class="brand-mark" aria-hidden="true">
            花
          </span>
          <span>{t.appTitle}</span>
        </a>
        <button
          type="button"
          class="btn nav-toggle"
          aria-expanded={menuOpen}
          aria-controls="app-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true">☰</span> {t.menu}
        </button>
        <nav id="app-nav" class={`app-nav${menuOpen ? ' open' : ''}`} aria-label={t.menu}>
          <a href="#/" class={current.name === 'home' ? 'current' : ''}>
            {t.newGame}
          </a>
          <a href="#/online" class={current.name === 'online' ? 'current' : ''}>
            {t.playOnline}
          </a>
          <a href="#/lobby" class={current.name === 'lobby' ? 'current' : ''}>
            {t.lobby.nav}
          </a>
          {/* In the phone's menu only: on a wider screen the lobby, the account page and one's name lead there, and the header keeps to one line. */}
          <a href="#/leaderboard" class={`menu-only${current.name === 'leaderboard' ? ' current' : ''}`}>
            {t.ratings.nav}
          </a>
          {table ? (
            <a
              href={table.id ? `#/play/${encodeURIComponent(table.id)}` : '#/play'}
              class={current.name === 'play' ? 'current' : ''}
            >
              {t.play}
            </a>
          ) : null}
          {online ? (
            <a
              href={`#/room/${encodeURIComponent(online.id)}`}
              class={current.name === 'room' ? 'current' : ''}
            >
              {t.room}
            </a>
          ) : null}
          <a href="#/history" class={current.name === 'history' ? 'current' : ''}>
            {t.history}
          </a>
          <a href="#/account" class={current.name === 'account' ? 'current' : ''}>
            {t.account}
          </a>
          <a href="#/rules" class={current.name === 'rules' ? 'current' : ''}>
            {t.rules}
          </a>
          <label class="file-open">
            <span>{t.replay}</span>
            <input
              type="file"
              accept="application/json,.json"
              aria-label={t.openRecord}
              onChange={(e) => {
                setMenuOpen(false);
                void openFile((e.target as HTMLInputElement).files?.[0]);
              }}
            />
          </label>
          {account ? (
            // Who one plays as opens one's profile: the ratings of a member, a guest's own games.
            <a
              href="#/player"
              class={`identity${current.name === 'player' && current.id === '' ? ' current' : ''}`}
              title={`${t.playingAs}: ${t.ratings.profileNav}`}
            >
              <span class="visually-hidden">{t.playingAs} </span>
              {account.name}
            </a>
          ) : null}
        </nav>
        <details class="display-menu">
          <summary>{t.settings}</summary>
          <div class="menu-body">
            <label>
              <input
                type="checkbox"
                checked={prefs.learner}
                onChange={(e) => setPrefs({ learner: (e.target as HTMLInputElement).checked })}
              />{' '}
              {t.learner}
            </label>
            <label>
              <input
                type="checkbox"
                checked={prefs.theme === 'hanafooda'}
                onChange={(e) =>
                  setPrefs({ theme: (e.target as HTMLInputElement).checked ? 'hanafooda' : 'classic' })
                }
              />{' '}
              {t.hanafooda}
            </label>
            <label>
              <input
                type="checkbox"
                checked={prefs.highlight}
                onChange={(e) => setPrefs({ highlight: (e.target as HTMLInputElement).checked })}
              />{' '}
              {t.highlight}
            </label>
            <label>
              <input
                type="checkbox"
                checked={prefs.sound}
                onChange={(e) => setPrefs({ sound: (e.target as HTMLInputElement).checked })}
              />{' '}
              {t.sounds}
            </label>
          </div>
        </details>
        <button
          type="button"
          class="btn lang"
          lang={prefs.lang === 'en' ? 'ja' : 'en'}
          onClick={() => setPrefs({ lang: prefs.lang === 'en' ? 'ja' : 'en' })}
          aria-label={`${t.languageName}: ${t.language}`}
        >
          {t.language}
        </button>
      </header>
      <main id="main">
        {current.name === 'home' || current.name === 'online' ? (
          <>
            <h1 class="page-title">{t.tagline}</h1>
            <nav class="mode-tabs" aria-label={t.newGame}>
              <a
                href="#/"
                class={current.name === 'home' ? 'current' : ''}
                aria-current={current.name === 'home' ? 'page' : undefined}
              >
                {t.againstBots}
              </a>
              <a
                href="#/online"
                class={current.name === 'online' ? 'current' : ''}
                aria-current={current.name === 'online' ? 'page' : undefined}
              >
                {t.playOnline}
              </a>
              <a href="#/lobby">{t.lobby.nav}</a>
            </nav>
            {current.name === 'online' ? <p class="intro">{t.onlineIntro}</p> : null}
            {replayError ? (
              <p class="error-text" role="alert">
                {replayError(t)}
              </p>
            ) : null}
            {current.name === 'online' && onlineError ? (
              <p class="error-text" role="alert">
                {t.error}: {onlineError}
              </p>
            ) : null}
            {current.name === 'home' ? <LessonOffer t={t} /> : null}
            {current.name === 'home' ? (
              <LocalGames t={t} lang={prefs.lang} onReplay={(id) => void replayStored(id)} />
            ) : null}
            <NewGame
              key={current.name}
              initial={settings}
              t={t}
              mode={current.name === 'online' ? 'online' : 'local'}
              playingAs={account?.name}
              busy={creating}
              onChange={setSettings}
              onStart={current.name === 'online' ? (s) => void createOnline(s) : start}
            />
          </>
        ) : null}
        {current.name === 'lobby' ? (
          <LobbyPage
            t={t}
            lang={prefs.lang}
            settings={settings}
            onSettings={setSettings}
            onPaired={enterPaired}
            seekFirst={seekFirst}
            onSought={() => setSeekFirst(null)}
          />
        ) : null}
        {current.name === 'room' && online?.id === current.id ? (
          <RoomPage
            online={online}
            t={t}
            name={settings.name}
            onName={rememberName}
            playingAs={account?.name}
            onAgain={() => go('#/online')}
            onSeekAgain={
              pairedFrom?.room === online.id
                ? () => {
                    setSeekFirst(pairedFrom.again);
                    go('#/lobby');
                  }
                : undefined
            }
            onHome={() => go('#/')}
            onReplay={(id) => void openServerGame(id, online.state.seat ?? undefined)}
            onReview={reviewFinished}
          />
        ) : null}
        {current.name === 'account' ? (
          <AccountPage t={t} lang={prefs.lang} code={current.code || undefined} />
        ) : null}
        {current.name === 'player' ? (
          <ProfilePage
            t={t}
            lang={prefs.lang}
            account={current.id || undefined}
            onReplay={(id, seat) => void openServerGame(id, seat)}
          />
        ) : null}
        {current.name === 'leaderboard' ? (
          <LeaderboardPage t={t} pool={current.pool} onPool={(pool) => go(`#/leaderboard/${pool}`)} />
        ) : null}
        {current.name === 'history' ? (
          <HistoryPage t={t} lang={prefs.lang} onReplay={(id, seat) => void openServerGame(id, seat)} />
        ) : null}
        {playing ? (
          <PlayScreen
            key={gameNo}
            client={playing.client}
            t={t}
            onReview={reviewFinished}
            onAgain={() => start(settings)}
            onHome={() => go('#/')}
            onReplayDeal={(round, dealer) => replayDeal(playing, round, dealer)}
            gameOverFooter={<UpdatePrompt t={t} inline />}
          />
        ) : null}
        {current.name === 'play' && !playing ? (
          <p class="loading" role="status">
            {t.resuming}
          </p>
        ) : null}
        {current.name === 'learn' ? (
          <LessonScreen
            key={current.lesson}
            lesson={lessonById(current.lesson)!}
            t={t}
            name={settings.name.trim() || t.you}
            onHome={() => go('#/')}
          />
        ) : null}
        {current.name === 'rules' ? (
          <RulesPage game={current.game} t={t} onGame={(g) => go(`#/rules/${g}`)} />
        ) : null}
        {current.name === 'replay' ? (
          replay ? (
            <ReplayView
              key={replayOpen.key}
              replay={replay}
              t={t}
              names={replayNames}
              seat={replayOpen.seat}
              reviewOnOpen={replayOpen.review}
            />
          ) : (
            <p>{t.openRecord}</p>
          )
        ) : null}
      </main>
      {/* Between games only (a game's end shows it in its dialog); a lesson or an online room is a game too. */}
      {playing || current.name === 'learn' || current.name === 'room' ? null : <UpdatePrompt t={t} />}
    </div>
  );
}
