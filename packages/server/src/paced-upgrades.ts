/**
 * WebSocket handshakes a few at a time. A burst of thousands of sockets opening at once (a
 * thousand games of four starting together) otherwise completes every handshake in the poll
 * turn that read them, a quarter of a second and more during which no game's action is
 * handled. Here a turn only reads each request and queues it; the handshakes are completed
 * a slice per turn of the event loop, so the actions of games already playing go between.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';

/** Handshakes completed per turn of the event loop (each some 0.1 ms of work, mostly its writes). */
export const HANDSHAKES_PER_TURN = 32;

interface Waiting {
  readonly req: IncomingMessage;
  readonly socket: Duplex;
  readonly head: Buffer;
}

/** Hands `http`'s upgrade requests to `wss` (made with `noServer`) in slices; returns a stop that drops those still waiting. */
export function pacedUpgrades(http: Server, wss: WebSocketServer, perTurn = HANDSHAKES_PER_TURN): () => void {
  let waiting: Waiting[] = [];
  let due: NodeJS.Immediate | null = null;
  // A socket reset while it waits must not be an uncaught error; it is skipped when its turn comes.
  const dropOnError = function (this: Duplex) {
    this.destroy();
  };
  const drain = () => {
    due = null;
    const slice = waiting.slice(0, perTurn);
    waiting = waiting.slice(perTurn);
    for (const { req, socket, head } of slice) {
      socket.off('error', dropOnError);
      if (socket.destroyed) continue;
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    }
    if (waiting.length > 0) due = setImmediate(drain);
  };
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', dropOnError);
    waiting.push({ req, socket, head });
    due ??= setImmediate(drain);
  };
  http.on('upgrade', onUpgrade);
  return () => {
    http.off('upgrade', onUpgrade);
    if (due) clearImmediate(due);
    for (const { socket } of waiting) socket.destroy();
    waiting = [];
  };
}
