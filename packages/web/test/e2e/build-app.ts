/** Builds the web app for the browser tests, as `npm start` serves it (no test API here: the global setup runs it too). */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the app into `outDir`, emptied first: a folder of the caller's own, so two suites never write one folder at once. */
export async function buildApp(outDir: string): Promise<void> {
  // Vitest sets NODE_ENV=test; the app under test is the production build that `npm start` serves.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: WEB_DIR,
      logLevel: 'warn',
      mode: 'production',
      configFile: join(WEB_DIR, 'vite.config.ts'),
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
