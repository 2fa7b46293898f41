// @vitest-environment happy-dom
/** The online connection and room state against a scripted socket: hello and outbox, reconnects with backoff, tokens, refusals. */
import { gameById } from '@hanafuda/engine';
import { ROOM_ID_PATTERN } from '@hanafuda/protocol';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoom, OnlineRoom, roomKeys, saveRoomKeys, UNANSWERED_MS } from '../src/state/online-room.js';
import { CLOSE_RESTARTING } from '@hanafuda/protocol';
import {
  BACKOFF_MS,
  DEAD_MS,
  QUIET_MS,
  RoomSocket,
  roomSocketUrl,
  serverSocketUrl,
} from '../src/transport/socket-transport.js';
import { stringsFor } from '../src/i18n/i18n.js';
import { RoomPage } from '../src/ui/room-page.js';
import { connect, FakeSocket, last } from './support/fake-socket.js';

/** Ana's page in a two-player Sakura room whose seat 0 her tab holds: the room, its table config and her view of a deal from `seed`. */
/** The table both Sakura tests sit Ana at: two people, Ana and Ben. */
const ANA_AND_BEN = {
  game: 'sakura',
  players: 2,
  seats: [
    { kind: 'human', name: 'Ana' },
    { kind: 'human', name: 'Ben' },
  ],
};

function anaSeated(seed: string) {
  const sakura = gameById('sakura')!;
  const created = sakura.newGame({ players: 2, seed });
  if (!created.ok) throw new Error(created.error.message);
  saveRoomKeys('room-1', { token: 'ana-token', seat: 0 });
  sessionStorage.setItem(
    'hanafuda.rooms.this-tab.v1',
    JSON.stringify({ 'room-1': { token: 'ana-token', seat: 0 } }),
  );
  const online = OnlineRoom.open('room-1', connect());
  const config = ANA_AND_BEN;
  return { online, config, view: sakura.view(created.value.state, 0) };
}

const ROOM = {
  id: 'room-1',
  game: 'sakura',
  players: 2,
  turnSeconds: 0,
  status: 'open',
  spectators: 0,
  seats: [],
};

beforeEach(() => {
  FakeSocket.made = [];
  localStorage.clear();
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RoomSocket', () => {
  it('speaks to the same host at /ws', () => {
    expect(serverSocketUrl('http://localhost:8080/?room=abcd#/room/abcd')).toBe('ws://localhost:8080/ws');
    expect(serverSocketUrl('https://hanafuda.example/')).toBe('wss://hanafuda.example/ws');
    expect(roomSocketUrl('wss://hanafuda.example/ws', 'ab-CD_12')).toBe(
      'wss://hanafuda.example/ws?room=ab-CD_12',
    );
    expect(roomSocketUrl('ws://localhost:8080/ws', null)).toBe('ws://localhost:8080/ws');
  });

  it('sends its hello first on every connection, keeps room messages until the line is up, never stale table messages', () => {
    const socket = connect();
    socket.hello = { v: 1, type: 'spectate', room: 'room-1' };
    socket.sendRoom({ v: 1, type: 'join', room: 'room-1', name: 'Ana' });
    expect(socket.sendTable({ v: 1, type: 'sync' })).toBe(false);
    last().open();
    expect(last().sent.map((m) => m.type)).toEqual(['spectate', 'join']);
    expect(socket.status).toBe('open');
    expect(socket.sendTable({ v: 1, type: 'sync' })).toBe(true);
  });

  it('reconnects after growing pauses, and a successful connection starts the pauses over', () => {
    const socket = connect();
    socket.hello = { v: 1, type: 'resume', room: 'room-1', token: 'token-1' };
    const statuses: string[] = [];
    socket.onStatus((s) => statuses.push(s));
    last().open();
    for (let attempt = 0; attempt < 3; attempt++) {
      last().onclose!();
      expect(socket.status).toBe('retrying');
      const count = FakeSocket.made.length;
      vi.advanceTimersByTime(BACKOFF_MS[attempt] - 1);
      expect(FakeSocket.made.length).toBe(count);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.made.length).toBe(count + 1);
    }
    last().open();
    expect(last().sent).toEqual([{ v: 1, type: 'resume', room: 'room-1', token: 'token-1' }]);
    // Each new connection dials the room's own address (a load balancer sends a room's players to one server process).
    expect(FakeSocket.made.map((f) => f.url)).toEqual([
      'ws://test/ws',
      ...Array(3).fill('ws://test/ws?room=room-1'),
    ]);
    last().onclose!();
    vi.advanceTimersByTime(BACKOFF_MS[0]);
    expect(FakeSocket.made).toHaveLength(5);
    expect(statuses).toEqual(['open', 'retrying', 'open', 'retrying']);
    socket.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(5);
  });

  it('dials again at once when its server process stops (close 1012), then after the growing pauses', () => {
    const socket = connect();
    socket.hello = { v: 1, type: 'resume', room: 'room-1', token: 'token-1' };
    last().open();
    last().onclose!({ code: CLOSE_RESTARTING });
    expect(socket.status).toBe('retrying');
    vi.advanceTimersByTime(0);
    expect(FakeSocket.made).toHaveLength(2);
    // That attempt failed too (the load balancer had not yet taken the process out): the pauses as after any drop.
    last().onclose!();
    vi.advanceTimersByTime(BACKOFF_MS[1] - 1);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    // Another close code (a network's) waits the first pause.
    last().open();
    last().onclose!({ code: 1006 });
    vi.advanceTimersByTime(BACKOFF_MS[0] - 1);
    expect(FakeSocket.made).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(4);
  });

  it('gives up a handshake that never answers (a network gone quiet) and dials again', () => {
    const socket = connect();
    last().open();
    last().onclose!();
    vi.advanceTimersByTime(BACKOFF_MS[0]);
    const hanging = last();
    vi.advanceTimersByTime(DEAD_MS - 1);
    expect(hanging.closed).toBe(false);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(hanging.closed).toBe(true);
    expect(socket.status).toBe('retrying');
    vi.advanceTimersByTime(BACKOFF_MS[1]);
    expect(FakeSocket.made).toHaveLength(3);
    last().open();
    expect(socket.status).toBe('open');
    // An opened line is no longer timed as a handshake.
    vi.advanceTimersByTime(DEAD_MS - 1);
    expect(last().closed).toBe(false);
    socket.close();
  });

  it("answers the server's heartbeats, shows itself offline when they stop, and dials again when they stay away (a line that died without closing)", () => {
    const socket = connect();
    socket.hello = { v: 1, type: 'resume', room: 'room-1', token: 'token-1' };
    last().open();
    const first = last();
    // It says at once that it answers heartbeats, then answers each.
    expect(first.heartbeats).toBe(1);
    first.receive({ type: 'heartbeat' });
    expect(first.heartbeats).toBe(2);
    vi.advanceTimersByTime(3000);
    first.receive({ type: 'heartbeat' });
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(socket.status).toBe('open');
    // Quiet too long: offline, and no move goes on that line.
    vi.advanceTimersByTime(500);
    expect(socket.status).toBe('offline');
    expect(socket.sendTable({ v: 1, type: 'sync' })).toBe(false);
    // Anything at all: it was alive after all.
    first.receive({ type: 'heartbeat' });
    expect(socket.status).toBe('open');
    // Silent for good: given up, and dialled again, saying who it is.
    vi.advanceTimersByTime(DEAD_MS + 500);
    expect(first.closed).toBe(true);
    expect(socket.status).toBe('retrying');
    vi.advanceTimersByTime(BACKOFF_MS[0]);
    expect(FakeSocket.made).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ v: 1, type: 'resume', room: 'room-1', token: 'token-1' }]);
    // The browser says it is online again: the line is asked at once.
    dispatchEvent(new Event('online'));
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'ping' });
    socket.close();
  });

  it("tells the server when the page goes to the background, freezes, runs again or unloads; the browser's offline drops the line and online dials at once", () => {
    // Its own sockets (pages of other tests still listen to the window too).
    const mine: FakeSocket[] = [];
    const socket = new RoomSocket('ws://test/ws', (url) => {
      mine.push(new FakeSocket(url));
      return mine.at(-1) as unknown as WebSocket;
    });
    const page = mine[0];
    page.open();
    document.dispatchEvent(new Event('freeze'));
    document.dispatchEvent(new Event('resume'));
    const hide = new Event('pagehide') as Event & { persisted?: boolean };
    hide.persisted = false;
    dispatchEvent(hide);
    expect(page.sent.filter((m) => m.type === 'presence').map((m) => m.state)).toEqual([
      'frozen',
      'active',
      'gone',
    ]);
    dispatchEvent(new Event('offline'));
    expect(page.closed).toBe(true);
    expect(['offline', 'retrying']).toContain(socket.status);
    dispatchEvent(new Event('online'));
    expect(mine).toHaveLength(2);
    socket.close();
  });
});

describe('OnlineRoom', () => {
  it('watches a room it has no seat in, joins it, keeps the token and resumes with it after a dropped line', () => {
    const online = OnlineRoom.open('room-1', connect());
    last().open();
    expect(last().sent).toEqual([{ v: 1, type: 'spectate', room: 'room-1' }]);
    last().receive({ type: 'room', room: ROOM });
    expect(online.state.room?.id).toBe('room-1');
    online.join('Ana');
    last().receive({
      type: 'joined',
      room: 'room-1',
      seat: 1,
      token: 'token-1',
      keys: { invite: 'inv-1', watch: 'w-1' },
    });
    expect(online.state.seat).toBe(1);
    expect(roomKeys('room-1')).toMatchObject({ token: 'token-1', invite: 'inv-1', watch: 'w-1' });
    last().onclose!();
    expect(online.state.connection).toBe('retrying');
    vi.advanceTimersByTime(BACKOFF_MS[0]);
    last().open();
    expect(last().sent).toEqual([{ v: 1, type: 'resume', room: 'room-1', token: 'token-1' }]);
    // A reload: a new page finds the token and resumes at once.
    const again = OnlineRoom.open('room-1', connect());
    last().open();
    expect(last().sent[0]).toEqual({ v: 1, type: 'resume', room: 'room-1', token: 'token-1' });
    expect(again.state.seat).toBe(1);
  });

  it('hands the table messages to its TableClient, and a refused action to the table', () => {
    const sakura = gameById('sakura')!;
    const created = sakura.newGame({ players: 2, seed: 'online' });
    if (!created.ok) throw new Error(created.error.message);
    const online = OnlineRoom.open('room-1', connect());
    last().open();
    const config = ANA_AND_BEN;
    last().receive({ type: 'welcome', seat: 0, config, history: [] });
    last().receive({ type: 'update', seq: 3, events: [], view: sakura.view(created.value.state, 0) });
    expect(online.state.seat).toBe(0);
    expect(online.client.state.board?.viewer).toBe(0);
    online.client.act({ seat: 0, play: 'pine-crane' } as never);
    expect(last().sent.at(-1)).toEqual({
      v: 1,
      type: 'act',
      seq: 3,
      action: { seat: 0, play: 'pine-crane' },
    });
    last().receive({ type: 'error', code: 'stale', message: 'that action answers an old view' });
    expect(online.client.state.error).toBe('that action answers an old view');
    expect(online.state.error).toBeNull();
  });

  it('holds a move made while offline and sends it once the line is back if the table is still there; says so when the table went on without it', () => {
    const { online, config, view } = anaSeated('online');
    last().open();
    last().receive({ type: 'welcome', seat: 0, config, history: [] });
    last().receive({ type: 'update', seq: 3, events: [], view });
    // The line drops; Ana taps a card meanwhile: it is held, and she is told.
    last().onclose!();
    online.client.act({ seat: 0, play: 'pine-crane' } as never);
    expect(online.state.move).toBe('held');
    // Back: the table is still at update 3, so the move goes, after the resume.
    vi.advanceTimersByTime(BACKOFF_MS[0]);
    last().open();
    last().receive({ type: 'welcome', seat: 0, config, history: [] });
    last().receive({ type: 'update', seq: 3, events: [], view });
    expect(last().sent.map((m) => m.type)).toEqual(['resume', 'sync', 'act']);
    expect(last().sent.at(-1)).toEqual({
      v: 1,
      type: 'act',
      seq: 3,
      action: { seat: 0, play: 'pine-crane' },
    });
    expect(online.state.move).toBeNull();
    last().receive({ type: 'update', seq: 4, events: [], view });
    expect(online.state.move).toBeNull();

    // Offline again on the next turn; this time the table went on (the turn timer played): the page says the move was not sent.
    last().onclose!();
    online.client.act({ seat: 0, play: 'pine-ribbon' } as never);
    vi.advanceTimersByTime(BACKOFF_MS[0]);
    last().open();
    last().receive({ type: 'welcome', seat: 0, config, history: [] });
    last().receive({ type: 'update', seq: 6, events: [], view });
    expect(last().sent.filter((m) => m.type === 'act')).toEqual([]);
    expect(online.state.move).toBe('lost');
  });

  it('shows a move sent on a line gone quiet as not sent yet, sends it again once back if the table still waits, and says plainly when the table went on without it', () => {
    const { online, config, view } = anaSeated('quiet');
    const history = [
      { type: 'round-start', round: 1, dealer: 1 },
      { type: 'play', seat: 1, card: 'plum-bush' },
    ];
    /** The line dies without closing (nothing comes back), then a new one opens and the server welcomes the seat at `seq`. */
    const quietThenBack = (seq: number, past: object[]) => {
      vi.advanceTimersByTime(DEAD_MS + 500);
      vi.advanceTimersByTime(BACKOFF_MS[0]);
      last().open();
      last().receive({ type: 'welcome', seat: 0, config, history: past });
      last().receive({ type: 'update', seq, events: [], view });
    };
    last().open();
    last().receive({ type: 'welcome', seat: 0, config, history });
    last().receive({ type: 'update', seq: 3, events: [], view });

    // Ana taps a card just as the line goes quiet: it is sent, nothing answers, and after a moment she is told it is not sent yet.
    online.client.act({ seat: 0, play: 'pine-crane' } as never);
    expect(last().sent.at(-1)).toMatchObject({ type: 'act', seq: 3 });
    expect(online.state.move).toBeNull();
    vi.advanceTimersByTime(UNANSWERED_MS);
    expect(online.state.move).toBe('held');
    // Back, and the table still waits for update 3: the move goes again, once.
    quietThenBack(3, history);
    expect(last().sent.filter((m) => m.type === 'act')).toEqual([
      { v: 1, type: 'act', seq: 3, action: { seat: 0, play: 'pine-crane' } },
    ]);
    expect(online.state.move).toBeNull();
    const played = [
      ...history,
      { type: 'play', seat: 0, card: 'pine-crane' },
      { type: 'play', seat: 1, card: 'plum-red' },
    ];
    last().receive({ type: 'update', seq: 5, events: played.slice(2), view });
    expect(online.state.move).toBeNull();

    // Next turn: sent, the line goes quiet, and it had landed: the table past it made no move for her seat, so nothing to say.
    online.client.act({ seat: 0, play: 'pine-ribbon' } as never);
    const landed = [
      ...played,
      { type: 'play', seat: 0, card: 'pine-ribbon' },
      { type: 'play', seat: 1, card: 'plum-bush' },
    ];
    quietThenBack(7, landed);
    expect(last().sent.filter((m) => m.type === 'act')).toEqual([]);
    expect(online.state.move).toBeNull();

    // Next turn: sent into the quiet line; meanwhile the stand-in played for her seat: the page says her move was not played.
    online.client.act({ seat: 0, play: 'cherry-curtain' } as never);
    vi.advanceTimersByTime(QUIET_MS);
    expect(online.state.move).toBe('held');
    const without = [
      ...landed,
      { type: 'played-for', seat: 0, reason: 'away' },
      { type: 'play', seat: 0, card: 'cherry-bright' },
    ];
    quietThenBack(8, without);
    expect(last().sent.filter((m) => m.type === 'act')).toEqual([]);
    expect(online.state.move).toBe('not-played');
    // A late copy of it refused as stale says nothing more.
    last().receive({ type: 'error', code: 'stale', message: 'that action answers an old view' });
    expect(online.client.state.error).toBeNull();
    online.close();
  });

  it.each(['lobby-expired', 'paired-no-show'] as const)(
    'tells a room that ended unstarted (%s) from a wrong link, also when it asks again',
    (code) => {
      const online = OnlineRoom.open('room-1', connect());
      last().open();
      last().receive({
        type: 'joined',
        room: 'room-1',
        seat: 0,
        token: 't',
        keys: { invite: 'inv-1', watch: 'w-1' },
      });
      last().receive({ type: 'error', code, message: 'this room ended' });
      expect(online.state.gone).toBe(code);
      expect(online.state.connection).toBe('closed');
      last().receive({ type: 'error', code: 'no-such-room', message: 'there is no open room' });
      expect(online.state.gone).toBe(code);
      online.close();
    },
  );

  it('watches when its token opens no seat, and stops when the room is gone', () => {
    const first = OnlineRoom.open('room-1', connect());
    last().open();
    last().receive({
      type: 'joined',
      room: 'room-1',
      seat: 0,
      token: 'old-token',
      keys: { invite: 'inv-1', watch: 'w-1' },
    });
    first.close();
    const online = OnlineRoom.open('room-1', connect());
    last().open();
    expect(last().sent[0]).toEqual({ v: 1, type: 'resume', room: 'room-1', token: 'old-token' });
    last().receive({ type: 'error', code: 'bad-token', message: 'that token opens no seat of this room' });
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'spectate', room: 'room-1', key: 'inv-1' });
    expect(online.state.seat).toBeNull();
    expect(roomKeys('room-1')?.token).toBeUndefined();
    last().receive({ type: 'error', code: 'no-such-room', message: 'there is no open room' });
    expect(online.state.gone).toBe('no-room');
    expect(online.state.connection).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('lets two windows of one browser be two people: another window takes the stored seat back only when nobody is in it', () => {
    saveRoomKeys('room-1', { token: 'ana-token', seat: 0, hostToken: 'host-1', hostSeat: 0 });
    const seats = (connected: boolean) => [
      { seat: 0, kind: 'human', name: 'Ana', connected },
      { seat: 1, kind: 'open', name: null, connected: false },
    ];
    // Another window while Ana plays: it watches, may join the open seat, and is not the host.
    const other = OnlineRoom.open('room-1', connect());
    last().open();
    expect(last().sent).toEqual([{ v: 1, type: 'spectate', room: 'room-1' }]);
    last().receive({ type: 'room', room: { ...ROOM, seats: seats(true) } });
    expect(other.state).toMatchObject({ seat: null, elsewhere: 0, isHost: false });
    other.claim();
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'resume', room: 'room-1', token: 'ana-token' });
    expect(other.state).toMatchObject({ seat: 0, elsewhere: null, isHost: true });
    other.close();
    // A window opened when nobody is in the seat (Ana closed hers and came back): it resumes by itself.
    sessionStorage.clear();
    const back = OnlineRoom.open('room-1', connect());
    last().open();
    last().receive({ type: 'room', room: { ...ROOM, seats: seats(false) } });
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'resume', room: 'room-1', token: 'ana-token' });
    expect(back.state).toMatchObject({ seat: 0, isHost: true });
  });

  it('reopening the invite link takes the seat back once the room shows it away, even if it first looked held (a closed tab not yet noticed)', () => {
    saveRoomKeys('room-1', { token: 'ben-token', seat: 1 });
    const seats = (kind: string, connected: boolean) => [
      { seat: 0, kind: 'human', name: 'Ana', connected: true },
      { seat: 1, kind, name: kind === 'bot' ? 'Ben (bot)' : 'Ben', connected },
    ];
    const playing = { ...ROOM, status: 'playing' };
    const page = OnlineRoom.open('room-1', connect());
    last().open();
    expect(last().sent).toEqual([{ v: 1, type: 'spectate', room: 'room-1' }]);
    last().receive({ type: 'room', room: { ...playing, seats: seats('human', true) } });
    expect(page.state).toMatchObject({ seat: null, elsewhere: 1 });
    expect(last().sent).toHaveLength(1);
    // The heartbeat finds the old tab dead: the seat shows away, and this page takes it.
    last().receive({ type: 'room', room: { ...playing, seats: seats('human', false) } });
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'resume', room: 'room-1', token: 'ben-token' });
    expect(page.state).toMatchObject({ seat: 1, elsewhere: null });
    // Only once: later states do not resume again.
    last().receive({ type: 'room', room: { ...playing, seats: seats('human', false) } });
    expect(last().sent.filter((m) => m.type === 'resume')).toHaveLength(1);
    page.close();

    // The host gave the seat to a bot meanwhile: a new page of this browser takes it back too.
    sessionStorage.clear();
    OnlineRoom.open('room-1', connect());
    last().open();
    last().receive({ type: 'room', room: { ...playing, seats: seats('bot', false) } });
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'resume', room: 'room-1', token: 'ben-token' });
  });

  it('creates a room, takes its first open seat, and starts it with the host token', async () => {
    const socket = connect();
    last().open();
    const setup = {
      game: 'sakura',
      players: 2,
      seats: [{ kind: 'open' as const }, { kind: 'open' as const }],
      turnSeconds: 30,
    };
    const creating = createRoom(setup, 'Ana', socket);
    // The page draws the room's id (the server creates the room under it).
    expect(last().sent).toEqual([
      { v: 1, type: 'create-room', setup, room: expect.stringMatching(ROOM_ID_PATTERN) },
    ]);
    const keys = { invite: 'inv-2', watch: 'w-2' };
    last().receive({
      type: 'room-created',
      room: 'room-2',
      invite: '/?room=room-2&key=inv-2',
      watch: '/?room=room-2&watch=w-2',
      keys,
      hostToken: 'host-2',
    });
    await vi.waitFor(() =>
      expect(last().sent.at(-1)).toEqual({ v: 1, type: 'join', room: 'room-2', name: 'Ana', key: 'inv-2' }),
    );
    last().receive({ type: 'joined', room: 'room-2', seat: 0, token: 'seat-2', keys });
    const result = await creating;
    if (!result.ok) throw new Error(result.message);
    expect(result.room.state).toMatchObject({ seat: 0, isHost: true });
    expect(roomKeys('room-2')).toMatchObject({ hostToken: 'host-2', token: 'seat-2', seat: 0, ...keys });
    result.room.start('hard');
    expect(last().sent.at(-1)).toEqual({
      v: 1,
      type: 'start',
      room: 'room-2',
      hostToken: 'host-2',
      level: 'hard',
    });
    result.room.replaceWithBot(1, 'easy');
    expect(last().sent.at(-1)).toEqual({
      v: 1,
      type: 'replace-with-bot',
      room: 'room-2',
      hostToken: 'host-2',
      seat: 1,
      level: 'easy',
    });
  });

  it('says why a room could not be created', async () => {
    const socket = connect();
    last().open();
    const creating = createRoom(
      { game: 'nope', players: 2, seats: [{ kind: 'open' }, { kind: 'open' }] },
      'Ana',
      socket,
    );
    last().receive({ type: 'error', code: 'unknown-game', message: 'unknown game "nope"' });
    expect(await creating).toEqual({ ok: false, message: 'unknown game "nope"' });
  });
});

describe('RoomPage', () => {
  const mount = (online: OnlineRoom, playingAs?: string) => {
    const root = document.createElement('div');
    document.body.append(root);
    const noop = () => undefined;
    void act(() =>
      render(
        h(RoomPage, {
          online,
          t: stringsFor('en'),
          name: 'Ana',
          playingAs,
          onName: noop,
          onAgain: noop,
          onHome: noop,
          onReplay: noop,
        }),
        root,
      ),
    );
    return root;
  };
  const button = (root: HTMLElement, text: string) =>
    [...root.querySelectorAll('button')].find((b) => b.textContent?.includes(text));

  it("shows the lobby: the invite link, the seats filling, and the host's start", async () => {
    const socket = connect();
    last().open();
    const creating = createRoom(
      {
        game: 'sakura',
        players: 3,
        seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'easy' }],
      },
      'Ana',
      socket,
    );
    const keys = { invite: 'inv-3', watch: 'w-3' };
    last().receive({
      type: 'room-created',
      room: 'room-3',
      invite: '/?room=room-3&key=inv-3',
      watch: '/?room=room-3&watch=w-3',
      keys,
      hostToken: 'host-3',
    });
    await vi.waitFor(() => expect(last().sent.at(-1)?.type).toBe('join'));
    last().receive({ type: 'joined', room: 'room-3', seat: 0, token: 'seat-3', keys });
    const result = await creating;
    if (!result.ok) throw new Error(result.message);
    const root = mount(result.room);
    const seats = [
      { seat: 0, kind: 'human', name: 'Ana', connected: true },
      { seat: 1, kind: 'open', name: null, connected: false },
      { seat: 2, kind: 'bot', name: 'Kaze', level: 'easy', connected: false },
    ];
    void act(() =>
      last().receive({ type: 'room', room: { ...ROOM, id: 'room-3', players: 3, spectators: 1, seats } }),
    );
    expect((root.querySelector('#invite-link') as HTMLInputElement).value).toMatch(
      /\?room=room-3&key=inv-3$/,
    );
    expect((root.querySelector('#watch-link') as HTMLInputElement).value).toMatch(/\?room=room-3&watch=w-3$/);
    expect([...root.querySelectorAll('.seat-row')].map((r) => r.textContent)).toEqual([
      expect.stringContaining('Ana'),
      expect.stringContaining('Open'),
      expect.stringContaining('Kaze'),
    ]);
    expect(root.querySelector('.join-form')).toBeNull();
    void act(() => button(root, 'Start now')!.click());
    expect(last().sent.at(-1)).toEqual({
      v: 1,
      type: 'start',
      room: 'room-3',
      hostToken: 'host-3',
      level: 'normal',
    });
    void act(() => button(root, 'Give the seat to a bot')!.click());
    expect(last().sent.at(-1)).toEqual({
      v: 1,
      type: 'replace-with-bot',
      room: 'room-3',
      hostToken: 'host-3',
      seat: 1,
      level: 'normal',
    });
    // In play, Bob drops: the host may give his seat to a bot from the bar above the table.
    const playing = [seats[0], { seat: 1, kind: 'human', name: 'Bob', connected: false }, seats[2]];
    void act(() =>
      last().receive({
        type: 'room',
        room: {
          ...ROOM,
          id: 'room-3',
          players: 3,
          status: 'playing',
          seats: playing,
          fairness: { gameSeedHash: 'ab', rounds: [{ round: 0, hash: 'cd' }] },
        },
      }),
    );
    expect(root.querySelector('.room-bar')?.textContent).toContain('Bob is away');
    expect(root.querySelector('.fairness')?.textContent).toContain('secret until the round ends');
    void act(() => button(root, 'Give the seat to a bot')!.click());
    expect(last().sent.at(-1)).toMatchObject({ type: 'replace-with-bot', seat: 1 });
    render(null, root);
  });

  it('offers a guest a seat under a name, and says when a room is gone', () => {
    // The guest opened the invite link: its key is kept with the room's keys.
    saveRoomKeys('room-4', { invite: 'inv-4' });
    const online = OnlineRoom.open('room-4', connect());
    last().open();
    expect(last().sent).toEqual([{ v: 1, type: 'spectate', room: 'room-4', key: 'inv-4' }]);
    const root = mount(online);
    expect(root.textContent).toContain('Connecting');
    void act(() =>
      last().receive({
        type: 'room',
        room: {
          ...ROOM,
          id: 'room-4',
          seats: [
            { seat: 0, kind: 'human', name: 'Ana', connected: true },
            { seat: 1, kind: 'open', name: null, connected: false },
          ],
        },
      }),
    );
    expect(button(root, 'Start now')).toBeUndefined();
    const form = root.querySelector('.join-form') as HTMLFormElement;
    expect((form.querySelector('input[name=name]') as HTMLInputElement).value).toBe('Ana');
    void act(() => void form.dispatchEvent(new Event('submit', { cancelable: true })));
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'join', room: 'room-4', name: 'Ana', key: 'inv-4' });
    void act(() => last().receive({ type: 'error', code: 'no-such-room', message: 'gone' }));
    expect(root.textContent).toContain('There is no such room');
    expect(root.querySelector('h1')?.textContent).toBe('Room not found');
    expect(root.querySelector('.room-id')?.textContent).toBe('room-4');
    render(null, root);
  });

  it('with an identity, shows the name the server seats rather than asking one, and joins under it', () => {
    saveRoomKeys('room-6', { invite: 'inv-6' });
    const online = OnlineRoom.open('room-6', connect());
    last().open();
    const root = mount(online, 'Guest 4821');
    void act(() =>
      last().receive({
        type: 'room',
        room: {
          ...ROOM,
          id: 'room-6',
          seats: [
            { seat: 0, kind: 'human', name: 'Ana', connected: true },
            { seat: 1, kind: 'open', name: null, connected: false },
          ],
        },
      }),
    );
    const form = root.querySelector('.join-form') as HTMLFormElement;
    expect(form.querySelector('input[name=name]')).toBeNull();
    expect(form.querySelector('.playing-as')?.textContent).toBe('Guest 4821');
    void act(() => void form.dispatchEvent(new Event('submit', { cancelable: true })));
    expect(last().sent.at(-1)).toEqual({
      v: 1,
      type: 'join',
      room: 'room-6',
      name: 'Guest 4821',
      key: 'inv-6',
    });
    render(null, root);
  });

  it('watches by the watch link, offers no seat and shows no invite link', () => {
    saveRoomKeys('room-5', { watch: 'w-5' });
    const online = OnlineRoom.open('room-5', connect());
    last().open();
    expect(last().sent).toEqual([{ v: 1, type: 'spectate', room: 'room-5', key: 'w-5' }]);
    const root = mount(online);
    void act(() =>
      last().receive({
        type: 'room',
        room: {
          ...ROOM,
          id: 'room-5',
          seats: [
            { seat: 0, kind: 'human', name: 'Ana', connected: true },
            { seat: 1, kind: 'open', name: null, connected: false },
          ],
        },
      }),
    );
    expect(root.querySelector('.join-form')).toBeNull();
    expect(root.querySelector('#invite-link')).toBeNull();
    expect(root.textContent).toContain('You are watching by the watch link');
    render(null, root);
  });
});
