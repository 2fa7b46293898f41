/**
 * One room's view of the store under its owner's lease: every write carries the lease's fence,
 * and a write refused because the lease moved on (another process took the room over) calls
 * `onFencedOut` at once, so the stale copy is dropped rather than retried.
 */
import { type Fence, FencedOut, type Store } from './store.js';

export function fenced(store: Store, fence: Fence, onFencedOut: (e: FencedOut) => void): Store {
  const guard = async (write: Promise<void>): Promise<void> => {
    try {
      await write;
    } catch (e) {
      if (e instanceof FencedOut) onFencedOut(e);
      throw e;
    }
  };
  return {
    ...store,
    createRoom: (room) => guard(store.createRoom(room, fence)),
    updateRoom: (id, seats, status) => guard(store.updateRoom(id, seats, status, fence)),
    appendAction: (gameId, seq, action) => guard(store.appendAction(gameId, seq, action, fence)),
    abandonRoom: (id) => guard(store.abandonRoom(id, fence)),
    setRematch: (id, seats) => guard(store.setRematch(id, seats, fence)),
    finishGame: (game) => guard(store.finishGame(game, fence)),
  };
}
