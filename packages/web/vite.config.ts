import { defineConfig, type Plugin } from 'vite';

/**
 * Writes sw.js, the service worker that keeps every built file so the app works offline
 * once loaded; its cache name is a hash of the file list, so a new build replaces the old cache.
 */
function serviceWorker(): Plugin {
  return {
    name: 'hanafuda-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = ['./', ...Object.keys(bundle).map((f) => `./${f}`)];
      let hash = 0;
      for (const ch of files.join('|')) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
      const source = `// Generated at build time by vite.config.ts: precaches the app, then serves it cache-first.
const CACHE = 'hanafuda-${(hash >>> 0).toString(16)}';
const FILES = ${JSON.stringify(files)};
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    caches.match(request, { ignoreSearch: request.mode === 'navigate' }).then((hit) => hit || fetch(request).catch(() => caches.match('./'))),
  );
});
`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [serviceWorker()],
  worker: { format: 'es' },
  // `npm run dev -w @hanafuda/web` beside a running game server (`npm start`, port 8080): online play works in development too.
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/ws': { target: 'ws://127.0.0.1:8080', ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1500 },
});
