/**
 * Writes to one socket made in the same tick leave together: the socket is corked at the
 * first and uncorked once the tick's code has run, so a player sent `joined`, `welcome`,
 * `update` and `room` at once costs one system call instead of four. On a busy server the
 * sends (each a loopback or network write) are most of the work of a burst of games opening.
 */
import type { Socket } from 'node:net';

export function tickCorked(socket: Socket): () => void {
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  return () => {
    if (corked) return;
    corked = true;
    socket.cork();
    process.nextTick(uncork);
  };
}
