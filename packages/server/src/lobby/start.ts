/**
 * The lobby of a server: with one process, the seeks in memory and this process the pairing
 * authority; with several on one PostgreSQL, the seeks in the database and one authority among
 * them (pg-book.ts).
 */
import type { Rooms } from '../rooms.js';
import type { Store } from '../store/store.js';
import type { Log } from '../log.js';
import { MemoryBook } from './book.js';
import { Lobby } from './lobby.js';
import { Pairer } from './pairer.js';
import { LobbyRecords } from './records.js';

/** How often the authority pairs even when nothing was said: bots after `botsAfter`, seeks of dead processes. */
export const PAIR_EVERY_MS = 1000;

export interface RunningLobby {
  readonly lobby: Lobby;
  close(): Promise<void>;
}

export function startLocalLobby(rooms: Rooms, store: Store, log: Log): RunningLobby {
  let pairer: Pairer | null = null;
  const records = new LobbyRecords(store);
  const lobby = new Lobby(
    records,
    async (id) => (await store.room(id)) !== null,
    log,
    () => void pairer?.kick(),
  );
  const book = (lobby.book = new MemoryBook('local', lobby));
  pairer = new Pairer(book, rooms, records, log, () => 0);
  const tick = setInterval(() => void pairer.kick(), PAIR_EVERY_MS).unref();
  return {
    lobby,
    async close() {
      clearInterval(tick);
      lobby.close();
      await book.close();
    },
  };
}
