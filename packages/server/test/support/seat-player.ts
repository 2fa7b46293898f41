/**
 * A person at a seat over one server process or another: plays a legal move whenever it is
 * to move (again after a fresh view: a room that moved to another process shows the latest
 * update anew, and there the person may choose another card), can come back through another
 * process with its token, and keeps every action the server acknowledged (an update past it
 * arrived) to check against the record, and every move it gave up for another.
 */
import { type Message, TestClient } from './client.js';
import { bySeq } from './play.js';

export class SeatPlayer {
  client!: TestClient;
  /** Actions sent, by the update they answered (the last one, if that update was shown again). */
  private readonly sent = new Map<number, unknown>();
  /** Actions given up, by the update they answered: sent, then that update was shown again in a fresh view and another chosen. */
  readonly givenUp = new Map<number, unknown[]>();
  /** The newest update number seen. */
  newest = -1;
  /** Errors other than a stale action (which only says "look again"). */
  readonly errors: Message[] = [];
  /** How many times the table greeted this seat (once, plus once per move of its room to another process). */
  welcomes = 0;
  /** Every distinct record received (a room that finished twice would show two). */
  readonly records = new Set<string>();
  token = '';
  seat = -1;
  private lastActed = '';
  private reconnect: (() => Promise<void>) | null = null;
  private over = false;
  /** How many times the connection dropped and came back. */
  reconnects = 0;
  private held = false;
  private ended!: (record: Message) => void;
  readonly record = new Promise<Message>((resolve) => (this.ended = resolve));

  private constructor(readonly name: string) {}

  static async join(url: string, room: string, key: string, name: string): Promise<SeatPlayer> {
    const player = new SeatPlayer(name);
    await player.attach(url);
    const joined = await player.client.request({ type: 'join', room, key, name }, ['joined', 'error']);
    if (joined.type !== 'joined') throw new Error(`join: ${JSON.stringify(joined)}`);
    return player;
  }

  /** Comes back into the seat through another process (its old connection is gone). */
  async resumeAt(url: string, room: string): Promise<void> {
    await this.attach(url);
    this.client.send({ type: 'resume', room, token: this.token });
    this.watchClose();
  }

  private watchClose(): void {
    const client = this.client;
    if (this.reconnect)
      client.socket.once('close', () => void (this.client === client && !this.over && this.reconnect?.()));
  }

  /**
   * Comes back by itself whenever its connection drops (as the web app does): through `url`
   * (a load balancer) again after a short pause, with its token, until the game is over.
   */
  stayConnected(url: string, room: string): void {
    this.reconnect = async () => {
      for (let attempt = 0; ; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 1000)));
        try {
          await this.resumeAt(url, room);
          this.reconnects++;
          return;
        } catch {
          // Refused while the load balancer has not yet seen a process go: dial again.
        }
      }
    };
    this.watchClose();
  }

  /** Stops moving (the game waits for this seat) until `release`. */
  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
    const last = this.client.lastUpdate();
    if (last) this.consider(last);
  }

  /** Actions the server acknowledged: those answering an update older than the newest one seen. */
  acknowledged(): [number, unknown][] {
    return [...this.sent].filter(([seq]) => seq < this.newest);
  }

  /**
   * The updates at which the game (its record's `actions`) played a move this seat had given up:
   * it was shown that turn again afterwards, chose another card, and the first was played anyway.
   */
  givenUpThenPlayed(actions: readonly unknown[]): number[] {
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    return [...this.givenUp]
      .filter(
        ([seq, old]) => !same(actions[seq], this.sent.get(seq)) && old.some((a) => same(a, actions[seq])),
      )
      .map(([seq]) => seq);
  }

  private async attach(url: string): Promise<void> {
    this.client = await TestClient.connect(url);
    this.client.onMessage((m) => {
      // Taken as it arrives: the game's first update may come in the same breath.
      if (m.type === 'joined') {
        this.token = m.token as string;
        this.seat = m.seat as number;
      } else if (m.type === 'welcome') this.welcomes++;
      else if (m.type === 'error' && m.code !== 'stale') this.errors.push(m);
      else if (m.type === 'record') {
        this.over = true;
        this.records.add(JSON.stringify(m.record));
        this.ended(m);
      } else if (m.type === 'update') {
        this.newest = Math.max(this.newest, m.seq as number);
        this.consider(m);
      }
    });
  }

  /** Moves if this update is the newest, says this seat is to move, and was not moved on since the last greeting. */
  private consider(m: Message): void {
    const seq = m.seq as number;
    const view = m.view as { toMove: number | null; actions?: unknown[] };
    const key = `${this.welcomes}:${seq}`;
    if (
      this.held ||
      view.toMove !== this.seat ||
      !view.actions?.length ||
      seq < this.newest ||
      key === this.lastActed
    )
      return;
    this.lastActed = key;
    // Shown a turn again (in a fresh view), a person may well choose another card: each greeting moves the choice on by one.
    const action =
      view.actions[
        (view.actions.indexOf(bySeq(view.actions, seq)) + this.welcomes - 1) % view.actions.length
      ];
    if (this.sent.has(seq)) this.givenUp.set(seq, [...(this.givenUp.get(seq) ?? []), this.sent.get(seq)]);
    this.sent.set(seq, action);
    this.client.send({ type: 'act', seq, action });
  }
}
