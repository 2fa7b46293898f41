/**
 * The browser project's global setup: builds the app once a run, into a folder of the run's own,
 * which every browser suite serves (`builtApp()` in browser.ts). A suite that built into
 * packages/web/dist itself emptied that folder under another suite's pages when two ran at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from './build-app.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The app built for this run, as `npm start` serves it. */
    webDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-web-dist-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    await buildApp(dir);
  } catch (e) {
    remove();
    throw e;
  }
  project.provide('webDist', dir);
  return remove;
}
