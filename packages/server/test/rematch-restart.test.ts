/**
 * A finished game whose players are confirming a rematch, its server killed (SIGKILL) after one
 * seat confirmed: started again, the room is the game over with that confirmation kept, and the
 * next game starts when the last seat confirms. A real server process, on SQLite and on
 * PostgreSQL (several processes taking such a room over: cluster.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { restartableServers } from './support/restarts.js';
import { TestClient } from './support/client.js';
import { SeatPlayer } from './support/seat-player.js';
import { STORES } from './support/stores.js';
import { invite } from './support/server.js';

const DUEL = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};

describe.each(STORES)('rematch confirmations through a restart ($name)', ({ available, open }) => {
  const servers = restartableServers(open);

  it.skipIf(!available)(
    'keeps a seat\'s "Play again" through SIGKILL; the next game starts when the last seat confirms',
    { timeout: 60_000 },
    async () => {
      await servers.open();
      const first = await servers.start();
      const host = servers.track(await TestClient.connect(first.wsUrl));
      const { room, key } = invite(await host.request({ type: 'create-room', setup: DUEL }, 'room-created'));
      const ann = await SeatPlayer.join(first.wsUrl, room, key, 'Ann');
      const ben = await SeatPlayer.join(first.wsUrl, room, key, 'Ben');
      servers.track(ann.client);
      servers.track(ben.client);
      await Promise.all([ann.record, ben.record]);
      const asked = ben.client.messages.length;
      ann.client.send({ type: 'rematch', room });
      await ben.client.next(
        (m) => m.type === 'room' && ((m.room as { rematch?: number[] }).rematch ?? []).includes(ann.seat),
        10_000,
        asked,
      );
      const died = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await died;

      const second = await servers.start();
      const back = async (player: SeatPlayer) => {
        const client = servers.track(await TestClient.connect(second.wsUrl));
        expect(
          await client.request({ type: 'resume', room, token: player.token }, ['welcome', 'error']),
        ).toMatchObject({ type: 'welcome', seat: player.seat });
        return client;
      };
      const [annBack, benBack] = [await back(ann), await back(ben)];
      // The game's end is shown again (its record), and Ann's confirmation is still there.
      await benBack.next((m) => m.type === 'record', 10_000, 0);
      expect((await benBack.next((m) => m.type === 'room', 10_000, 0)).room).toMatchObject({
        status: 'over',
        gameNumber: 1,
        rematch: [ann.seat],
      });
      const before = annBack.messages.length;
      benBack.send({ type: 'rematch', room });
      const next = await annBack.next(
        (m) => m.type === 'room' && (m.room as { gameNumber: number }).gameNumber === 2,
        10_000,
        before,
      );
      expect(next.room).toMatchObject({ status: 'playing', gameId: `${room}_2` });
      // Both seats are people in the next game (neither was given to a bot), and it is dealt.
      expect((next.room as { seats: { kind: string }[] }).seats.map((s) => s.kind)).toEqual([
        'human',
        'human',
      ]);
      await annBack.next((m) => m.type === 'update', 10_000, before);
      expect([...annBack.messages, ...benBack.messages].filter((m) => m.type === 'error')).toEqual([]);
    },
  );
});
