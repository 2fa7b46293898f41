/**
 * A message relayed to a room's owner waits there for its turn (resumes and joins are paced
 * behind the games in play). If the room leaves the owner meanwhile (handed on to the process
 * the load balancer sends its players to, or the owner stops), the message goes back to the
 * process it came from, which finds the room where it is now: the player is never told
 * `no-such-room` about a room that is still being played. (The race is one of timing among
 * three processes; here the owner's pacing is held open so that it happens every time.)
 *
 * A line sent back by an owner that keeps the room after all (a hand-off that did not happen:
 * the game ended on the way) enters it there again, and that owner rebuilds the finished
 * game's room for it rather than sending it back once more.
 */
import { PROTOCOL_VERSION } from '@hanafuda/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { Bus, BusMessage } from '../src/cluster/bus.js';
import type { RoomLeases, Whereabouts } from '../src/cluster/leases.js';
import { Relay } from '../src/cluster/relay.js';
import { silentLog } from '../src/ops/log.js';
import { Placement } from '../src/rooms/placement.js';
import type { Room, RoomOptions } from '../src/rooms/room.js';
import type { Rooms } from '../src/rooms/rooms.js';
import { DEFAULT_LIMITS, type Pace, type Peer, Session } from '../src/socket/session.js';

const ROOM = 'ZvE6kIOHD9';
const RESUME = JSON.stringify({ v: PROTOCOL_VERSION, type: 'resume', room: ROOM, token: 'seat-token' });
const welcome = { v: PROTOCOL_VERSION, type: 'welcome' };
/** A room held here that greets every seat resumed in it. */
const welcomingRoom = (): Room =>
  ({
    access: () => 'play',
    resume: async (client: { send: (m: unknown) => void }) => (client.send(welcome), { ok: true }),
    leave: () => undefined,
  }) as unknown as Room;

describe('a relayed message whose room leaves while it waits its turn', () => {
  it('goes back to the process it came from, not answered no-such-room', async () => {
    // The owner holds the room until the moment it is handed on.
    let held = true;
    const rooms = {
      get: () => (held ? ({} as Room) : undefined),
      isRefused: () => false,
      refusal: () => undefined,
    } as unknown as Rooms;
    // Nor is it taken here again: it is with the process it was handed to.
    const placement = { takeHere: async () => false } as unknown as Placement;
    // The owner's pacing, held open until the test lets the waiting message through.
    let letThrough!: () => void;
    const turn = new Promise<void>((resolve) => (letThrough = resolve));
    let waiting!: () => void;
    const isWaiting = new Promise<void>((resolve) => (waiting = resolve));
    const pace: Pace = async (task) => {
      waiting();
      await turn;
      return task();
    };
    const sent: [string, BusMessage][] = [];
    const relay = new Relay(
      'owner',
      placement,
      rooms,
      (send, close, relayed) => new Session(rooms, send, close, DEFAULT_LIMITS, undefined, relayed, pace),
      silentLog,
    );
    relay.attach({
      send: async (node: string, m: BusMessage) => (sent.push([node, m]), true),
    } as unknown as Bus);

    relay.receive({ k: 'in', from: 'routed-here', conn: 7, text: RESUME });
    await isWaiting;
    held = false;
    letThrough();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([['routed-here', { k: 'gone', conn: 7, text: RESUME }]]);

    // Every later message of that line goes back too, in order, to follow it.
    const act = JSON.stringify({ v: PROTOCOL_VERSION, type: 'act', seq: 3, action: { type: 'pass' } });
    relay.receive({ k: 'in', from: 'routed-here', conn: 7, text: act });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual(['routed-here', { k: 'gone', conn: 7, text: act }]);
  });
});

describe('a line sent back by an owner that keeps its room after all', () => {
  it('enters the room there again after a while, though the room did not change hands', async () => {
    const rooms = { get: () => undefined, isRefused: () => false } as unknown as Rooms;
    const leases = {
      whereabouts: async (): Promise<Whereabouts> => ({ live: false, keptBy: 'owner' }),
    } as unknown as RoomLeases;
    const relay = new Relay(
      'routed-here',
      new Placement(rooms, {} as RoomOptions, leases),
      rooms,
      () => ({}) as Session,
      silentLog,
    );
    relay.attach({ send: async () => true } as unknown as Bus);
    const reentered = vi.fn();
    const peer: Peer = { send: () => undefined, close: () => undefined, identity: null, reenter: reentered };
    const line = await relay.open(ROOM, RESUME, peer);
    if (line === null || typeof line === 'string') throw new Error(`no line: ${line}`);
    line.forward(RESUME);
    relay.receive({ k: 'gone', conn: 1, text: RESUME });
    await vi.waitFor(() => expect(reentered).toHaveBeenCalledWith([RESUME]), { timeout: 5000 });
    relay.close();
  });

  it("has a finished game's room kept there rebuilt for it, not sent back again", async () => {
    let rebuilt: Room | undefined;
    const room = welcomingRoom();
    const rooms = { get: () => rebuilt, isRefused: () => false } as unknown as Rooms;
    // Its live game is not taken over (it is over); its finished game's room is rebuilt here.
    const placement = { takeHere: async () => ((rebuilt = room), true) } as unknown as Placement;
    const sent: [string, BusMessage][] = [];
    const relay = new Relay(
      'owner',
      placement,
      rooms,
      (send, close, relayed) => new Session(rooms, send, close, DEFAULT_LIMITS, undefined, relayed),
      silentLog,
    );
    relay.attach({
      send: async (node: string, m: BusMessage) => (sent.push([node, m]), true),
    } as unknown as Bus);
    relay.receive({ k: 'in', from: 'routed-here', conn: 7, text: RESUME });
    await vi.waitFor(() => expect(sent).toEqual([['routed-here', { k: 'out', conn: 7, message: welcome }]]));
  });
});

describe('a line whose session its owner dropped while the bus was away', () => {
  it('is told so once its process can be reached again, to enter its room anew', async () => {
    const room = welcomingRoom();
    const rooms = { get: () => room, isRefused: () => false } as unknown as Rooms;
    // The bus is away: nothing reaches the line's process.
    let up = false;
    const tried: BusMessage[] = [];
    const sent: [string, BusMessage][] = [];
    const relay = new Relay(
      'owner',
      {} as Placement,
      rooms,
      (send, close, relayed) => new Session(rooms, send, close, DEFAULT_LIMITS, undefined, relayed),
      silentLog,
    );
    relay.attach({
      send: async (node: string, m: BusMessage) => (tried.push(m), up && sent.push([node, m]), up),
    } as unknown as Bus);
    relay.receive({ k: 'in', from: 'line-process', conn: 7, text: RESUME });
    // Its welcome was not delivered: the line's process seemed gone, and the line's session here was dropped.
    await vi.waitFor(() => expect(tried).toContainEqual({ k: 'out', conn: 7, message: welcome }));
    // The bus is back; the line sends nothing (it waits for the game to move on).
    up = true;
    await vi.waitFor(
      () =>
        expect(sent.filter(([, m]) => m.k === 'lost')).toContainEqual([
          'line-process',
          expect.objectContaining({ k: 'lost', conn: 7 }),
        ]),
      {
        timeout: 5000,
      },
    );
    relay.close();
  });
});
