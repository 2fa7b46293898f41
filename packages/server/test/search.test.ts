/** The search threads: the same decisions as in-line, the event loop free while they search, a closed pool refuses. */
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { BotView, Level } from '@hanafuda/bots';
import { type GameModule, koikoi, sakura } from '@hanafuda/engine';
import { type DecisionRequest, decideNow } from '@hanafuda/table';
import { SearchPool } from '../src/index.js';

/** The view of the seat to move after `moves` first-legal actions. */
function request(
  game: GameModule,
  setup: Parameters<GameModule['newGame']>[0],
  moves: number,
  level: Level,
): DecisionRequest {
  const start = game.newGame(setup);
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  for (let i = 0; i < moves; i++) {
    const seat = game.toMove(state)!;
    const next = game.apply(state, (game.view(state, seat) as BotView).actions[0]);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  const seat = game.toMove(state)!;
  return {
    game: game.id,
    level,
    view: game.view(state, seat) as BotView,
    rng: `search-test:${moves}`,
    seq: moves,
  };
}

const pool = new SearchPool(2);
afterAll(() => pool.close());

describe('the search threads', { timeout: 60_000 }, () => {
  it('decide exactly as the table does in-line, for every level and game', async () => {
    const requests = [
      request(
        sakura,
        {
          players: 4,
          teams: [
            [0, 2],
            [1, 3],
          ],
          seed: 'a',
        },
        3,
        'hard',
      ),
      request(sakura, { players: 2, seed: 'b' }, 0, 'expert'),
      request(sakura, { players: 3, seed: 'c' }, 5, 'easy'),
      request(koikoi, { players: 2, seed: 'd' }, 2, 'hard'),
      request(koikoi, { players: 2, seed: 'e' }, 7, 'normal'),
    ];
    const threaded = await Promise.all(requests.map((r) => pool.decide(r)));
    expect(threaded).toEqual(requests.map((r) => decideNow(r)));
  });

  it('leave the event loop free while they search', async () => {
    const expert = request(sakura, { players: 4, seed: 'f' }, 1, 'expert');
    let done = false;
    const decided = pool.decide(expert).then((action) => {
      done = true;
      return action;
    });
    // Turns of the event loop during the search: none at all if it ran on the loop.
    let turns = 0;
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    expect(turns).toBeGreaterThan(20);
    expect(await decided).toEqual(decideNow(expert));
  });

  it('answer a bad request with an error, and refuse every request once closed', async () => {
    await expect(
      pool.decide({ ...request(sakura, { players: 2, seed: 'g' }, 0, 'easy'), game: 'poker' }),
    ).rejects.toThrow(/unknown game "poker"/);
    const other = new SearchPool(1);
    const pending = expect(
      other.decide(request(sakura, { players: 4, seed: 'h' }, 0, 'expert')),
    ).rejects.toThrow(/closed/);
    await other.close();
    await pending;
    await expect(other.decide(request(sakura, { players: 2, seed: 'i' }, 0, 'easy'))).rejects.toThrow(
      /closed/,
    );
  });

  it.skipIf(process.platform !== 'linux')(
    'run at a lower priority than the event loop (Linux: a nice value per thread)',
    async () => {
      await pool.decide(request(sakura, { players: 2, seed: 'j' }, 0, 'easy'));
      // Field 19 of /proc/PID/task/TID/stat is the thread's nice value.
      const nice = (tid: string) =>
        Number(readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
      const loop = nice(String(process.pid));
      const threads = readdirSync(`/proc/${process.pid}/task`).map(nice);
      expect(threads.filter((n) => n === Math.min(19, loop + 10)).length).toBeGreaterThanOrEqual(2);
    },
  );
});
