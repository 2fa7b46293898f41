/**
 * After a game is over: the players ask for (or confirm) another in the same room (its votes:
 * rematch-votes.ts), someone watching may take a free seat of it, and the next game's row is
 * stored before it is dealt; when the room goes, the wait for a rematch ends.
 */
import { type Result, err, ok } from '@hanafuda/engine';
import { PROTOCOL_VERSION } from '@hanafuda/protocol';
import { newGameSeed } from './ids.js';
import type { StoredSeat } from '../store/store.js';
import { RematchVotes } from './rematch-votes.js';
import { RatedGame } from '../fair-play/rated-game.js';
import { botRefusal } from '../fair-play/refusals.js';
import { DEFAULT_BOT_LEVEL, type RoomClient } from './room-options.js';
import { RoomPlay } from './room-play.js';

export abstract class RoomRematch extends RoomPlay {
  /**
   * After the game is over, a seated player asks for (or confirms) another game here: same
   * room, link, seats and options, a fresh seed. It starts once every seated person has asked;
   * `now`, it starts at once, the seats of those who have not asked given to bots (each may come
   * back into theirs with its token): the host (`hostToken`) may do so at any time, any player
   * once everyone still here has asked, so a room never waits on someone who is gone.
   */
  rematch(client: RoomClient, hostToken?: string, now = hostToken !== undefined): Promise<Result<null>> {
    return this.serially(async () => {
      if (client.seat === null || !this.clients.has(client))
        return err('not-seated', 'only a player at this table can ask for a rematch');
      if (hostToken !== undefined && !this.isHost(hostToken))
        return err('not-host', 'only the host can start the rematch before everyone has confirmed');
      if (this.statusNow !== 'over')
        return err('not-over', 'a rematch can be asked for once the game is over');
      // The finished game's record is stored before a confirmation or the next game's row, so no game is lost between them.
      await this.finished;
      if (this.unstoredRecord)
        return err('storage', 'the finished game is not stored yet: ask again in a moment');
      const votes = this.rematchVotes.with(client.seat);
      if (now && hostToken === undefined && !votes.everyoneHere(this.seats, (seat) => this.isPresent(seat)))
        return err(
          'not-everyone-here',
          'someone still at the table has not confirmed yet: wait for them (the host may start now)',
        );
      const refused =
        now && votes.waiting(this.seats)
          ? botRefusal(this.setup, 'the next game starts once every player has asked for it')
          : null;
      if (refused) return err(refused.code, refused.message);
      if (votes.waiting(this.seats) && !now) {
        await votes.save(this.options.store, this.row);
        this.rematchVotes = votes;
        this.broadcastState();
        return ok(null);
      }
      await this.startRematch(votes);
      return ok(null);
    });
  }

  /** Stores the next game's row (same seats, those who did not confirm given to bots), then deals it to everyone here. */
  protected async startRematch(votes: RematchVotes): Promise<void> {
    const { id, gameNumber, setup, hostTokenHash, seats } = this;
    const next = votes.nextGame(
      { id, gameNumber, setup, hostTokenHash, seats },
      this.options.seed?.() ?? newGameSeed(),
      DEFAULT_BOT_LEVEL,
    );
    // Stored with the end of the finished game's wait for it (its confirmations cleared) in one write.
    await this.options.store.createRoom(next);
    this.table?.close();
    this.row = next.id;
    this.gameNumber = next.game;
    this.seed = next.seed;
    this.seats = next.seats;
    this.statusNow = 'playing';
    this.rematchVotes = new RematchVotes();
    this.rated = RatedGame.of(setup);
    this.finished = null;
    this.endedNow = this.nextEnding();
    this.startTable();
  }

  /**
   * After a game, someone watching takes a free seat of the next one (a bot's, or one whose
   * person is gone and has not confirmed): stored with the finished game's row, and counted as
   * asking for the next game. Its former person's token opens it no more.
   */
  protected async joinNext(
    client: RoomClient,
    newcomer: StoredSeat,
    token: string,
    wanted?: number,
  ): Promise<Result<{ seat: number; token: string }>> {
    if (client.seat !== null && this.clients.has(client))
      return err('seated', 'you have a seat at this table already: press Play again');
    await this.finished;
    if (this.unstoredRecord)
      return err('storage', 'the finished game is not stored yet: try again in a moment');
    const taken = this.rematchVotes.take(this.seats, (seat) => this.isPresent(seat), newcomer, wanted);
    if (!taken.ok) return taken;
    const { seat, seats, votes } = taken.value;
    await this.options.store.updateRoom(this.row, seats, this.statusNow);
    this.seats = seats;
    await votes.save(this.options.store, this.row);
    this.rematchVotes = votes;
    client.send({ v: PROTOCOL_VERSION, type: 'joined', room: this.id, seat, token, keys: this.keys });
    this.enter(client, seat);
    this.broadcastState();
    return ok({ seat, token });
  }

  /** The finished game's room goes: nobody waits for a rematch any more, so its row is not rebuilt again (kept, as any game over). */
  async endRematchWait(): Promise<void> {
    if (this.statusNow === 'over' && this.rematchVotes.list.length > 0)
      await this.options.store.setRematch(this.row, null);
  }
}
