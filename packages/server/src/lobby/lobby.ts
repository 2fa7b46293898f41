/**
 * The lobby of this process: its sockets' lobby messages (session.ts hands them here), the
 * seeks they opened (each ends when its socket closes), and the watchers it sends `lobby` to.
 * Where the seeks are kept and who pairs them is the book's and the authority's (book.ts,
 * pg-book.ts); this process learns of pairings and of changes through the book's events.
 */
import { randomBytes } from 'node:crypto';
import {
  type LobbyClientMessage,
  type LobbyPool,
  type LobbySeek,
  type LobbyServerMessage,
  POOL_IDS,
  PROTOCOL_VERSION,
  type SeekEndReason,
  errorMessage,
} from '@hanafuda/protocol';
import type { Identity } from '../accounts/identity.js';
import type { Log } from '../ops/log.js';
import type { LobbyRecords } from './records.js';
import type { BookEvents, PairedSeat, SeekBook, SeekRow } from './book.js';
import { customSetup, POOLS, type SeekSetup } from './pools.js';
import type { ErrorMessage } from '@hanafuda/protocol';
import { ratedSeekRefusal } from '../fair-play/refusals.js';

/** Watchers are sent the lobby at most this often. */
export const LOBBY_EVERY_MS = 500;

/** One socket, as the lobby sees it. */
export interface LobbyMember {
  readonly identity: Identity | null;
  send(message: LobbyServerMessage | ErrorMessage): void;
}

/** A socket's part in the lobby: its messages, and its end. */
export interface LobbySession {
  receive(message: LobbyClientMessage): Promise<void>;
  /** Seeking or watching: the socket has something to wait for (it is not idle). */
  readonly active: boolean;
  closed(): void;
}

/** A socket's seek, from just before it is opened: news of it may come before the book says it opened (another process paired it at once). */
interface Seeker {
  readonly member: LobbyMember;
  readonly shown: string;
  /** Not yet told `seeking`: news of it waits here until it is. */
  opening: boolean;
  held?: () => void;
}

const v = PROTOCOL_VERSION;
const newSeekId = () => randomBytes(8).toString('base64url');

export class Lobby implements BookEvents {
  /** This process's sockets' seeks, by id: the socket, and the seek's id as it was told (a custom seek's own, for one who accepted it). */
  private readonly seekers = new Map<string, Seeker>();
  private readonly watchers = new Set<LobbyMember>();
  private lastSent = 0;
  /** The last seek's opening time: each later one is at least 1 ms later, so seeks of one process keep their order (oldest first). */
  private lastSince = 0;
  private due: NodeJS.Timeout | null = null;
  book!: SeekBook;

  constructor(
    private readonly records: LobbyRecords,
    /** Whether a room (a game to report) was ever stored. */
    private readonly roomExists: (id: string) => Promise<boolean>,
    private readonly log: Log,
    /** Asks the authority to pair now (a seek opened); wherever it is. */
    private readonly kick: () => void,
  ) {}

  session(member: LobbyMember): LobbySession {
    let seek: string | null = null;
    let watching = false;
    const refuse = (code: string, message: string) => member.send(errorMessage(code, message));
    const end = async (reason: SeekEndReason) => {
      const id = seek;
      seek = null;
      if (id === null) return false;
      this.seekers.delete(id);
      return this.book.end(id, reason);
    };
    const seeking = () => seek !== null && this.seekers.has(seek);
    return {
      get active() {
        return watching || seeking();
      },
      receive: async (m) => {
        const identity = member.identity;
        if (!identity)
          return refuse('identity', 'the lobby needs a guest or account identity: reload the page');
        // A seek paired or ended elsewhere is forgotten here once its news came (seekers no longer has it).
        if (seek !== null && !this.seekers.has(seek)) seek = null;
        switch (m.type) {
          case 'lobby':
            watching = true;
            this.watchers.add(member);
            member.send(await this.view());
            return;
          case 'leave-lobby':
            watching = false;
            this.watchers.delete(member);
            return;
          case 'seek':
          case 'accept-seek': {
            if (seek !== null)
              return refuse(
                'already-seeking',
                'you are seeking a game already: cancel it first (cancel-seek)',
              );
            // Paired already, on a process that died before it could say so: that game, not a second one.
            const unseated = await this.book.unseated(identity.account);
            if (unseated)
              return member.send({
                v,
                type: 'paired',
                seek: unseated.seek,
                room: unseated.room,
                key: unseated.key,
                seat: unseated.seat,
              });
            const row =
              m.type === 'seek' ? this.newSeek(identity, m) : await this.acceptance(identity, m.seek, refuse);
            if (!row) return;
            const unrated = ratedSeekRefusal(
              identity,
              row.setup,
              row.owner === false ? undefined : row.botsAfter,
            );
            if (unrated) return refuse(unrated.code, unrated.message);
            const seeker: Seeker = { member, shown: row.owner === false ? row.key : row.id, opening: true };
            this.seekers.set(row.id, seeker);
            const opened = await this.book
              .open(row)
              .catch((e: Error) => (this.seekers.delete(row.id), Promise.reject(e)));
            if (!opened) {
              this.seekers.delete(row.id);
              return refuse(
                'already-seeking',
                'you are seeking a game already (on another page): cancel it first',
              );
            }
            seek = row.id;
            member.send({
              v,
              type: 'seeking',
              seek: seeker.shown,
              ...(row.pool ? { pool: row.pool } : {}),
              since: row.since,
              ...(row.botsAfter !== undefined ? { botsAfter: row.botsAfter } : {}),
              ...(row.setup.rated ? { rated: true as const } : {}),
            });
            seeker.opening = false;
            seeker.held?.();
            this.kick();
            return;
          }
          case 'cancel-seek': {
            const shown = seek === null ? undefined : this.seekers.get(seek)?.shown;
            if (shown === undefined || !(await end('expired')))
              return refuse('not-seeking', 'you have no open seek to cancel');
            member.send({ v, type: 'seek-ended', seek: shown, reason: 'cancelled' });
            return;
          }
          case 'block':
          case 'unblock': {
            if (m.account === identity.account) return refuse('bad-block', 'you cannot block yourself');
            await this.records.setBlock(identity.account, m.account, m.type === 'block');
            if (m.type === 'block' && seek !== null) await this.dropBlocked(seek, m.account);
            member.send({ v, type: 'blocked', accounts: await this.records.blocked(identity.account) });
            return;
          }
          case 'report': {
            if (!(await this.roomExists(m.room)))
              return refuse('no-such-game', `there is no game "${m.room}" to report`);
            await this.records.report(m.room, identity.account, m.reason);
            member.send({ v, type: 'reported', room: m.room });
            return;
          }
        }
      },
      closed: () => {
        this.watchers.delete(member);
        void end('expired').catch((e: Error) =>
          this.log.warn({ err: e }, 'lobby: could not end the seek of a closed socket'),
        );
      },
    };
  }

  /** A seek of a pool, or a custom one. */
  private newSeek(identity: Identity, m: Extract<LobbyClientMessage, { type: 'seek' }>): SeekRow {
    const id = newSeekId();
    // Rated and casual seekers of a pool wait apart (each kind is paired with its own): the key says which.
    const rated = m.rated === true || m.setup?.rated === true;
    const chosen: SeekSetup = m.pool ? POOLS[m.pool] : customSetup(m.setup as SeekSetup);
    const setup: SeekSetup = { ...chosen, ...(rated ? { rated } : {}) };
    return {
      id,
      account: identity.account,
      name: identity.name,
      node: this.book.node,
      key: m.pool ? `${m.pool}${rated ? ':rated' : ''}` : id,
      ...(m.pool ? { pool: m.pool } : { owner: true }),
      players: setup.players,
      since: this.nextSince(),
      ...(m.botsAfter !== undefined ? { botsAfter: m.botsAfter } : {}),
      setup,
    };
  }

  /** A place in someone's custom seek, or why not. */
  private async acceptance(
    identity: Identity,
    id: string,
    refuse: (code: string, message: string) => void,
  ): Promise<SeekRow | null> {
    const owner = await this.book.get(id);
    if (!owner || !owner.owner) return (refuse('no-such-seek', 'that seek is not open any more'), null);
    if (owner.account === identity.account) return (refuse('own-seek', 'that is your own seek'), null);
    const blocks = await this.records.blocksAmong([owner.account, identity.account]);
    if (blocks.length > 0) return (refuse('blocked', 'you cannot join that seek'), null);
    const places = (await this.book.waiting()).filter((s) => s.key === id).length;
    if (places >= owner.players) return (refuse('seek-full', 'that seek is full'), null);
    return {
      id: newSeekId(),
      account: identity.account,
      name: identity.name,
      node: this.book.node,
      key: id,
      owner: false,
      players: owner.players,
      since: this.nextSince(),
      setup: owner.setup,
    };
  }

  private nextSince(): number {
    return (this.lastSince = Math.max(Date.now(), this.lastSince + 1));
  }

  /** A custom seek's seeker blocked someone who had accepted it: that person's place ends. */
  private async dropBlocked(own: string, account: string): Promise<void> {
    const row = await this.book.get(own);
    if (!row?.owner) return;
    for (const s of await this.book.waiting())
      if (s.key === own && s.account === account && (await this.book.end(s.id, 'blocked')))
        this.ended([s.id], 'blocked');
  }

  async view(): Promise<LobbyServerMessage> {
    const waiting = await this.book.waiting();
    const game = (s: SeekSetup) => ({
      game: s.game,
      players: s.players,
      ...(s.teams ? { teams: s.teams } : {}),
      ...(s.options ? { options: s.options } : {}),
      turnSeconds: s.turnSeconds,
    });
    const pools: LobbyPool[] = POOL_IDS.map((id) => {
      const seekers = waiting.filter((s) => s.pool === id);
      return {
        id,
        ...game(POOLS[id]),
        waiting: seekers.length,
        waitingRated: seekers.filter((s) => s.setup.rated).length,
      };
    });
    const seeks: LobbySeek[] = waiting
      .filter((s) => s.owner)
      .sort((a, b) => a.since - b.since)
      .map((s) => ({
        id: s.id,
        by: s.name,
        ...game(s.setup),
        places: waiting.filter((w) => w.key === s.id).length,
        since: s.since,
        ...(s.botsAfter !== undefined ? { botsAfter: s.botsAfter } : {}),
        ...(s.setup.rated ? { rated: true as const } : {}),
      }));
    return { v, type: 'lobby', pools, seeks, players: waiting.length };
  }

  /** The seeks this process's sockets wait on. */
  ownSeeks(): string[] {
    return [...this.seekers.keys()];
  }

  // The book's events.

  paired(seats: readonly PairedSeat[]): void {
    for (const s of seats) {
      const seeker = this.seekers.get(s.seek);
      if (!seeker) continue;
      if (seeker.opening) {
        seeker.held = () => this.paired([s]);
        continue;
      }
      this.seekers.delete(s.seek);
      seeker.member.send({ v, type: 'paired', seek: seeker.shown, room: s.room, key: s.key, seat: s.seat });
    }
  }

  ended(seeks: readonly string[], reason: SeekEndReason): void {
    for (const id of seeks) {
      const seeker = this.seekers.get(id);
      if (!seeker) continue;
      if (seeker.opening) {
        seeker.held = () => this.ended([id], reason);
        continue;
      }
      this.seekers.delete(id);
      seeker.member.send({ v, type: 'seek-ended', seek: seeker.shown, reason });
    }
  }

  /** Watchers get the lobby at most every 500 ms: changes within that wait are sent as one. */
  changed(): void {
    if (this.due || this.watchers.size === 0) return;
    const wait = Math.max(0, this.lastSent + LOBBY_EVERY_MS - Date.now());
    this.due = setTimeout(() => {
      this.due = null;
      this.lastSent = Date.now();
      void this.view()
        .then((view) => {
          for (const w of this.watchers) w.send(view);
        })
        .catch((e: Error) => this.log.warn({ err: e }, 'lobby: could not read the lobby for its watchers'));
    }, wait);
    this.due.unref();
  }

  close(): void {
    if (this.due) clearTimeout(this.due);
    this.watchers.clear();
  }
}
