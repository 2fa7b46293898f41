/** A test client over a real WebSocket: keeps every message it receives, and waits for the one it needs. */
import WebSocket from 'ws';

export type Message = { type: string; [field: string]: unknown };

export class TestClient {
  readonly messages: Message[] = [];
  readonly texts: string[] = [];
  /** Messages that came as binary frames: a browser's page would get a Blob, not the JSON text it parses. */
  binaryFrames = 0;
  private waiters: {
    test: (m: Message) => boolean;
    resolve: (m: Message) => void;
    reject: (e: Error) => void;
    from: number;
  }[] = [];
  private closedWith: Error | null = null;
  private readonly listeners: ((m: Message) => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) this.binaryFrames++;
      const text = data.toString();
      const message = JSON.parse(text) as Message;
      this.texts.push(text);
      this.messages.push(message);
      for (const listener of this.listeners) listener(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    socket.on('close', () => {
      this.closedWith = new Error('the connection closed');
      for (const w of this.waiters) w.reject(this.closedWith);
      this.waiters = [];
    });
  }

  /**
   * `autoPong: false` makes a client that never answers the server's pings (a frozen tab);
   * `headers` and `localAddress` (any 127.x.y.z) make it look like another client.
   */
  static connect(
    url: string,
    options: Pick<WebSocket.ClientOptions, 'autoPong' | 'headers' | 'localAddress' | 'ca'> = {},
  ): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options);
      const client = new TestClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** Calls `listener` with every message from now on. */
  onMessage(listener: (m: Message) => void): void {
    this.listeners.push(listener);
  }

  send(message: unknown): void {
    this.socket.send(
      typeof message === 'string' ? message : JSON.stringify({ v: 1, ...(message as object) }),
    );
  }

  /** The first message received (since index `from`) that passes `test`, or the next one to. */
  next(test: (m: Message) => boolean, timeoutMs = 10_000, from = 0): Promise<Message> {
    const seen = this.messages.slice(from).find(test);
    if (seen) return Promise.resolve(seen);
    if (this.closedWith) return Promise.reject(this.closedWith);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no matching message in ${timeoutMs} ms; last: ${this.texts.slice(-3).join('\n')}`),
          ),
        timeoutMs,
      );
      this.waiters.push({
        test,
        from,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  /** Sends and waits for the first message of `type` that answers it. */
  async request(message: unknown, type: string | string[]): Promise<Message> {
    const types = Array.isArray(type) ? type : [type];
    const answer = this.next((m) => types.includes(m.type), 10_000, this.messages.length);
    this.send(message);
    return answer;
  }

  lastUpdate(): Message | undefined {
    return this.messages.findLast((m) => m.type === 'update');
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
