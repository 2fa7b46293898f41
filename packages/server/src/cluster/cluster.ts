/**
 * Several server processes on one PostgreSQL: the room leases (who owns which room), the
 * relay over Redis (any process accepts any socket; through PostgreSQL while Redis is away), and the takeover of rooms whose owner
 * died or stopped. Without Redis the leases still keep every room to one owner, but a room
 * another process holds cannot be reached from this one (it is refused, and said why).
 */
import { randomBytes } from 'node:crypto';
import type { Placement } from '../rooms/placement.js';
import type { Rooms } from '../rooms/rooms.js';
import { Bus } from './bus.js';
import { RoomLeases } from './leases.js';
import { type NewSession, Relay } from './relay.js';
import type { Log } from '../ops/log.js';

export interface ClusterOptions {
  readonly databaseUrl: string;
  /** redis://…: lets sockets on any process reach any room. */
  readonly redisUrl?: string;
  /** How often each process looks for rooms nobody owns (their owner died) to take over. */
  readonly takeoverMs?: number;
}

export const DEFAULT_TAKEOVER_MS = 1000;

export interface Cluster {
  readonly nodeId: string;
  /** The room leases, for the rooms of this process from the start. */
  readonly leases: RoomLeases;
  /** Starts relaying and taking rooms over (once the rooms this process starts with are in); answers where other processes' rooms are. */
  start(placement: Placement, newSession: NewSession): Promise<Relay>;
  /** A graceful stop: gives every room up (after the rooms stopped) and tells the others to take them over now. */
  close(): Promise<void>;
}

export async function openCluster(options: ClusterOptions, log: Log): Promise<Cluster> {
  const nodeId = randomBytes(6).toString('hex');
  let held: Rooms | null = null;
  const leases = await RoomLeases.open(
    options.databaseUrl,
    nodeId,
    (lost) => {
      log.warn(
        { rooms: lost },
        'cluster: rooms were taken over by other processes while the ownership connection was down',
      );
      held?.forget(lost);
    },
    () => held?.ids() ?? [],
    log,
  );
  let relay: Relay | null = null;
  let bus: Bus | null = null;
  let sweep: NodeJS.Timeout | undefined;
  let closed = false;
  const everyMs = options.takeoverMs ?? DEFAULT_TAKEOVER_MS;
  return {
    nodeId,
    leases,
    async start(placement: Placement, newSession: NewSession) {
      held = placement.rooms;
      const r = (relay = new Relay(nodeId, placement, placement.rooms, newSession, log));
      let adopted: string[] = [];
      placement.onAdopted = (room) => {
        if (adopted.push(room.id) === 1) setImmediate(() => (r.announce(adopted), (adopted = [])));
      };
      const takeover = async (again: boolean) => {
        try {
          const n = await placement.adoptOrphans();
          if (n > 0) log.info({ rooms: n }, 'cluster: took over rooms whose process was gone');
        } catch (e) {
          if (!closed) log.warn({ err: e }, 'cluster: looking for rooms to take over failed');
        }
        if (again && !closed) sweep = setTimeout(() => void takeover(true), everyMs).unref();
      };
      if (options.redisUrl) {
        bus = await Bus.open(
          options.redisUrl,
          options.databaseUrl,
          nodeId,
          (m) => {
            r.receive(m);
            // A process that stopped gave its rooms up: one of the others takes each now.
            if (m.k === 'left') void takeover(false);
          },
          log,
        );
        r.attach(bus);
      } else {
        log.warn(
          'cluster: PostgreSQL without REDIS_URL: each room has one owner, but a room another process owns cannot be reached from this one; set REDIS_URL to run several processes',
        );
      }
      sweep = setTimeout(() => void takeover(true), everyMs).unref();
      return r;
    },
    async close() {
      closed = true;
      clearTimeout(sweep);
      relay?.close();
      // Every room is given up (they are still: no write is under way), then the others are told to take them now.
      const released = await leases
        .releaseAll()
        .catch((e: Error) => (log.warn({ err: e }, 'cluster: giving the rooms up failed'), 0));
      if (released > 0) log.info({ rooms: released }, 'cluster: gave rooms up to the other processes');
      await leases.close();
      await bus?.broadcast({ k: 'left', node: nodeId }).catch(() => undefined);
      await bus?.close();
    },
  };
}
