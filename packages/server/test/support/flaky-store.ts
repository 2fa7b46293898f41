/** A real store whose writes can be made to fail on demand (a full disk, a database that went away), and then recover. */
import type { Action } from '@hanafuda/engine';
import type { RoomStatus } from '@hanafuda/protocol';
import type { Store } from '../../src/index.js';

/** One write: which method, the action for `appendAction`, the status for `updateRoom`. */
export interface Write {
  readonly op:
    | 'createRoom'
    | 'updateRoom'
    | 'appendAction'
    | 'finishGame'
    | 'abandonRoom'
    | 'setTurnClock'
    | 'setRematch';
  readonly action?: Action;
  readonly status?: RoomStatus;
}

export interface FlakyStore {
  readonly store: Store;
  /** Which writes fail now: none, all, or those this says yes to. */
  fail: 'none' | 'all' | ((write: Write) => boolean);
  /** How many writes have failed so far. */
  readonly failures: number;
}

export function flaky(real: Store): FlakyStore {
  const state = { fail: 'none' as FlakyStore['fail'], failures: 0 };
  const check = (write: Write) => {
    const fails = state.fail === 'all' || (typeof state.fail === 'function' && state.fail(write));
    if (!fails) return;
    state.failures++;
    throw new Error('SQLITE_FULL: database or disk is full');
  };
  const store: Store = {
    kind: real.kind,
    sql: real.sql,
    createRoom: async (room) => (check({ op: 'createRoom' }), real.createRoom(room)),
    updateRoom: async (id, seats, status) => (
      check({ op: 'updateRoom', status }),
      real.updateRoom(id, seats, status)
    ),
    appendAction: async (gameId, seq, action) => (
      check({ op: 'appendAction', action }),
      real.appendAction(gameId, seq, action)
    ),
    abandonRoom: async (id) => (check({ op: 'abandonRoom' }), real.abandonRoom(id)),
    setRematch: async (id, seats) => (check({ op: 'setRematch' }), real.setRematch(id, seats)),
    setTurnClock: async (id, clock) => (check({ op: 'setTurnClock' }), real.setTurnClock(id, clock)),
    turnClock: (id) => real.turnClock(id),
    finishGame: async (game) => (check({ op: 'finishGame' }), real.finishGame(game)),
    actions: (gameId) => real.actions(gameId),
    liveRooms: () => real.liveRooms(),
    room: (id) => real.room(id),
    finishedGame: (gameId) => real.finishedGame(gameId),
    history: (name, limit) => real.history(name, limit),
    close: () => real.close(),
  };
  return {
    store,
    get fail() {
      return state.fail;
    },
    set fail(value) {
      state.fail = value;
    },
    get failures() {
      return state.failures;
    },
  };
}
