/**
 * One simulated person of the lobby benchmark: a guest of the server (`POST /api/guest`), a
 * WebSocket with its cookie, one seek of a pool. It keeps what it was told: each `seeking`, each
 * `paired` and when. Its socket closed before it was paired (its process was killed), it
 * connects again through the load balancer and seeks again, as a page would.
 */
import { type PoolId, PROTOCOL_VERSION } from '@hanafuda/protocol';
import { WebSocket } from 'ws';

/** Waits between tries while the load balancer has not yet seen that a process died. */
const RETRY_MS = 100;

export interface Pairing {
  readonly seek: string;
  readonly room: string;
  readonly at: number;
}

export class LobbyPlayer {
  account = '';
  /** When it first sought (ms epoch), and the seeks it opened. */
  soughtAt = 0;
  readonly seeks: string[] = [];
  readonly pairings: Pairing[] = [];
  /** Times its socket closed before it was paired, and it came back. */
  reconnects = 0;
  /** The first error a server sent it (a refusal). */
  error: string | null = null;
  private cookie = '';
  private socket: WebSocket | null = null;
  private stopped = false;
  readonly paired: Promise<void>;
  private resolvePaired!: () => void;

  constructor(
    private readonly url: string,
    private readonly wsUrl: string,
    readonly pool: PoolId,
  ) {
    this.paired = new Promise((resolve) => (this.resolvePaired = resolve));
  }

  /** Becomes a guest, connects and seeks. */
  async enter(): Promise<void> {
    for (;;) {
      const res = await fetch(`${this.url}/api/guest`, { method: 'POST' }).catch(() => null);
      if (res?.ok) {
        this.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
        this.account = ((await res.json()) as { account: { id: string } }).account.id;
        break;
      }
      if (this.stopped) return;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    this.soughtAt = Date.now();
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.socket?.terminate();
  }

  private connect(): void {
    if (this.stopped) return;
    const socket = (this.socket = new WebSocket(this.wsUrl, { headers: { cookie: this.cookie } }));
    let opened = false;
    socket.on('open', () => {
      opened = true;
      socket.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'seek', pool: this.pool }));
    });
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as {
        type: string;
        seek?: string;
        room?: string;
        message?: string;
      };
      if (m.type === 'seeking') this.seeks.push(m.seek!);
      else if (m.type === 'paired') {
        this.pairings.push({ seek: m.seek!, room: m.room!, at: Date.now() });
        this.resolvePaired();
        // Done with the lobby (a page would join the room now); kept open, it would be told of a second pairing.
      } else if (m.type === 'error') this.error ??= `${m.type}: ${m.message}`;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.stopped || this.pairings.length > 0) return;
      // Its process died under it (or refused it before it opened, the balancer not knowing yet): seek again.
      if (opened) this.reconnects++;
      setTimeout(() => this.connect(), RETRY_MS);
    });
  }
}
