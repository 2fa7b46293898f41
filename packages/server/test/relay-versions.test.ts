/**
 * A rolling upgrade runs processes of two versions side by side. A room is handed to the
 * process its players reach only if that process plays the room's rules version: one of other
 * rules would refuse to rebuild it and keep its lease, so the room's players would be told
 * `rules-changed` about a game another process can play, until that process stopped. (Two
 * rules versions cannot be started from one build, so the processes are the relay's peers on
 * the bus, as plain messages.)
 */
import { RULES_VERSION } from '@hanafuda/engine';
import { describe, expect, it, vi } from 'vitest';
import type { Bus, BusMessage } from '../src/cluster/bus.js';
import type { RoomLeases } from '../src/cluster/leases.js';
import { Relay } from '../src/cluster/relay.js';
import { silentLog } from '../src/ops/log.js';
import { Placement } from '../src/rooms/placement.js';
import type { RoomOptions } from '../src/rooms/room.js';
import type { Rooms } from '../src/rooms/rooms.js';
import type { Peer } from '../src/socket/session.js';

const noSession = () => {
  throw new Error('no relayed session in this test');
};

describe('rooms handed over between processes of different versions', () => {
  it('are handed only to a process that says it plays their rules version', () => {
    const handOff = vi.fn(async () => null);
    const relay = new Relay('owner', { handOff } as unknown as Placement, {} as Rooms, noSession, silentLog);
    // An older server's `want` names no rules version; another build's names its own.
    relay.receive({ k: 'want', node: 'older', room: 'R1' });
    relay.receive({ k: 'want', node: 'other-rules', room: 'R2', rules: RULES_VERSION + 1 });
    relay.receive({ k: 'want', node: 'same-rules', room: 'R3', rules: RULES_VERSION });
    expect(handOff.mock.calls).toEqual([['R3', 'same-rules']]);
  });

  it("asks a room's owner for it with this process's rules version", async () => {
    const sent: [string, BusMessage][] = [];
    const leases = { whereabouts: async () => ({ live: true, owner: 'owner' }) } as unknown as RoomLeases;
    const relay = new Relay(
      'routed-here',
      new Placement({} as Rooms, {} as RoomOptions, leases),
      {} as Rooms,
      noSession,
      silentLog,
    );
    relay.attach({
      send: async (node: string, m: BusMessage) => (sent.push([node, m]), true),
    } as unknown as Bus);
    const peer: Peer = {
      send: () => undefined,
      close: () => undefined,
      reenter: () => undefined,
      identity: null,
    };
    const line = await relay.open('R1', '', peer, true);
    expect(line).toMatchObject({ room: 'R1' });
    expect(sent).toEqual([['owner', { k: 'want', node: 'routed-here', room: 'R1', rules: RULES_VERSION }]]);
  });
});
