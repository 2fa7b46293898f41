/**
 * The lobby of a server: with one process, the seeks in memory and this process the pairing
 * authority; with several on one PostgreSQL, the seeks in the database and one authority among
 * them (authority.ts, pg-book.ts).
 */
import type { Rooms } from '../rooms/rooms.js';
import type { Store } from '../store/store.js';
import type { Log } from '../ops/log.js';
import { MemoryBook, type SeekBook } from './book.js';
import { Lobby } from './lobby.js';
import { Pairer } from './pairer.js';
import { LobbyRecords } from './records.js';
import { PgBook } from './pg-book.js';
import { PairingAuthority } from './authority.js';

/** How often the authority pairs even when nothing was said: bots after `botsAfter`, seeks of dead processes. */
export const PAIR_EVERY_MS = 1000;

export interface RunningLobby {
  readonly lobby: Lobby;
  close(): Promise<void>;
}

/** What differs between one process and several: the book, who is the authority, what the authority does each second. */
interface Setting {
  readonly book: SeekBook;
  readonly epoch: () => number | null;
  /** The authority's chore before its pairing run each second. */
  readonly chore?: () => Promise<void>;
  /** Stops what the setting started besides its book. */
  readonly stop?: () => Promise<void>;
}

/** A lobby and its pairer over the book `settle` makes (with a pairer to kick, and its lobby's events). */
async function startLobby(
  rooms: Rooms,
  store: Store,
  log: Log,
  /** Whether this process's seeks are paired here (one process) or by the authority, wherever it is (it hears of them). */
  kickHere: boolean,
  settle: (lobby: Lobby, kick: () => void) => Promise<Setting>,
): Promise<RunningLobby> {
  const records = new LobbyRecords(store);
  let pairer: Pairer | null = null;
  const kick = () => void pairer?.kick();
  const lobby = new Lobby(
    records,
    async (id) => (await store.room(id)) !== null,
    log,
    kickHere ? kick : () => undefined,
  );
  const setting = await settle(lobby, kick);
  lobby.book = setting.book;
  pairer = new Pairer(setting.book, rooms, records, log, setting.epoch);
  const each = async () => {
    if (setting.epoch() === null) return;
    await setting
      .chore?.()
      .catch((e: Error) =>
        log.warn({ err: e }, 'lobby: the authority chore failed; the next run tries again'),
      );
    kick();
  };
  const tick = setInterval(() => void each(), PAIR_EVERY_MS).unref();
  return {
    lobby,
    async close() {
      clearInterval(tick);
      lobby.close();
      await setting.stop?.();
      await setting.book.close();
    },
  };
}

export function startLocalLobby(rooms: Rooms, store: Store, log: Log): Promise<RunningLobby> {
  return startLobby(rooms, store, log, true, async (lobby) => ({
    book: new MemoryBook('local', lobby),
    epoch: () => 0,
  }));
}

/** Several processes on one PostgreSQL: `node` is this process as the room leases know it (alive while it holds its lock). */
export function startClusterLobby(
  rooms: Rooms,
  store: Store,
  log: Log,
  databaseUrl: string,
  node: string,
): Promise<RunningLobby> {
  return startLobby(rooms, store, log, false, async (lobby, kick) => {
    let authority: PairingAuthority | null = null;
    // A seek opened anywhere: the authority pairs now.
    const book = await PgBook.open(
      databaseUrl,
      node,
      lobby,
      () => lobby.ownSeeks(),
      (news) => news.k === 'opened' && authority?.epoch() != null && kick(),
      log,
    );
    try {
      authority = await PairingAuthority.start(databaseUrl, node, kick, log);
    } catch (e) {
      await book.close();
      throw e;
    }
    const a = authority;
    log.info(
      { authority: a.epoch() !== null },
      'lobby: seeks kept in PostgreSQL, paired by one authority among the processes',
    );
    return { book, epoch: () => a.epoch(), chore: () => book.dropDead(), stop: () => a.close() };
  });
}
