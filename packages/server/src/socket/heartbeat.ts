/**
 * Presence that tells the truth. Every interval the server sends each socket a WebSocket
 * ping (browsers answer it by themselves); a socket that has not answered the previous one
 * is dead (a closed laptop, a lost network) and is terminated, so its seat shows away
 * within two intervals.
 *
 * A browser answers those pings even for a page whose script is frozen (a locked phone, a
 * background tab), so a page that answers the server's `heartbeat` messages (its script
 * does, on each one) is sent one every `pageIntervalMs`, and terminated once it has answered
 * none for `pageSilenceMs`: a page that stopped running shows away within that. A message
 * event is not throttled in a background tab the way its timers are, so a page that merely
 * sits behind another keeps answering. Older clients send a `ping` of their own instead:
 * one that has sent one and falls silent for `silentMs` is terminated too. Clients that do
 * neither are held to the WebSocket pings alone.
 */
import type { RawData, WebSocket, WebSocketServer } from 'ws';

/** Long enough not to trouble a slow phone line, short enough that an away player shows within half a minute. */
export const DEFAULT_HEARTBEAT_MS = 10_000;
/** Several of an older page's 20 s pings: a background tab whose timers the browser slows to one a minute is not cut off. */
export const DEFAULT_PAGE_SILENCE_MS = 150_000;
/** A page that answers heartbeats is sent one this often… */
export const DEFAULT_PAGE_HEARTBEAT_MS = 3_000;
/** …and is away once it has answered none for this long (three missed, with room for a slow phone line): within 15 s of freezing. */
export const DEFAULT_PAGE_HEARTBEAT_SILENCE_MS = 10_000;

export interface HeartbeatOptions {
  readonly intervalMs: number;
  readonly silentMs: number;
  readonly pageIntervalMs?: number;
  readonly pageSilenceMs?: number;
}

const HEARTBEAT = JSON.stringify({ v: 1, type: 'heartbeat' });

/** The type of a tiny message (`ping`, `heartbeat`, `presence`); larger ones are not parsed here. */
const smallType = (data: RawData, isBinary: boolean): unknown => {
  if (isBinary || !Buffer.isBuffer(data) || data.length > 64) return undefined;
  try {
    return (JSON.parse(data.toString()) as { type?: unknown }).type;
  } catch {
    return undefined;
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
export function startHeartbeat(wss: WebSocketServer, options: HeartbeatOptions): () => void {
  const { intervalMs, silentMs } = options;
  const pageIntervalMs = options.pageIntervalMs ?? DEFAULT_PAGE_HEARTBEAT_MS;
  const pageSilenceMs = options.pageSilenceMs ?? DEFAULT_PAGE_HEARTBEAT_SILENCE_MS;
  const answered = new WeakMap<WebSocket, boolean>();
  const pingedAt = new WeakMap<WebSocket, number>();
  /** Pages that answer heartbeats, and when they last did. */
  const pages = new Map<WebSocket, number>();
  const slices = Array.from(
    { length: Math.max(1, Math.min(MAX_SLICES, Math.floor(intervalMs / MIN_SLICE_MS))) },
    () => new Set<WebSocket>(),
  );
  let joining = 0;
  wss.on('connection', (socket) => {
    answered.set(socket, true);
    // Sockets join the slices in turn, so each slice holds about as many.
    const slice = slices[joining++ % slices.length];
    slice.add(socket);
    socket.on('close', () => {
      slice.delete(socket);
      pages.delete(socket);
    });
    socket.on('pong', () => answered.set(socket, true));
    socket.on('message', (data, isBinary) => {
      const type = smallType(data, isBinary);
      if (type === 'ping') pingedAt.set(socket, Date.now());
      else if (type === 'heartbeat' || type === 'presence') pages.set(socket, Date.now());
    });
  });
  const pageTimer = setInterval(() => {
    const now = Date.now();
    for (const [socket, last] of pages) {
      if (now - last > pageSilenceMs) {
        pages.delete(socket);
        socket.terminate();
      } else if (socket.readyState === socket.OPEN) socket.send(HEARTBEAT);
    }
  }, pageIntervalMs);
  pageTimer.unref();
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
  return () => {
    clearInterval(timer);
    clearInterval(pageTimer);
  };
}
