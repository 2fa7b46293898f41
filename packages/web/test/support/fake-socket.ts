/** Stands in for the browser's WebSocket in the unit tests of the page's connection, its rooms and its lobby. */
import { RoomSocket } from '../../src/transport/socket-transport.js';

export type Sent = { type: string; [field: string]: unknown };

/** Stands in for the browser's WebSocket: the test opens, feeds and drops it. Heartbeats it sends are counted apart. */
export class FakeSocket {
  static made: FakeSocket[] = [];
  readonly sent: Sent[] = [];
  heartbeats = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event?: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    const message = JSON.parse(text) as Sent;
    if (message.type === 'heartbeat') this.heartbeats++;
    else this.sent.push(message);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
  open() {
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify({ v: 1, ...message }) });
  }
}

export const last = () => FakeSocket.made[FakeSocket.made.length - 1];
export const connect = () =>
  new RoomSocket('ws://test/ws', (url) => new FakeSocket(url) as unknown as WebSocket);
