/**
 * The seats of a room: taking one (a join), coming back into it (a resume, a page that runs
 * again), watching, leaving; the host's start and the seats it gives to bots; a bot standing in
 * for an away person.
 */
import type { Level } from '@hanafuda/bots';
import { type Result, err, ok } from '@hanafuda/engine';
import { type PageState, PROTOCOL_VERSION } from '@hanafuda/protocol';
import { hashToken, newToken } from './ids.js';
import type { StoredSeat } from '../store/store.js';
import { botRefusal } from '../fair-play/refusals.js';
import { DEFAULT_BOT_LEVEL, type RoomClient, botName, personSeat } from './room-options.js';
import { RoomRematch } from './room-rematch.js';

export abstract class RoomSeating extends RoomRematch {
  /**
   * Takes a seat (the first open one unless named) under a display name; the client is sent the
   * seat's token (`joined`). `bot`: the joiner is a program, shown as a bot. `account`: the
   * joiner's account (accounts/identity.ts), kept with the seat.
   */
  join(
    client: RoomClient,
    name: string,
    wanted?: number,
    bot = false,
    account?: string,
  ): Promise<Result<{ seat: number; token: string }>> {
    return this.serially(async () => {
      const token = newToken();
      const newcomer = personSeat(name, hashToken(token), bot, account);
      if (this.statusNow === 'over') return this.joinNext(client, newcomer, token, wanted);
      if (this.statusNow !== 'open')
        return err(
          'room-started',
          'this game has started: watch it, or come back into your seat with its token',
        );
      // A seat the lobby kept for an account is that account's alone; without a seat named, its own comes first.
      const free = (s: StoredSeat) =>
        s.kind === 'open' && (s.reserved === undefined || s.reserved === account);
      const own = this.seats.findIndex(
        (s) => s.kind === 'open' && s.reserved !== undefined && s.reserved === account,
      );
      const seat = wanted ?? (own >= 0 ? own : this.seats.findIndex(free));
      if (seat < 0) return err('room-full', 'every seat is taken');
      if (seat >= this.seats.length)
        return err('no-such-seat', `this table has seats 0 to ${this.seats.length - 1}`);
      if (this.seats[seat].kind !== 'open') return err('seat-taken', `seat ${seat} is taken`);
      if (!free(this.seats[seat]))
        return err('seat-reserved', `seat ${seat} is kept for the player the lobby paired to it`);
      const seats = this.seats.with(seat, newcomer);
      // Stored first: a write that fails changes nothing, and the joiner is told to try again.
      // The last join and the start are one write, so no crash leaves a full lobby behind.
      const full = seats.every((s) => s.kind !== 'open');
      if (full) await this.start(seats);
      else await this.options.store.updateRoom(this.row, seats, this.statusNow);
      this.seats = seats;
      client.send({ v: PROTOCOL_VERSION, type: 'joined', room: this.id, seat, token, keys: this.keys });
      this.enter(client, seat);
      if (!full) this.broadcastState();
      return ok({ seat, token });
    });
  }

  /**
   * Back into one's seat by its token, with the game so far and the whole view. A bot
   * playing the seat meanwhile (the turn timer's, or one the host gave it to) stops at once.
   */
  resume(client: RoomClient, token: string): Promise<Result<number>> {
    return this.serially(async () => {
      const hash = hashToken(token);
      const seat = this.seats.findIndex((s) => s.tokenHash === hash);
      if (seat < 0) return err('bad-token', 'that token opens no seat of this room');
      client.away = false;
      this.enter(client, seat);
      await this.takeBack(seat);
      return ok(seat);
    });
  }

  /**
   * What a page says of itself: a frozen or unloaded page's seat is away at once (its turns
   * then go to a bot when the timer runs out); one that runs again takes the seat back.
   */
  presence(client: RoomClient, state: PageState): Promise<void> {
    const away = state === 'frozen' || state === 'gone';
    if (client.seat === null || !this.clients.has(client) || away === (client.away ?? false))
      return Promise.resolve();
    client.away = away;
    if (away) {
      this.broadcastState();
      return Promise.resolve();
    }
    const seat = client.seat;
    return this.serially(() => this.takeBack(seat));
  }

  /** Any seated player asks that an away person's seat be played by a bot until they come back. */
  standIn(client: RoomClient, seat: number): Result<null> {
    if (client.seat === null || !this.clients.has(client))
      return err('not-seated', 'only a player at this table can ask a bot to play for someone');
    if (!this.table || this.statusNow !== 'playing')
      return err('not-playing', 'the game is not being played');
    const current = this.seats[seat];
    if (!current) return err('no-such-seat', `this table has seats 0 to ${this.seats.length - 1}`);
    if (current.kind !== 'human' || this.table.hasStandIn(seat))
      return err('already-bot', `seat ${seat} is already played by a bot`);
    if (this.isPresent(seat))
      return err(
        'player-present',
        `${current.name} is still here: a bot plays only for a player who is away`,
      );
    this.table.replaceWithBot(seat, DEFAULT_BOT_LEVEL);
    this.clock.run(this.table);
    this.broadcastState();
    return ok(null);
  }

  spectate(client: RoomClient): void {
    // Already watching: nothing changes and nobody is told (a client re-sending it costs the server no sending at all).
    if (this.clients.has(client) && client.seat === null) return;
    this.enter(client, null);
    // The newcomer is told at once; the others learn the spectator count with the next state, or within a second.
    client.send({ v: PROTOCOL_VERSION, type: 'room', room: this.state() });
    this.spectatorsChanged();
  }

  leave(client: RoomClient): void {
    if (!this.clients.delete(client)) return;
    if (client.table) this.table?.disconnect(client.table);
    client.table = undefined;
    if (client.seat === null) this.spectatorsChanged();
    else this.broadcastState();
  }

  /** The host starts now; open seats go to bots. */
  startNow(hostToken: string, level: Level = DEFAULT_BOT_LEVEL): Promise<Result<null>> {
    return this.serially(async () => {
      if (!this.isHost(hostToken)) return err('not-host', 'only the host can start the game');
      if (this.statusNow !== 'open') return err('room-started', 'the game has already started');
      const refused = this.seats.some((s) => s.kind === 'open')
        ? botRefusal(this.setup, 'it starts once every seat is taken')
        : null;
      if (refused) return err(refused.code, refused.message);
      await this.start(
        this.seats.map((s, i) => (s.kind === 'open' ? { kind: 'bot', name: botName(i, level), level } : s)),
      );
      return ok(null);
    });
  }

  /** The host gives an open seat, or a seat whose player is gone, to a bot. */
  replaceWithBot(hostToken: string, seat: number, level: Level): Promise<Result<null>> {
    return this.serially(async () => {
      if (!this.isHost(hostToken)) return err('not-host', 'only the host can give a seat to a bot');
      if (this.statusNow === 'over') return err('game-over', 'the game is over');
      const current = this.seats[seat];
      if (!current) return err('no-such-seat', `this table has seats 0 to ${this.seats.length - 1}`);
      if (current.kind === 'bot') return err('already-bot', `seat ${seat} is already played by a bot`);
      // A player gone from a rated game is replaced, so the others play on (and loses it for rating); an empty seat is not.
      const refused =
        current.kind === 'open' ? botRefusal(this.setup, 'an empty seat waits for a person') : null;
      if (refused) return err(refused.code, refused.message);
      if (current.kind === 'human' && this.isPresent(seat))
        return err('player-present', `${current.name} is still here: only a missing player can be replaced`);
      const name = current.kind === 'human' ? `${current.name} (bot)` : botName(seat, level);
      const person = current.kind === 'human' && current.name !== null ? { person: current.name } : {};
      const seats = this.seats.with(seat, {
        kind: 'bot',
        name,
        level,
        ...person,
        ...(current.tokenHash ? { tokenHash: current.tokenHash } : {}),
        ...(current.account !== undefined ? { account: current.account } : {}),
        ...(current.bot ? { bot: true as const } : {}),
      });
      // The seat that fills a lobby and the start are one write.
      if (!this.table && seats.every((s) => s.kind !== 'open')) {
        await this.start(seats);
        return ok(null);
      }
      await this.options.store.updateRoom(this.row, seats, this.statusNow);
      this.seats = seats;
      if (this.table) {
        this.table.replaceWithBot(seat, level);
        this.clock.run(this.table);
      }
      this.broadcastState();
      return ok(null);
    });
  }

  /**
   * A person is back in their seat (a resume, a page that runs again): a seat the host gave
   * to a bot comes back to them, a bot standing in stops, and the room is told.
   */
  protected async takeBack(seat: number): Promise<void> {
    const current = this.seats[seat];
    if (current.kind === 'bot' && current.person !== undefined && this.statusNow !== 'over') {
      const seats = this.seats.with(seat, {
        kind: 'human',
        name: current.person,
        tokenHash: current.tokenHash,
        ...(current.account !== undefined ? { account: current.account } : {}),
        ...(current.bot ? { bot: true as const } : {}),
      });
      await this.options.store.updateRoom(this.row, seats, this.statusNow);
      this.seats = seats;
    }
    // The clock skips a seat a bot plays: its turn may be running now.
    if (this.table?.giveBack(seat) || current.kind === 'bot') this.clock.run(this.table);
    this.broadcastState();
  }
}
