/**
 * Writes to one socket made close together leave together: the socket is corked at the
 * first and uncorked once the tick's code has run (`tickCorked`), or a moment later
 * (`corkedFor`), so a player sent `joined`, `welcome`, `update` and `room` at once costs one
 * system call instead of four. On a busy server the sends (each a loopback or network
 * write) are most of the work of a burst of games opening, and of a crowd of spectators.
 */
import type { Socket } from 'node:net';

function corker(socket: Socket, later: (uncork: () => void) => void): () => void {
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  return () => {
    if (corked) return;
    corked = true;
    socket.cork();
    later(uncork);
  };
}

/** Corks the socket until the end of this tick. */
export const tickCorked = (socket: Socket): (() => void) =>
  corker(socket, (uncork) => process.nextTick(uncork));

/**
 * Corks the socket so that it is written at most once every `ms`: the first write after a
 * quiet spell leaves at the end of its tick, what follows within `ms` of that waits and
 * leaves together (several updates of a game in one write). For spectators, to whom a moment
 * late costs nothing. Corks nest, so a socket also corked per tick leaves when the later of
 * the two ends; one that ends meanwhile is not held (`end()` flushes).
 */
export function corkedAtMostEvery(socket: Socket, ms: number): () => void {
  let last = Number.NEGATIVE_INFINITY;
  return corker(socket, (uncork) => {
    const flush = () => {
      last = performance.now();
      uncork();
    };
    const wait = last + ms - performance.now();
    if (wait <= 0) process.nextTick(flush);
    else setTimeout(flush, wait).unref();
  });
}
