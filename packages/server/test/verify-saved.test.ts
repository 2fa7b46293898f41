/**
 * The file a real server saves for a finished game (`/api/games/ID`) is the one the
 * `hanafuda` command reads: `verify` checks its commitments and deals, `replay` prints it.
 * The command runs as a process, as a player runs it on a downloaded file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { autoplay } from './support/play.js';
import { createRoom, joinRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const HANAFUDA = fileURLToPath(new URL('../../cli/bin/hanafuda.js', import.meta.url));
const sqlite = STORES.find((s) => s.name === 'sqlite')!;
const GAME = {
  game: 'koikoi',
  players: 2,
  options: { rounds: 2 },
  seats: [{ kind: 'open' }, { kind: 'bot', level: 'normal' }],
};

describe.skipIf(!sqlite.available)(
  'a game saved by the server, checked by the hanafuda command',
  { timeout: 60_000 },
  () => {
    let db: TestStore;
    let server: RunningServer;
    let dir: string;
    beforeEach(async () => {
      db = await sqlite.open();
      server = await serve(db);
      dir = mkdtempSync(join(tmpdir(), 'hanafuda-saved-'));
    });
    afterEach(async () => {
      await shutDown(server, db);
      rmSync(dir, { recursive: true, force: true });
    });

    it('verify passes it, saying what it checked; replay prints it; a tampered copy fails', async () => {
      const { room, host, key } = await createRoom(server, GAME);
      const ann = await joinRoom(server, room, key, 'Ann');
      await autoplay(ann.client, ann.seat);
      await server.rooms.get(room)!.ended;
      await Promise.all([ann.client.close(), host.close()]);
      const text = await (await fetch(`${server.url}/api/games/${room}?key=${key}`)).text();
      const file = join(dir, 'game.json');
      writeFileSync(file, text);

      const verify = spawnSync(process.execPath, [HANAFUDA, 'verify', file], { encoding: 'utf8' });
      expect(verify.stderr).toBe('');
      expect(verify.status).toBe(0);
      // Rounds 0 (the first dealer's draw), 1 and 2, and the game seed, all against their commitments.
      expect(verify.stdout).toMatch(
        /^verified: the game seed against its commitment; 3 round seed\(s\) \(round 0, 1, 2\) against their commitments; the replay \(\d+ actions, 2 deal\(s\)\)$/m,
      );

      const replay = spawnSync(process.execPath, [HANAFUDA, 'replay', file], { encoding: 'utf8' });
      expect(replay.status).toBe(0);
      expect(replay.stdout).toMatch(/^Koi-Koi: 2 players/);
      expect(replay.stdout).toMatch(/round 2 over/);

      const saved = JSON.parse(text) as { fairness: { rounds: { round: number; hash: string }[] } };
      saved.fairness.rounds[1].hash = saved.fairness.rounds[2].hash;
      writeFileSync(file, JSON.stringify(saved));
      const tampered = spawnSync(process.execPath, [HANAFUDA, 'verify', file], { encoding: 'utf8' });
      expect(tampered.status).toBe(1);
      expect(tampered.stdout).toMatch(/^FAIL round 1: the commitment/m);
      expect(tampered.stdout).not.toMatch(/verified/);
    });
  },
);
