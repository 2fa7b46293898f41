/** Entry point: renders the app and registers the service worker that makes it work offline. */
import { render } from 'preact';
import { App } from './ui/app.js';
import { watchForUpdates } from './ui/app-update.js';
import './styles.css';

render(<App />, document.getElementById('app')!);
// Which build this page runs (vite.config.ts): a deployment's tab and a fresh one can be told apart.
document.documentElement.dataset.build = __HANAFUDA_BUILD__;

if (
  'serviceWorker' in navigator &&
  import.meta.env.PROD &&
  !new URLSearchParams(location.search).has('nosw')
) {
  addEventListener('load', () => void navigator.serviceWorker.register('./sw.js').catch(() => undefined));
  watchForUpdates();
}
