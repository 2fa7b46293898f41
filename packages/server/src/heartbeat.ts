/**
 * Presence that tells the truth. Every interval the server sends each socket a WebSocket
 * ping (browsers answer it by themselves); a socket that has not answered the previous one
 * is dead (a closed laptop, a lost network) and is terminated, so its seat shows away, and
 * the turn timer can act, within two intervals.
 *
 * A browser answers those pings even for a tab whose script is frozen (a phone's page in the
 * background, a frozen tab), so the web client also sends a `ping` message of its own every
 * 20 s: a socket that has sent one and then falls silent for `silentMs` has a page that no
 * longer runs, and is terminated too. Clients that never send `ping` are not held to it.
 */
import type { RawData, WebSocket, WebSocketServer } from 'ws';

/** Long enough not to trouble a slow phone line, short enough that an away player shows within half a minute. */
export const DEFAULT_HEARTBEAT_MS = 10_000;
/** Several of the page's 20 s pings: a background tab whose timers the browser slows to one a minute is not cut off. */
export const DEFAULT_PAGE_SILENCE_MS = 150_000;

export interface HeartbeatOptions {
  readonly intervalMs: number;
  readonly silentMs: number;
}

/** A `ping` message is tiny: larger ones are not parsed here. */
const isPingMessage = (data: RawData, isBinary: boolean): boolean => {
  if (isBinary || !Buffer.isBuffer(data) || data.length > 64) return false;
  try {
    return (JSON.parse(data.toString()) as { type?: unknown }).type === 'ping';
  } catch {
    return false;
  }
};

/** The shortest pause between two slices of a heartbeat. */
const MIN_SLICE_MS = 50;
/** At most this many slices per interval (one every 100 ms at the default interval). */
const MAX_SLICES = 100;

/**
 * Starts pinging every socket of `wss`; returns the function that stops it. The sockets are
 * pinged in slices spread over the interval, each socket once per interval: pinging thousands
 * at once (and reading their thousands of pongs) held every room's actions back by 100–200 ms
 * every interval (`npm run bench:server -- ladder`, 4,000 sockets).
 */
export function startHeartbeat(wss: WebSocketServer, { intervalMs, silentMs }: HeartbeatOptions): () => void {
  const answered = new WeakMap<WebSocket, boolean>();
  const pingedAt = new WeakMap<WebSocket, number>();
  const slices = Array.from({ length: Math.max(1, Math.min(MAX_SLICES, Math.floor(intervalMs / MIN_SLICE_MS))) }, () => new Set<WebSocket>());
  let joining = 0;
  wss.on('connection', (socket) => {
    answered.set(socket, true);
    // Sockets join the slices in turn, so each slice holds about as many.
    const slice = slices[joining++ % slices.length];
    slice.add(socket);
    socket.on('close', () => slice.delete(socket));
    socket.on('pong', () => answered.set(socket, true));
    socket.on('message', (data, isBinary) => {
      if (isPingMessage(data, isBinary)) pingedAt.set(socket, Date.now());
    });
  });
  let next = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    for (const socket of slices[next++ % slices.length]) {
      const lastPing = pingedAt.get(socket);
      if (!answered.get(socket) || (lastPing !== undefined && now - lastPing > silentMs)) {
        socket.terminate();
        continue;
      }
      answered.set(socket, false);
      socket.ping();
    }
  }, intervalMs / slices.length);
  timer.unref();
  return () => clearInterval(timer);
}
