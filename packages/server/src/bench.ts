/**
 * `npm run bench:server`: N concurrent 4-player Sakura games over WebSockets on loopback
 * against a real server process (SQLite in a temporary folder, or DATABASE_URL). Every seat
 * is a client choosing random legal actions; reports games per second and the latency of an
 * action (sent → its update received), median and 99th percentile.
 *
 *   npm run bench:server -- [--games 40] [--concurrent 20] [--rounds 1]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomInt, seedRng } from '@hanafuda/engine';
import WebSocket from 'ws';

type Message = { type: string; [field: string]: unknown };

const { values } = parseArgs({ options: { games: { type: 'string' }, concurrent: { type: 'string' }, rounds: { type: 'string' } } });
const GAMES = Number(values.games ?? 40);
const CONCURRENT = Number(values.concurrent ?? 20);
const ROUNDS = Number(values.rounds ?? 1);

function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const send = (socket: WebSocket, message: object) => socket.send(JSON.stringify({ v: 1, ...message }));

function nextOf(socket: WebSocket, type: string): Promise<Message> {
  return new Promise((resolve) => {
    const listener = (data: WebSocket.RawData) => {
      const m = JSON.parse(data.toString()) as Message;
      if (m.type !== type) return;
      socket.off('message', listener);
      resolve(m);
    };
    socket.on('message', listener);
  });
}

/** One person: takes a seat, acts on each of its turns; resolves when the game's record arrives. */
function play(socket: WebSocket, room: string, n: number, latencies: number[]): Promise<void> {
  const rng = seedRng(`bench:${n}:${room}`);
  let seat = -1;
  let pending: { seq: number; at: number } | null = null;
  return new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as Message;
      if (m.type === 'joined') seat = m.seat as number;
      if (m.type === 'record') return resolve();
      if (m.type === 'error') return reject(new Error(`seat ${seat}: ${m.message}`));
      if (m.type !== 'update') return;
      const seq = m.seq as number;
      if (pending && seq > pending.seq) {
        latencies.push(performance.now() - pending.at);
        pending = null;
      }
      const view = m.view as { toMove: number | null; actions: unknown[] };
      if (view.toMove !== seat || view.actions.length === 0) return;
      pending = { seq, at: performance.now() };
      send(socket, { type: 'act', seq, action: view.actions[randomInt(rng, view.actions.length)] });
    });
  });
}

async function oneGame(wsUrl: string, n: number, latencies: number[]): Promise<void> {
  const host = await connect(wsUrl);
  const created = nextOf(host, 'room-created');
  send(host, { type: 'create-room', setup: { game: 'sakura', players: 4, options: { rounds: ROUNDS }, seats: Array.from({ length: 4 }, () => ({ kind: 'open' })) } });
  const room = (await created).room as string;
  const sockets = await Promise.all([0, 1, 2, 3].map(() => connect(wsUrl)));
  const games: Promise<void>[] = [];
  for (const [i, socket] of sockets.entries()) {
    games.push(play(socket, room, n, latencies));
    const joined = nextOf(socket, 'joined');
    send(socket, { type: 'join', room, name: `bench${n}-${i}` });
    await joined;
  }
  await Promise.all(games);
  for (const socket of [host, ...sockets]) socket.close();
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-bench-'));
  const bin = fileURLToPath(new URL('../bin/hanafuda-server.js', import.meta.url));
  const server = spawn(process.execPath, [bin, '--port', '0', '--data', dir, '--web', dir], {
    env: { ...process.env, HANAFUDA_BOT_DELAY_MS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const wsUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /game server at (ws:\/\/[^\s;]+)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.once('exit', () => reject(new Error(`the server did not start: ${out}`)));
  });
  const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`bench:server: ${GAMES} games of 4-player Sakura (${ROUNDS} round(s)), ${CONCURRENT} at a time, over WebSockets on loopback (${store})`);
  const latencies: number[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < GAMES) await oneGame(wsUrl, next++, latencies);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT, GAMES) }, worker));
  const seconds = (performance.now() - started) / 1000;
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  console.log(`games: ${GAMES} in ${seconds.toFixed(2)} s = ${(GAMES / seconds).toFixed(2)} games/s; actions: ${latencies.length} = ${(latencies.length / seconds).toFixed(0)}/s`);
  console.log(`action latency (sent → update): median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
}

await main();
