/**
 * A new version of the app, deployed while this tab is open: the service worker (sw.js,
 * written by vite.config.ts) takes over and keeps the old version's files, so the tab plays on;
 * between games (not in a game, or once it is over) the tab offers to reload into the new one.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';

let ready = false;
const listeners = new Set<() => void>();

/** Starts watching for a new version (main.tsx, once the worker is registered). */
export function watchForUpdates(): void {
  const sw = navigator.serviceWorker;
  // The first worker of a first visit takes control too: that is not a new version.
  let controlled = sw.controller !== null;
  sw.addEventListener('controllerchange', () => {
    if (controlled) {
      ready = true;
      for (const l of listeners) l();
    }
    controlled = true;
  });
  // A tab left open learns of a deployment when it comes back into view, and every hour.
  const check = () =>
    void sw
      .getRegistration()
      .then((r) => r?.update())
      .catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  setInterval(check, 60 * 60 * 1000);
}

export interface UpdatePromptProps {
  readonly t: Strings;
  /** In the end-of-game dialog (a modal: nothing outside it takes a tap), not at the bottom of the page. */
  readonly inline?: boolean;
}

export function UpdatePrompt(props: UpdatePromptProps): JSX.Element | null {
  const [isReady, setReady] = useState(ready);
  useEffect(() => {
    const l = () => setReady(true);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  if (!isReady) return null;
  return (
    <div class={`update-prompt${props.inline ? ' inline' : ''}`} role="status">
      <span>{props.t.newVersion}</span>
      <button
        type="button"
        class={`btn small${props.inline ? '' : ' primary'}`}
        onClick={() => location.reload()}
      >
        {props.t.reloadNow}
      </button>
    </div>
  );
}
