import { errorMessage } from '@hanafuda/protocol';

/**
 * A move that reached its room as the room moved to another process (a hand-over, a stop), or
 * that answers the view from before it moved: refused, never played after the turn is shown
 * again, so that it is made again from the fresh view that follows.
 */
export const MOVED_ON = errorMessage(
  'stale',
  'the room moved to another server process before this move reached it, so it was not played: make it again from the view that follows',
);
