/** A sampled world agrees with the view it was sampled from: the seat would see exactly what it sees. */
import { type GameModule, type RngState, randomInt, seedRng } from '@hanafuda/engine';
import { FastRng, type FastSimulator, fastFromState } from '@hanafuda/engine/fast';
import { describe, expect, it } from 'vitest';
import { oneRound } from '../src/index.js';
import { KOIKOI_SEARCH, NARA_SEARCH, SAKURA_SEARCH } from '../src/search/games.js';
import type { Sampler } from '../src/search/sample.js';
import { game } from './support.js';

const CASES: {
  id: string;
  players: number;
  teams?: number[][];
  options?: Record<string, unknown>;
  search: { determinize(view: never, rng: RngState): unknown; sampler(view: never): Sampler<FastSimulator> };
}[] = [
  { id: 'sakura', players: 2, search: SAKURA_SEARCH as never },
  { id: 'sakura', players: 3, options: { hikiTiming: 'anytime' }, search: SAKURA_SEARCH as never },
  {
    id: 'sakura',
    players: 4,
    teams: [
      [0, 2],
      [1, 3],
    ],
    search: SAKURA_SEARCH as never,
  },
  { id: 'koikoi', players: 2, search: KOIKOI_SEARCH as never },
  { id: 'nara', players: 4, search: NARA_SEARCH as never },
];

const PUBLIC = [
  'hand',
  'handSizes',
  'field',
  'pileSize',
  'drawSizes',
  'captured',
  'pending',
  'phase',
  'toMove',
  'actions',
  'hikis',
  'gaji',
  'blank',
  'koikoi',
  'reference',
  'yaku',
];

/** The public fields; actions as a set (their order follows the hand's order in the state, which a view sorts). */
const pick = (view: unknown) =>
  Object.fromEntries(
    PUBLIC.filter((k) => k in (view as object)).map((k) => {
      const v = (view as Record<string, unknown>)[k];
      return [k, k === 'actions' ? (v as unknown[]).map((a) => JSON.stringify(a)).sort() : v];
    }),
  );

/** The first `count` views of each case's seeded games where a card is played or taken. */
function playViews(c: (typeof CASES)[number], count: number): unknown[] {
  const g: GameModule = game(c.id);
  const views: unknown[] = [];
  for (let seed = 1; views.length < count; seed++) {
    const start = g.newGame({
      players: c.players,
      teams: c.teams,
      options: oneRound(g, c.options),
      seed: `sampler:${seed}`,
    });
    if (!start.ok) throw new Error(start.error.message);
    let s = start.value.state;
    const rng = seedRng(seed);
    while (g.toMove(s) !== null && views.length < count) {
      const view = g.view(s, g.toMove(s)!) as { actions: { play?: string }[] };
      if (view.actions.some((a) => 'play' in a || 'take' in a)) views.push(view);
      const legal = g.legalActions(s);
      s = (g.apply(s, legal[randomInt(rng, legal.length)]) as { ok: true; value: { state: unknown } }).value
        .state;
    }
  }
  return views;
}

/** What a simulator holds, and the scores of a random playout from it (on a copy in `spare`). */
function fingerprint(sim: FastSimulator, spare: FastSimulator, playout: string) {
  const held = {
    hands: [...sim.hands],
    handCount: [...sim.handCount],
    inHands: sim.inHands,
    captured: [...sim.captured],
    field: [sim.fieldLo, sim.fieldHi],
    rng: sim.rng.state(),
  };
  (spare.copyFrom as (o: FastSimulator) => void)(sim);
  return { ...held, scores: [...spare.randomPlayout(new FastRng(playout))] };
}

describe('samplers', () => {
  for (const c of CASES) {
    it(`${c.id} ${c.players}p: a sample written into the reused simulator is the determinized state's, drawn alike`, () => {
      for (const [v, view] of playViews(c, 30).entries()) {
        const sampler = c.search.sampler(view as never);
        for (let k = 0; k < 3; k++) {
          sampler.sample(seedRng(`sample:${v}:${k}`));
          const whole = fastFromState(
            c.search.determinize(view as never, seedRng(`sample:${v}:${k}`)) as { game: string },
          )!;
          expect(fingerprint(sampler.world, sampler.work, `playout:${k}`)).toEqual(
            fingerprint(
              whole,
              fastFromState(c.search.determinize(view as never, seedRng(0)) as { game: string })!,
              `playout:${k}`,
            ),
          );
        }
      }
    });
  }
});

describe('determinization', () => {
  for (const c of CASES) {
    it(`${c.id} ${c.players}p: sampled worlds show the seat its own view`, () => {
      const g: GameModule = game(c.id);
      let checked = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const start = g.newGame({
          players: c.players,
          teams: c.teams,
          options: oneRound(g, c.options),
          seed: `det:${seed}`,
        });
        if (!start.ok) throw new Error(start.error.message);
        let s = start.value.state;
        const rng = seedRng(seed);
        while (g.toMove(s) !== null) {
          const seat = g.toMove(s)!;
          const view = g.view(s, seat) as { actions: { play?: string }[] };
          if (view.actions.some((a) => 'play' in a || 'take' in a)) {
            const world = c.search.determinize(view as never, seedRng(`world:${checked}`));
            expect(pick(g.view(world, seat))).toEqual(pick(view));
            checked++;
          }
          const legal = g.legalActions(s);
          s = (g.apply(s, legal[randomInt(rng, legal.length)]) as { ok: true; value: { state: unknown } })
            .value.state;
        }
      }
      expect(checked).toBeGreaterThan(20);
    });
  }
});
