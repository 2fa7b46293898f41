/**
 * A network that goes quiet without closing anything, for the online browser tests: a TCP
 * proxy in front of the game server. `silence()` stops forwarding both ways while every
 * socket stays open (as when a phone's network drops its packets: no FIN, no RST), holding
 * what each side writes; `resume()` delivers it late and forwards again (the network came
 * back); `cut()` closes every connection (the network gave up on them) and forwards again.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

interface Pair {
  readonly client: Socket;
  readonly upstream: Socket;
  /** Bytes held while silent, each way. */
  readonly toServer: Buffer[];
  readonly toClient: Buffer[];
}

export class SilentProxy {
  private readonly pairs = new Set<Pair>();
  private silent = false;
  /** Bytes the proxy held back while silent (both ways), since it started. */
  held = 0;
  /** Bytes it passed on (both ways), since it started: while silent, this stands still. */
  forwarded = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  /** Starts a proxy on a free loopback port in front of `target` (the game server's address, as `http://host:port/`). */
  static start(target: string): Promise<SilentProxy> {
    const { hostname, port } = new URL(target);
    let proxy: SilentProxy;
    const server = createServer((client) => {
      const upstream = createConnection({ host: hostname, port: Number(port) });
      const pair: Pair = { client, upstream, toServer: [], toClient: [] };
      proxy.pairs.add(pair);
      const forward = (chunk: Buffer, to: Socket, held: Buffer[]) => {
        if (proxy.silent) {
          held.push(chunk);
          proxy.held += chunk.length;
        } else {
          proxy.forwarded += chunk.length;
          to.write(chunk);
        }
      };
      client.on('data', (chunk: Buffer) => forward(chunk, upstream, pair.toServer));
      upstream.on('data', (chunk: Buffer) => forward(chunk, client, pair.toClient));
      const end = () => {
        proxy.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      // A side that closes while the network is silent is not heard of by the other until the network comes back.
      for (const socket of [client, upstream]) {
        socket.on('error', () => undefined);
        socket.on('close', () => (proxy.silent ? undefined : end()));
      }
    });
    return new Promise((resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        proxy = new SilentProxy(server, typeof address === 'object' && address ? address.port : 0);
        resolve(proxy);
      });
    });
  }

  /** The same address as `base`, through the proxy. */
  url(base: string): string {
    const url = new URL(base);
    url.port = String(this.port);
    return url.toString();
  }

  /** Connections open through the proxy, both ends still open. */
  get open(): number {
    return [...this.pairs].filter((p) => !p.client.destroyed && !p.upstream.destroyed).length;
  }

  /** Nothing more goes through either way; every socket stays open. */
  silence(): void {
    this.silent = true;
  }

  /** What was held goes now, late, and everything is forwarded again. */
  resume(): void {
    this.silent = false;
    for (const pair of [...this.pairs]) {
      if (pair.client.destroyed || pair.upstream.destroyed) {
        this.pairs.delete(pair);
        pair.client.destroy();
        pair.upstream.destroy();
        continue;
      }
      for (const chunk of pair.toServer.splice(0)) pair.upstream.write(chunk);
      for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
    }
  }

  /** Every connection is closed (what was held is lost); new ones are forwarded. */
  cut(): void {
    this.silent = false;
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    this.pairs.clear();
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
