import { cardSvg } from '@hanafuda/cards-art';
import { Resvg } from '@resvg/resvg-js';
import { defineConfig, type Plugin } from 'vite';

/** The app's icon: the cherry blossom with its curtain, from the project's own card art, on the lacquer red of the header's mark. */
function iconSvg(): string {
  const card = cardSvg('cherry-curtain', { label: 'Hanafuda', idPrefix: 'icon' }).replace(
    '<svg ',
    '<svg x="156" y="106" width="200" height="300" ',
  );
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#b3261e"/>' +
    `<rect x="24" y="24" width="464" height="464" rx="80" fill="none" stroke="#c9a24a" stroke-width="8"/>${card}</svg>`
  );
}

/** PNG sizes of the icon: Android's installability asks for 192 and 512 px PNGs; iOS takes the 192 for its home screen. */
const PNG_SIZES = [192, 512] as const;

/** The icon as a PNG of `size` px, drawn from its SVG with resvg (a maintained SVG renderer). */
function iconPng(size: number): Uint8Array {
  return new Resvg(iconSvg(), { fitTo: { mode: 'width', value: size } }).render().asPng();
}

/** The web app manifest: what a phone needs to put the game on its home screen and open it full screen. */
function manifest(): string {
  return JSON.stringify(
    {
      name: 'Hanafuda',
      short_name: 'Hanafuda',
      description: 'Sakura, Koi-Koi, Nara Hana-awase and Oi-bana against bots or friends, offline too.',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#163626',
      theme_color: '#1f3b2d',
      icons: [
        { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ...PNG_SIZES.map((n) => ({
          src: `icon-${n}.png`,
          sizes: `${n}x${n}`,
          type: 'image/png',
          purpose: 'any',
        })),
      ],
    },
    null,
    2,
  );
}

/**
 * Writes sw.js, the service worker that keeps every built file so the app works offline
 * once loaded; its cache name is a hash of the file list, so each build has its own cache.
 * A new build takes over open tabs at once but keeps the cache before it: a tab still running
 * the old version gets its old files (a worker, a lazy chunk) from there and plays on until it
 * reloads (app-update.tsx offers that between games). Pages are fetched network-first, so a
 * new tab gets the new version; the cache serves them offline. Also writes the web app manifest and its icon, and links them from the page: installable on a phone.
 */
function serviceWorker(): Plugin {
  return {
    name: 'hanafuda-service-worker',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: './manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: './icon-192.png' }, injectTo: 'head' },
    ],
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: manifest() });
      this.emitFile({ type: 'asset', fileName: 'icon.svg', source: iconSvg() });
      for (const n of PNG_SIZES)
        this.emitFile({ type: 'asset', fileName: `icon-${n}.png`, source: iconPng(n) });
      // The assets emitted here are not in `bundle` yet: named with it, once each.
      const icons = ['./icon.svg', ...PNG_SIZES.map((n) => `./icon-${n}.png`)];
      const files = [
        ...new Set(['./', './manifest.webmanifest', ...icons, ...Object.keys(bundle).map((f) => `./${f}`)]),
      ];
      let hash = 0;
      for (const ch of files.join('|')) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
      const source = `// Generated at build time by vite.config.ts: precaches the app, then serves it cache-first.
const CACHE = 'hanafuda-${(hash >>> 0).toString(16)}';
const FILES = ${JSON.stringify(files)};
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});
// Keeps this build's cache and the one before it (keys() lists caches in the order they were made).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => {
        const older = keys.filter((k) => k.startsWith('hanafuda-') && k !== CACHE);
        return Promise.all(older.slice(0, -1).map((k) => caches.delete(k)));
      })
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('./', { cacheName: CACHE })));
    return;
  }
  // Any kept build's file: an old tab's chunks are still here after a deployment.
  event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
});
`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig({
  base: './',
  define: { __HANAFUDA_BUILD__: JSON.stringify(process.env.HANAFUDA_BUILD_ID || new Date().toISOString()) },
  plugins: [serviceWorker()],
  worker: { format: 'es' },
  // `npm run dev -w @hanafuda/web` beside a running game server (`npm start`, port 8080): online play works in development too.
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/ws': { target: 'ws://127.0.0.1:8080', ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1500 },
});
