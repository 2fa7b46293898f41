/**
 * Presence that tells the truth. Every interval the server sends each socket a WebSocket
 * ping (browsers answer it by themselves); a socket that has not answered the previous one
 * is dead (a closed laptop, a lost network, a frozen tab that no longer reads) and is
 * terminated, so its seat shows away, and the turn timer can act, within two intervals.
 */
import type { WebSocket, WebSocketServer } from 'ws';

/** Long enough not to trouble a slow phone line, short enough that an away player shows within half a minute. */
export const DEFAULT_HEARTBEAT_MS = 10_000;

/** Starts pinging every socket of `wss`; returns the function that stops it. */
export function startHeartbeat(wss: WebSocketServer, intervalMs: number): () => void {
  const answered = new WeakMap<WebSocket, boolean>();
  wss.on('connection', (socket) => {
    answered.set(socket, true);
    socket.on('pong', () => answered.set(socket, true));
  });
  const timer = setInterval(() => {
    for (const socket of wss.clients) {
      if (!answered.get(socket)) {
        socket.terminate();
        continue;
      }
      answered.set(socket, false);
      socket.ping();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
