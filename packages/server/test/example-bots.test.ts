/**
 * The bot API (docs/bots.md): the example bots, in TypeScript (examples/typescript-bot) and in
 * Python (examples/python-bot, with Debian's python3-websockets), each take a seat by a room's
 * invite link as a program, show as a bot, and play a whole game against a server bot on a
 * real server over loopback.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RULES_VERSION } from '@hanafuda/engine';
import type { RunningServer } from '../src/index.js';
import { TestClient } from './support/client.js';
import { createRoom, joinRoom, serve, shutDown } from './support/server.js';
import { STORES, type TestStore } from './support/stores.js';

const TS_BOT = fileURLToPath(new URL('../../../examples/typescript-bot/dist/bot.js', import.meta.url));
const PY_BOT = fileURLToPath(new URL('../../../examples/python-bot/bot.py', import.meta.url));
/** Debian's Python, where python3-websockets is installed (.ci/run); HANAFUDA_PYTHON names another. */
const PYTHON = process.env.HANAFUDA_PYTHON ?? '/usr/bin/python3';
const pythonReady = existsSync(PYTHON) && spawnSync(PYTHON, ['-c', 'import websockets']).status === 0;
if (!pythonReady)
  console.warn(
    `example bots: ${PYTHON} has no websockets package, so the Python bot's game is skipped; .ci/run installs python3-websockets`,
  );

// No turn timer: every move of the bot's seat is the bot's own.
const KOIKOI = {
  game: 'koikoi',
  players: 2,
  options: { rounds: 2 },
  turnSeconds: 0,
  seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
};

/** Runs a bot to its end: its exit code and everything it printed. */
function runBot(command: string, args: string[]): Promise<{ code: number | null; out: string }> {
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

const sqlite = STORES.find((kind) => kind.name === 'sqlite')!;

describe('the example bots', { timeout: 120_000 }, () => {
  let db: TestStore;
  let server: RunningServer;
  const clients: TestClient[] = [];

  beforeEach(async () => {
    db = await sqlite.open();
    server = await serve(db);
  });
  afterEach(async () => {
    await shutDown(server, db, clients);
  });

  const cases = [
    { bot: 'TypeScript', name: 'TS bot', command: process.execPath, args: [TS_BOT], ready: true },
    { bot: 'Python', name: 'Py bot', command: PYTHON, args: [PY_BOT], ready: pythonReady },
  ];
  for (const c of cases) {
    it.skipIf(!c.ready)(
      `the ${c.bot} bot joins by the invite link, shows as a bot and finishes a whole game`,
      async () => {
        const { host, room, key } = await createRoom(server, KOIKOI);
        clients.push(host);
        await host.request({ type: 'spectate', room, key }, 'room');
        const played = await runBot(c.command, [...c.args, `${server.url}/?room=${room}&key=${key}`, c.name]);
        expect(played.code, played.out).toBe(0);
        expect(played.out).toMatch(new RegExp(`^${c.name} sits in seat 0 of room ${room}$`, 'm'));

        // Seen by everyone in the room as a bot of someone's own, not as a person (awaited: a
        // spectator's messages may come up to half a second after the players').
        const seated = await host.next(
          (m) => m.type === 'room' && (m.room as { status: string }).status === 'playing',
          10_000,
          0,
        );
        expect((seated.room as { seats: unknown[] }).seats[0]).toMatchObject({
          kind: 'human',
          name: c.name,
          bot: true,
        });

        // The whole game, as the server stored it: every round played, the bot's moves among them.
        // The bot may exit on the last update, before the room has stored the game: the room says
        // it is over once it has the record, and its work is awaited from there.
        await host.next(
          (m) => m.type === 'room' && (m.room as { status: string }).status === 'over',
          10_000,
          0,
        );
        await server.rooms.idle();
        const finished = await db.store.finishedGame(room);
        expect(finished?.record).toMatchObject({
          game: 'koikoi',
          rules: RULES_VERSION,
          options: { rounds: 2 },
        });
        expect(finished?.players[0]).toBe(c.name);
        const actions = finished!.record.actions;
        expect(played.out).toContain(`game over after ${actions.length} actions`);
        expect(actions.some((a) => a.seat === 0)).toBe(true);
      },
    );
  }

  it("keeps a program's seat marked as a bot while a host gives it to a server bot, and when the program comes back", async () => {
    const duel = {
      game: 'sakura',
      players: 2,
      options: { rounds: 1 },
      turnSeconds: 0,
      seats: [{ kind: 'open' }, { kind: 'open' }],
    };
    const { host, room, hostToken, key } = await createRoom(server, duel);
    const program = await TestClient.connect(server.wsUrl);
    clients.push(host, program);
    const joined = await program.request({ type: 'join', room, key, name: 'Robo', bot: true }, 'joined');
    clients.push((await joinRoom(server, room, key, 'Ann')).client);
    await program.close();
    const replaced = await host.request(
      { type: 'replace-with-bot', room, hostToken, seat: joined.seat, level: 'easy' },
      ['room', 'error'],
    );
    expect((replaced.room as { seats: unknown[] }).seats[joined.seat as number]).toMatchObject({
      kind: 'bot',
      name: 'Robo (bot)',
    });
    const back = await TestClient.connect(server.wsUrl);
    clients.push(back);
    back.send({ type: 'resume', room, token: joined.token });
    const resumed = await back.next(
      (m) =>
        m.type === 'room' &&
        (m.room as { seats: { kind: string }[] }).seats[joined.seat as number].kind === 'human',
    );
    expect((resumed.room as { seats: unknown[] }).seats[joined.seat as number]).toMatchObject({
      kind: 'human',
      name: 'Robo',
      bot: true,
    });
  });

  it('a bot refused a seat says why and exits with an error', async () => {
    const played = await runBot(process.execPath, [TS_BOT, `${server.url}/?room=NOSUCHROOM`]);
    expect(played.code).toBe(1);
    expect(played.out).toMatch(/no-such-room: there is no open room "NOSUCHROOM"/);
    const usage = await runBot(process.execPath, [TS_BOT, 'not a link']);
    expect(usage.code).toBe(2);
    expect(usage.out).toMatch(/usage: bot\.js INVITE-LINK/);
  });
});
