/**
 * A browser page's seat played by a program over a socket of its own, as fast as the server
 * takes moves: the socket carries the page's cookie (its member signed in), comes back into the
 * page's seat with the token the page keeps, and moves whenever its seat is to (the server's
 * tests' choice of move, `bySeq`), once the page has drawn the table. The page stays in the seat too, and shows what happens as it
 * would a person's moves made on another device: a whole game in seconds instead of minutes.
 */
import type { Page } from 'playwright-core';
import { type Message, TestClient } from '../../../server/test/support/client.js';
import { bySeq } from '../../../server/test/support/play.js';

/** The server's default for one connection (session.ts): a move it refused for the pace is sent again once allowed. */
const MESSAGES_PER_SECOND = 20;

export interface SeatBySocket {
  readonly client: TestClient;
  readonly seat: number;
  /** The game's record, once the game is over. */
  readonly over: Promise<Message>;
}

/** Plays `page`'s seat in the room it shows (`#/room/ID`) until the game's end. */
export async function playSeatBySocket(page: Page): Promise<SeatBySocket> {
  const { room, token } = await page.evaluate(() => {
    const room = location.hash.replace('#/room/', '');
    const keys = JSON.parse(localStorage.getItem('hanafuda.rooms.v1') ?? '{}') as Record<
      string,
      { token?: string }
    >;
    return { room, token: keys[room]?.token };
  });
  if (!token) throw new Error(`the page holds no seat in room ${room}`);
  const cookie = (await page.context().cookies(page.url())).map((c) => `${c.name}=${c.value}`).join('; ');
  const url = new URL('ws', page.url()).toString().replace(/^http/, 'ws');
  const client = await TestClient.connect(url, { headers: { cookie } });
  client.send({ type: 'resume', room, token });
  const welcome = await client.next((m) => m.type === 'welcome' || m.type === 'error');
  if (welcome.type !== 'welcome') throw new Error(`the seat was not resumed: ${JSON.stringify(welcome)}`);
  const seat = welcome.seat as number;
  const over = client.next((m) => m.type === 'record', 60_000, 0);
  let last: { seq: number; action: unknown } | null = null;
  let waiting = false;
  /**
   * Moves when its seat is to, once its own page has drawn what came before: the pace of a very
   * fast player, which a page on a busy machine keeps up with (a flood of a game's moves in a
   * second keeps a page's main thread busy for seconds, and its line looks dead).
   */
  const consider = async (): Promise<void> => {
    const update = client.lastUpdate();
    const view = update?.view as { toMove: number | null; actions?: unknown[] } | undefined;
    if (
      waiting ||
      !update ||
      view?.toMove !== seat ||
      !view.actions?.length ||
      (last && (update.seq as number) <= last.seq)
    )
      return;
    waiting = true;
    const drawn = await page.evaluate(() => true).catch(() => false);
    waiting = false;
    if (!drawn) return;
    if (client.lastUpdate() !== update) return consider();
    last = { seq: update.seq as number, action: bySeq(view.actions, update.seq as number) };
    client.send({ type: 'act', ...last });
  };
  client.onMessage((m) => {
    if (m.type === 'update') void consider();
    // Past the pace the server allows a connection, a move is refused: it goes again once the
    // server's bucket holds a message again (no event says so, only time).
    if (m.type === 'error' && m.code === 'rate-limited' && last) {
      const again = last;
      setTimeout(() => {
        if (client.lastUpdate()?.seq === again.seq) client.send({ type: 'act', ...again });
      }, 1000 / MESSAGES_PER_SECOND);
    }
  });
  void consider();
  return { client, seat, over };
}
