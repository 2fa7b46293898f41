/**
 * What a connection is told of a room no server process holds. Joining or watching names a
 * room by its link, whose key may be what is missing: a private room without it is answered
 * as one that does not exist. Coming back into a seat, or asking a room one sat in for a
 * rematch, names a room the player was in: no key opens it, it has closed (or the id is wrong).
 */
import { type ErrorMessage, errorMessage } from '@hanafuda/protocol';
import { KEEP_FINISHED_MS } from './rooms.js';

export function noSuchRoom(type: string, room: string): ErrorMessage {
  if (type === 'join' || type === 'spectate')
    return errorMessage(
      'no-such-room',
      `there is no open room "${room}" that this link opens: ask its host for the invite link (a private room needs its key)`,
    );
  const minutes = KEEP_FINISHED_MS / 60_000;
  return errorMessage(
    'no-such-room',
    `room "${room}" is not open: it has closed (a finished game's room stays open ${minutes} minutes after its end, for a rematch; a room nobody is in closes after a while), or its id is wrong; start a new game`,
  );
}
