/**
 * The pairing authority's work: read every waiting seek and the blocks among their accounts,
 * pair them (pairing.ts), make each group's room (an ordinary one, through `Rooms.create`,
 * its open seats kept for the group's accounts), and commit the group under the authority's
 * epoch. A group whose commit is refused (a seek ended meanwhile, or another process took the
 * authority over) loses its room, abandoned at once.
 */
import type { Rooms } from '../rooms/rooms.js';
import type { Log } from '../ops/log.js';
import type { LobbyRecords } from './records.js';
import type { PairedSeat, SeekBook, SeekRow } from './book.js';
import { Blocks, type Group, pairSeeks } from './pairing.js';

export class Pairer {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly book: SeekBook,
    private readonly rooms: Rooms,
    private readonly records: LobbyRecords,
    private readonly log: Log,
    /** The authority's epoch now, or null while this process is not the authority. */
    private readonly epoch: () => number | null,
  ) {}

  /** Pairs now (once the run under way ends, if one is): runs asked for meanwhile are one. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pairOnce().catch((e: Error) =>
          this.log.warn({ err: e }, 'lobby: a pairing run failed; the next one tries again'),
        );
      } while (this.again);
    })().finally(() => (this.running = null));
    return this.running;
  }

  private async pairOnce(): Promise<void> {
    const epoch = this.epoch();
    if (epoch === null) return;
    const seeks = await this.book.waiting();
    if (seeks.length === 0) return;
    const blocks = new Blocks(await this.records.blocksAmong([...new Set(seeks.map((s) => s.account))]));
    for (const group of pairSeeks(seeks, blocks, Date.now())) await this.form(group, epoch);
  }

  private async form(group: Group, epoch: number): Promise<void> {
    const seeks = group.seeks as readonly SeekRow[];
    const { setup } = seeks.find((s) => s.owner) ?? seeks[0];
    // Seats in pairing order; bots (normal) in the rest when the group formed by `botsAfter`.
    const seats = setup.seats.map((_, i) =>
      i < seeks.length ? { kind: 'open' as const } : { kind: 'bot' as const, level: 'normal' as const },
    );
    const created = await this.rooms.create(
      { ...setup, seats, public: false },
      undefined,
      seeks.map((s) => s.account),
    );
    if (!created.ok) {
      this.log.error({ key: group.key, error: created.error }, 'lobby: a pairing could not make its room');
      return;
    }
    const { room } = created.value;
    const placed: PairedSeat[] = seeks.map((s, seat) => ({
      seek: s.id,
      node: s.node,
      room: room.id,
      key: room.keys.invite,
      seat,
    }));
    if (await this.book.commit(placed, epoch)) return;
    await this.rooms
      .abandon(room.id)
      .catch((e: Error) =>
        this.log.warn({ room: room.id, err: e }, 'lobby: could not abandon a pairing refused'),
      );
  }
}
