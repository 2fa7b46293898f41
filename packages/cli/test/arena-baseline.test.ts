/**
 * `hanafuda arena --baseline DIR`: bots of another build (here this checkout's own build, so
 * the two must play alike), the messages when it is missing, and the game a deal is part of
 * as the bots see it.
 */
import { fileURLToPath } from 'node:url';
import type { Bot } from '@hanafuda/bots';
import { type Action, type GameModule, koikoi, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { inGame } from '../src/commands/arena-bots.js';
import { runCli } from './support/run.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const run = (args: string[]) => runCli(args);

describe('arena --baseline', () => {
  it('plays a bot of another build under its baseline: name; the same build plays the same', async () => {
    const { code, out } = await run([
      'arena',
      '--game',
      'koikoi',
      '--bots',
      'greedy,baseline:greedy',
      '--baseline',
      ROOT,
      '--deals',
      '6',
      '--seed',
      'b',
      '--threads',
      '2',
    ]);
    expect(code).toBe(0);
    expect(out.some((l) => l.startsWith('baseline:greedy '))).toBe(true);
    // The same bot plays the same: every pair is zero, which gives no interval and, over 6 deals, no verdict.
    expect(out).toContain(
      'greedy - baseline:greedy: +0.00 [n/a] per round, paired over 6 deals (too few deals for a verdict: use --deals 10 or more)',
    );
  }, 60_000);

  it('says what is missing: the flag, or a built checkout', async () => {
    const noFlag = await run([
      'arena',
      '--game',
      'koikoi',
      '--bots',
      'greedy,baseline:greedy',
      '--deals',
      '2',
      '--seed',
      'b',
    ]);
    expect(noFlag.code).toBe(2);
    expect(noFlag.err).toContain('"baseline:greedy" needs --baseline DIR');
    const notBuilt = await run([
      'arena',
      '--game',
      'koikoi',
      '--bots',
      'greedy,baseline:greedy',
      '--baseline',
      fileURLToPath(new URL('.', import.meta.url)),
      '--deals',
      '2',
      '--seed',
      'b',
    ]);
    expect(notBuilt.code).toBe(2);
    expect(notBuilt.err).toContain('build that checkout first');
    const unknown = await run([
      'arena',
      '--game',
      'koikoi',
      '--bots',
      'greedy,baseline:nobody',
      '--baseline',
      ROOT,
      '--deals',
      '2',
      '--seed',
      'b',
    ]);
    expect(unknown.err).toContain('unknown bot "nobody" in the baseline build');
  });
});

describe('a deal as a round of a game', () => {
  it("shows the bot the game's totals and the rounds left", () => {
    const start = koikoi.newGame({ players: 2, options: { rounds: 1 }, seed: 'g' });
    if (!start.ok) throw new Error(start.error.message);
    const seen: { round: number; lastRound: number; totals: number[] }[] = [];
    const spy: Bot = {
      name: 'spy',
      choose: (_game, view, _rng) => {
        seen.push(view as unknown as (typeof seen)[number]);
        return view.actions[0];
      },
    };
    const state = start.value.state;
    const seat = koikoi.toMove(state)!;
    const action: Action = inGame(spy, { roundsAfter: 3, sideTotals: [10, 4] }, (s) => s).choose(
      koikoi as GameModule,
      koikoi.view(state, seat),
      seedRng('x'),
    );
    expect(koikoi.view(state, seat).actions).toContainEqual(action);
    expect(seen[0]).toMatchObject({ round: 1, lastRound: 4, totals: [10, 4] });
  });
});
