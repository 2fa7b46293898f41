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
import { TurnPacer } from './turn-pacer.js';

/** Handshakes completed per turn of the event loop (each some 0.1 ms of work, mostly its writes). */
export const HANDSHAKES_PER_TURN = 32;

/** Hands `http`'s upgrade requests to `wss` (made with `noServer`) in slices; returns a stop that drops those still waiting. */
export function pacedUpgrades(http: Server, wss: WebSocketServer, perTurn = HANDSHAKES_PER_TURN): () => void {
  const pacer = new TurnPacer(perTurn);
  const waiting = new Set<Duplex>();
  // A socket reset while it waits must not be an uncaught error; it is skipped when its turn comes.
  const dropOnError = function (this: Duplex) {
    this.destroy();
  };
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', dropOnError);
    waiting.add(socket);
    pacer.start(() => {
      waiting.delete(socket);
      socket.off('error', dropOnError);
      if (!socket.destroyed) wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    });
  };
  http.on('upgrade', onUpgrade);
  return () => {
    http.off('upgrade', onUpgrade);
    pacer.stop();
    for (const socket of waiting) socket.destroy();
    waiting.clear();
  };
}
