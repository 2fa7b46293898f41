/** The real game server as `npm start` runs it (a child process), on a free loopback port, for the online browser tests and scripts. */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { WEB_DIR } from './browser.js';

const SERVER_BIN = resolve(WEB_DIR, '../server/bin/hanafuda-server.js');

/** Starts the game server on a free port with SQLite in `dataDir`, serving the app built in `webDir`; answers its address once it listens. */
export function startGameServer(dataDir: string, webDir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [SERVER_BIN, '--port', '0', '--data', dataDir, '--web', webDir], {
    env: { ...process.env, DATABASE_URL: '', HANAFUDA_BOT_DELAY_MS: '0', HANAFUDA_FIXED_SEED: 'online-e2e', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /hanafuda-server: (http:\/\/\S+)/.exec(out);
      if (url) done({ child, base: `${url[1]}/` });
    });
    child.once('exit', (code) => fail(new Error(`the game server exited (${code}) before listening: ${out}`)));
  });
}
