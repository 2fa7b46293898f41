/**
 * The full-disk check, on a real full disk: a small tmpfs holds the SQLite file, a filler
 * file takes its last byte, and the server is asked to create a room (it must answer with an
 * error) while a game against a bot is under way (it must wait, then go on by itself once
 * the filler is deleted, and store its record). Prints what happened and how long it took.
 *
 *   sudo node packages/load/dist/disk-full.js
 *
 * Mounting needs root: elsewhere it says it is skipped and exits 0.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { openSqlite, startServer } from '@hanafuda/server';
import { recordingLog } from '@hanafuda/server/tools';

type Message = { type: string; [field: string]: unknown };

/** A WebSocket client that hands out the messages it receives, by a test. */
async function client(url: string) {
  const socket = new WebSocket(url);
  const seen: Message[] = [];
  const waiting: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  socket.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Message;
    seen.push(m);
    for (const w of waiting.splice(0)) {
      if (w.test(m)) w.resolve(m);
      else waiting.push(w);
    }
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = (test: (m: Message) => boolean, from = seen.length) =>
    new Promise<Message>((resolve) => {
      const hit = seen.slice(from).find(test);
      if (hit) resolve(hit);
      else waiting.push({ test, resolve });
    });
  return { socket, seen, next, send: (m: object) => socket.send(JSON.stringify({ v: 1, ...m })) };
}

/** Writes zeros until the disk is full; the filler's path. */
function fill(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
  return file;
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'hanafuda-disk-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    console.log('disk-full: skipped (mounting a small tmpfs needs root)');
    return 0;
  }
  const logs = recordingLog('info');
  const store = openSqlite(join(dir, 'hanafuda.sqlite'));
  const server = await startServer({
    store,
    port: 0,
    webDir: null,
    botDelayMs: 0,
    log: logs.log,
    storage: { recovery: { firstMs: 200, maxMs: 1000 } },
  });
  try {
    const alice = await client(server.wsUrl);
    alice.send({
      type: 'create-room',
      setup: {
        game: 'sakura',
        players: 2,
        options: { rounds: 2 },
        seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
      },
    });
    const created = await alice.next((m) => m.type === 'room-created');
    const room = created.room as string;
    alice.send({ type: 'join', room, key: (created.keys as { invite: string }).invite, name: 'Alice' });
    await alice.next((m) => m.type === 'joined');
    // Alice plays her first legal action whenever she is to move, and sends it again a moment after a storage error, as a person would.
    let mine: object | null = null;
    alice.socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as Message;
      const view = m.view as { toMove: number | null; actions?: unknown[] } | undefined;
      if (m.type === 'update')
        mine =
          view?.toMove === 0 && view.actions?.length
            ? { type: 'act', seq: m.seq, action: view.actions[0] }
            : null;
      if (m.type === 'update' && mine) alice.send(mine);
      if (m.type === 'error' && m.code === 'storage' && mine) setTimeout(() => mine && alice.send(mine), 500);
    });
    alice.send({ type: 'sync' });

    const filler = fill(dir);
    const host = await client(server.wsUrl);
    let t = performance.now();
    host.send({
      type: 'create-room',
      setup: { game: 'koikoi', players: 2, seats: [{ kind: 'open' }, { kind: 'open' }] },
    });
    const answer = await host.next((m) => m.type === 'room-created' || m.type === 'error');
    console.log(
      `disk-full: create-room on a full disk answered in ${Math.round(performance.now() - t)} ms: ${answer.type} ${answer.code ?? ''} "${answer.message ?? ''}"`,
    );
    const stalledAt = server.rooms.get(room)?.game?.seq ?? 0;
    const failed = await logs.next((r) => /could not store action/.test(String(r.write)));
    console.log(
      `disk-full: the game waits at update ${server.rooms.get(room)?.game?.seq} (was ${stalledAt} when the disk filled); logged: "${failed.msg}: ${failed.write}: ${failed.err?.message}"`,
    );

    rmSync(filler);
    t = performance.now();
    const record = await alice.next((m) => m.type === 'record', 0);
    await server.rooms.get(room)?.ended;
    const stored = await store.finishedGame(room);
    console.log(
      `disk-full: space freed; the game went on by itself and ended ${Math.round(performance.now() - t)} ms later (${(record.record as { actions: unknown[] }).actions.length} actions), record stored: ${stored !== null}`,
    );
    const ok = answer.type === 'error' && answer.code === 'storage' && stored !== null;
    console.log(ok ? 'disk-full: ok' : 'disk-full: FAILED');
    alice.socket.close();
    host.socket.close();
    return ok ? 0 : 1;
  } finally {
    await server.close();
    await store.close();
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error(`disk-full: ${e.message}`);
    process.exit(1);
  },
);
