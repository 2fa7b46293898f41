/** One socket of the load suite: JSON messages in and out; a reset, refusal or early close is an outcome, never a crash. */
import WebSocket from 'ws';

export type Message = { type: string; [field: string]: unknown };

export class Peer {
  private readonly listeners = new Set<(m: Message) => void>();
  /** Settles with why the socket closed (an error's code, or "closed"). */
  readonly closed: Promise<string>;

  private constructor(
    private readonly socket: WebSocket,
    only?: readonly string[],
  ) {
    socket.on('message', (data: Buffer) => {
      this.received++;
      // The server writes `type` second: a message of no type wanted is counted, never parsed.
      if (only && !only.includes(/"type":"([^"]*)"/.exec(data.subarray(0, 48).toString())?.[1] ?? '')) return;
      let message: Message;
      try {
        message = JSON.parse(data.toString()) as Message;
      } catch {
        return;
      }
      for (const listener of this.listeners) listener(message);
    });
    this.closed = new Promise((resolve) => {
      let reason = 'closed';
      socket.on('error', (e: NodeJS.ErrnoException) => (reason = e.code ?? e.message));
      socket.on('close', (code: number) => {
        this.closeCode = code;
        resolve(reason);
      });
    });
  }

  /** Messages received, parsed or not. */
  received = 0;
  /** The WebSocket close code, once closed (1006: no close frame came). */
  closeCode: number | null = null;

  /**
   * Opens a socket; rejects with the reason (ECONNRESET, ECONNREFUSED, ...) if it cannot.
   * `only`: the types of message its listeners are given (the others are only counted): a
   * crowd of disturbing sockets then costs the generator, on the server's machine, little.
   */
  static open(url: string, only?: readonly string[]): Promise<Peer> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const fail = (e: NodeJS.ErrnoException) => reject(new Error(e.code ?? e.message));
      socket.once('error', fail);
      socket.once('open', () => {
        socket.off('error', fail);
        resolve(new Peer(socket, only));
      });
    });
  }

  send(message: object): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ v: 1, ...message }));
  }

  /** Bytes sent but not yet taken by the network (the server reading slowly). */
  get buffered(): number {
    return this.socket.bufferedAmount;
  }

  on(listener: (m: Message) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The next message of one of these types. */
  next(types: readonly string[]): Promise<Message> {
    return new Promise((resolve, reject) => {
      const off = this.on((m) => {
        if (!types.includes(m.type)) return;
        off();
        resolve(m);
      });
      void this.closed.then((reason) => {
        off();
        reject(new Error(reason));
      });
    });
  }

  close(): void {
    this.socket.terminate();
  }
}
