/** Entry point: renders the app and registers the service worker that makes it work offline. */
import { render } from 'preact';
import { App } from './ui/app.js';
import './styles.css';

render(<App />, document.getElementById('app')!);

if ('serviceWorker' in navigator && import.meta.env.PROD && !new URLSearchParams(location.search).has('nosw')) {
  addEventListener('load', () => void navigator.serviceWorker.register('./sw.js').catch(() => undefined));
}
