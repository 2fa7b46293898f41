/** The page: header (language, display), and the screens: new game, table, rules, replays. */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { stringsFor } from '../i18n/i18n.js';
import { loadSettings, tableConfigOf, type NewGameSettings } from '../state/new-game-settings.js';
import type { TableClient } from '../state/table-client.js';
import { NewGame } from './new-game.js';
import { PlayScreen } from './play-screen.js';
import { setPrefs, usePrefs } from './prefs.js';
import { loadReplay, ReplayView, type LoadedReplay } from './replay-page.js';
import { RulesPage } from './rules-page.js';
import { startTable } from './session.js';

type Screen = { name: 'home' } | { name: 'play' } | { name: 'rules'; game: string } | { name: 'replay' };

function screenOf(hash: string): Screen {
  const [, name, arg] = hash.replace(/^#\/?/, '').match(/^([a-z]*)\/?([a-z]*)/) ?? [];
  if (name === 'rules') return { name: 'rules', game: arg || 'sakura' };
  if (name === 'replay') return { name: 'replay' };
  if (name === 'play') return { name: 'play' };
  return { name: 'home' };
}

export function App(): JSX.Element {
  const prefs = usePrefs();
  const t = stringsFor(prefs.lang);
  const [screen, setScreen] = useState<Screen>(screenOf(location.hash));
  const [client, setClient] = useState<TableClient | null>(null);
  const [gameNo, setGameNo] = useState(0);
  const [settings, setSettings] = useState<NewGameSettings>(loadSettings());
  const [replay, setReplay] = useState<LoadedReplay | null>(null);
  const [replayError, setReplayError] = useState<string | null>(null);

  useEffect(() => {
    const onHash = () => setScreen(screenOf(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
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
    client?.close();
    setClient(startTable(tableConfigOf(s, t.you)));
    setGameNo((n) => n + 1);
    go('#/play');
  };
  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const loaded = loadReplay(await file.text());
    if (typeof loaded === 'string') {
      setReplayError(`${t.badRecord}: ${loaded}`);
      return;
    }
    setReplayError(null);
    setReplay(loaded);
    go('#/replay');
  };

  const current = screen.name === 'play' && !client ? { name: 'home' as const } : screen;
  return (
    <div class={`app screen-${current.name}`}>
      <header class="app-header">
        <a class="brand" href="#/" onClick={() => go('#/')}>
          <span class="brand-mark" aria-hidden="true">
            花
          </span>
          <span>{t.appTitle}</span>
        </a>
        <nav class="app-nav" aria-label="Main">
          <a href="#/" class={current.name === 'home' ? 'current' : ''}>
            {t.newGame}
          </a>
          {client ? (
            <a href="#/play" class={current.name === 'play' ? 'current' : ''}>
              {t.play}
            </a>
          ) : null}
          <a href="#/rules" class={current.name === 'rules' ? 'current' : ''}>
            {t.rules}
          </a>
          <label class="file-open">
            <span>{t.replay}</span>
            <input type="file" accept="application/json,.json" aria-label={t.openRecord} onChange={(e) => openFile((e.target as HTMLInputElement).files?.[0])} />
          </label>
        </nav>
        <details class="display-menu">
          <summary>{t.settings}</summary>
          <div class="menu-body">
            <label>
              <input type="checkbox" checked={prefs.learner} onChange={(e) => setPrefs({ learner: (e.target as HTMLInputElement).checked })} /> {t.learner}
            </label>
            <label>
              <input type="checkbox" checked={prefs.theme === 'hanafooda'} onChange={(e) => setPrefs({ theme: (e.target as HTMLInputElement).checked ? 'hanafooda' : 'classic' })} /> {t.hanafooda}
            </label>
            <label>
              <input type="checkbox" checked={prefs.highlight} onChange={(e) => setPrefs({ highlight: (e.target as HTMLInputElement).checked })} /> {t.highlight}
            </label>
          </div>
        </details>
        <button type="button" class="btn lang" lang={prefs.lang === 'en' ? 'ja' : 'en'} onClick={() => setPrefs({ lang: prefs.lang === 'en' ? 'ja' : 'en' })} aria-label={`${t.languageName}: ${t.language}`}>
          {t.language}
        </button>
      </header>
      <main id="main">
        {current.name === 'home' ? (
          <>
            <h1 class="page-title">{t.tagline}</h1>
            {replayError ? (
              <p class="error-text" role="alert">
                {replayError}
              </p>
            ) : null}
            <NewGame initial={settings} t={t} onStart={start} />
          </>
        ) : null}
        {current.name === 'play' && client ? <PlayScreen key={gameNo} client={client} t={t} onAgain={() => start(settings)} onHome={() => go('#/')} /> : null}
        {current.name === 'rules' ? <RulesPage game={current.game} t={t} onGame={(g) => go(`#/rules/${g}`)} /> : null}
        {current.name === 'replay' ? (
          replay ? (
            <ReplayView replay={replay} t={t} names={((replay.record as unknown as { names?: string[] }).names ?? []).slice()} />
          ) : (
            <p>{t.openRecord}</p>
          )
        ) : null}
      </main>
    </div>
  );
}
