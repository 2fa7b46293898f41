// @vitest-environment happy-dom
/** The lobby's client against a scripted socket: watching, seeking, the wait, the pairing and its join, a dropped line, refusals. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LobbyClient, type Paired, type SeekAgain } from '../src/state/lobby.js';
import { joinPaired, roomKeys } from '../src/state/online-room.js';
import { RoomSocket } from '../src/transport/socket-transport.js';
import { connect, FakeSocket, last } from './support/fake-socket.js';

const POOL = {
  id: 'koikoi-6',
  game: 'koikoi',
  players: 2,
  options: { rounds: 6 },
  turnSeconds: 60,
  waiting: 1,
};
const SEEK = {
  id: 's-9',
  by: 'Hana',
  game: 'sakura',
  players: 4,
  teams: [
    [0, 2],
    [1, 3],
  ],
  turnSeconds: 30,
  places: 2,
  since: 1,
  botsAfter: 45,
};
const LOBBY = { type: 'lobby', pools: [POOL], seeks: [SEEK], players: 3 };

beforeEach(() => {
  FakeSocket.made = [];
  localStorage.clear();
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A lobby client whose socket is open and has been told the lobby. */
function watching(): { lobby: LobbyClient; socket: FakeSocket } {
  const lobby = new LobbyClient(connect());
  const socket = last();
  socket.open();
  socket.receive(LOBBY);
  return { lobby, socket };
}

describe('LobbyClient', () => {
  it('watches the lobby on every new connection, and keeps what it was told', () => {
    const { lobby, socket } = watching();
    expect(socket.sent).toEqual([{ v: 1, type: 'lobby' }]);
    expect(lobby.state.view?.pools.map((p) => [p.id, p.waiting])).toEqual([['koikoi-6', 1]]);
    socket.close();
    vi.advanceTimersByTime(1000);
    last().open();
    expect(last()).not.toBe(socket);
    expect(last().sent).toEqual([{ v: 1, type: 'lobby' }]);
  });

  it('seeks in a pool with the bots delay, and shows the wait once the server confirms it', () => {
    const { lobby, socket } = watching();
    lobby.seekPool('koikoi-6', 30);
    expect(socket.sent.at(-1)).toEqual({ v: 1, type: 'seek', pool: 'koikoi-6', botsAfter: 30 });
    expect(lobby.state.seeking).toBeNull();
    vi.setSystemTime(50_000);
    socket.receive({ type: 'seeking', seek: 'p-1', pool: 'koikoi-6', since: 49_000, botsAfter: 30 });
    expect(lobby.state.seeking).toMatchObject({
      seek: 'p-1',
      startedAt: 50_000,
      botsAfter: 30,
      what: { pool: 'koikoi-6', game: 'koikoi', players: 2 },
    });
  });

  it('seeks without bots when none are wanted, and takes a place in a listed custom seek', () => {
    const { lobby, socket } = watching();
    lobby.seekPool('koikoi-6');
    expect(socket.sent.at(-1)).toEqual({ v: 1, type: 'seek', pool: 'koikoi-6' });
    socket.receive({
      type: 'error',
      code: 'already-seeking',
      message: 'one seek at a time: cancel the open one first',
    });
    expect(lobby.state.error?.code).toBe('already-seeking');
    lobby.accept('s-9');
    expect(socket.sent.at(-1)).toEqual({ v: 1, type: 'accept-seek', seek: 's-9' });
    expect(lobby.state.error).toBeNull();
    socket.receive({ type: 'seeking', seek: 's-9', since: 1 });
    expect(lobby.state.seeking?.what).toMatchObject({ by: 'Hana', game: 'sakura', players: 4 });
    expect(lobby.state.seeking?.botsAfter).toBe(45);
  });

  it('cancels, and says why a seek ended', () => {
    const { lobby, socket } = watching();
    lobby.seekPool('koikoi-6');
    socket.receive({ type: 'seeking', seek: 'p-1', pool: 'koikoi-6', since: 1 });
    lobby.cancel();
    expect(socket.sent.at(-1)).toEqual({ v: 1, type: 'cancel-seek' });
    socket.receive({ type: 'seek-ended', seek: 'p-1', reason: 'cancelled' });
    expect(lobby.state.seeking).toBeNull();
    expect(lobby.state.ended).toBe('cancelled');
  });

  it('a dropped line ends the wait (the server forgot the seek with the socket)', () => {
    const { lobby, socket } = watching();
    lobby.seekPool('koikoi-6');
    socket.receive({ type: 'seeking', seek: 'p-1', pool: 'koikoi-6', since: 1 });
    socket.close();
    expect(lobby.state.seeking).toBeNull();
    expect(lobby.state.ended).toBe('line-lost');
  });

  it('hands the pairing to the page, and the room is joined as an invite link joins it', () => {
    const { lobby, socket } = watching();
    const paired: Paired[] = [];
    lobby.onPaired((p) => paired.push(p));
    lobby.seekPool('koikoi-6');
    socket.receive({ type: 'seeking', seek: 'p-1', pool: 'koikoi-6', since: 1 });
    socket.receive({ type: 'paired', seek: 'p-1', room: 'ROOM123456', key: 'k'.repeat(22), seat: 1 });
    expect(lobby.state.seeking).toBeNull();
    expect(paired).toEqual([
      { v: 1, type: 'paired', seek: 'p-1', room: 'ROOM123456', key: 'k'.repeat(22), seat: 1 },
    ]);

    const room = joinPaired(
      paired[0],
      'Guest 12',
      new RoomSocket('ws://test/ws?room=ROOM123456', (url) => new FakeSocket(url) as unknown as WebSocket),
    );
    expect(roomKeys('ROOM123456')?.invite).toBe('k'.repeat(22));
    expect(room.state.keys.invite).toBe('k'.repeat(22));
    const roomSocket = last();
    expect(roomSocket.url).toBe('ws://test/ws?room=ROOM123456');
    roomSocket.open();
    // First who it is (watching, with the key), then the reserved seat.
    expect(roomSocket.sent).toEqual([
      { v: 1, type: 'spectate', room: 'ROOM123456', key: 'k'.repeat(22) },
      { v: 1, type: 'join', room: 'ROOM123456', name: 'Guest 12', seat: 1, key: 'k'.repeat(22) },
    ]);
    roomSocket.receive({
      type: 'joined',
      room: 'ROOM123456',
      seat: 1,
      token: 't'.repeat(22),
      keys: { invite: 'k'.repeat(22), watch: 'w'.repeat(22) },
    });
    expect(room.state.seat).toBe(1);
    expect(roomKeys('ROOM123456')).toMatchObject({ token: 't'.repeat(22), seat: 1 });
  });

  it('hands on a seek of its own with the pairing, which a new lobby asks again as it was', () => {
    const { lobby, socket } = watching();
    const again: (SeekAgain | null)[] = [];
    lobby.onPaired((_p, a) => again.push(a));
    lobby.seekPool('koikoi-6');
    socket.receive({ type: 'seeking', seek: 'p-1', pool: 'koikoi-6', since: 1 });
    socket.receive({ type: 'paired', seek: 'p-1', room: 'ROOM123456', key: 'k'.repeat(22), seat: 1 });
    // Someone else's seek is not this page's to ask again.
    lobby.accept('s-9');
    socket.receive({ type: 'seeking', seek: 's-9', since: 1 });
    socket.receive({ type: 'paired', seek: 's-9', room: 'ROOM654321', key: 'k'.repeat(22), seat: 2 });
    expect(again).toEqual([
      { message: { v: 1, type: 'seek', pool: 'koikoi-6' }, what: { ...POOL, pool: 'koikoi-6' } },
      null,
    ]);

    const next = watching();
    next.lobby.seekAgain(again[0]!);
    expect(next.socket.sent.at(-1)).toEqual({ v: 1, type: 'seek', pool: 'koikoi-6' });
    next.socket.receive({ type: 'seeking', seek: 'p-2', pool: 'koikoi-6', since: 2 });
    expect(next.lobby.state.seeking).toMatchObject({
      seek: 'p-2',
      what: { pool: 'koikoi-6', game: 'koikoi' },
    });
    expect(next.lobby.state.seeking).not.toHaveProperty('botsAfter');
  });

  it('blocks and unblocks an account, keeping the list the server answers', () => {
    const { lobby, socket } = watching();
    lobby.block('acc-7');
    expect(socket.sent.at(-1)).toEqual({ v: 1, type: 'block', account: 'acc-7' });
    socket.receive({ type: 'blocked', accounts: ['acc-7'] });
    expect(lobby.state.blocked).toEqual(['acc-7']);
    lobby.unblock('acc-7');
    expect(socket.sent.at(-1)).toEqual({ v: 1, type: 'unblock', account: 'acc-7' });
  });

  it('leaving the lobby closes its socket, and with it any seek', () => {
    const { lobby, socket } = watching();
    lobby.close();
    expect(socket.closed).toBe(true);
  });
});
