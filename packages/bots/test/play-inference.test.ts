/**
 * Sakura's and Nara's searches read the plays: every other seat's hand is sampled by what its
 * plays this round say of it (search/play-inference.ts), for `expert` and the hints.
 */
import {
  type Action,
  type Card,
  type GameModule,
  type NaraState,
  type NaraView,
  STANDARD_DECK,
  type SakuraState,
  type SakuraView,
  card,
  cardIds,
  gameById,
  makeRecord,
  nara,
  parseScenario,
  replayRecord,
  sakura,
  sameAction,
  seedRng,
} from '@hanafuda/engine';
import type { NaraFast, SakuraFast } from '@hanafuda/engine/fast';
import { describe, expect, it } from 'vitest';
import type { BotView } from '../src/bot.js';
import { HINT_ITERATIONS, actionFigures, greedyBot, hintFor, playGame, searchBot } from '../src/index.js';
import { EXPERT_BUDGET } from '../src/levels.js';
import { NARA_SEARCH, SAKURA_SEARCH } from '../src/search/games.js';
import { naraInferringSampler, naraSampler } from '../src/search/nara.js';
import { hasCard } from '../src/search/rollout.js';
import type { Sampler } from '../src/search/sample.js';
import { sakuraInferringSampler, sakuraSampler } from '../src/search/sakura.js';
import { searchOutcome } from '../src/search/search.js';

const hands = [
  [
    'willow-lightning',
    'pine-crane',
    'susuki-moon',
    'paulownia-phoenix',
    'willow-rainman',
    'iris-bridge',
    'peony-butterflies',
    'clover-boar',
  ],
  [
    'plum-poetry',
    'maple-blue',
    'peony-chaff-1',
    'peony-chaff-2',
    'susuki-chaff-1',
    'susuki-chaff-2',
    'paulownia-chaff-1',
    'paulownia-chaff-2',
  ],
];
const field = [
  'cherry-curtain',
  'plum-warbler',
  'maple-deer',
  'pine-chaff-1',
  'wisteria-chaff-1',
  'iris-chaff-1',
  'chrysanthemum-chaff-1',
  'clover-chaff-1',
];
const CHERRY = ['cherry-poetry', 'cherry-chaff-1', 'cherry-chaff-2'].map(card);

/**
 * Sakura, 2 players, seat 1 dealing: seat 1 takes the plum warbler, then the maple deer, each
 * time leaving the cherry curtain on the field, which any cherry card would have taken for
 * more (what a seat holding one would not do); seat 0 plays a card between. Seat 0 holds the
 * other brights and the Gaji, so few hidden cards beat those takes but the cherry ones. The
 * view is seat 0's after those plays, or seat 1's before any (`plays` 0).
 */
function curtainView(plays: 0 | 2): SakuraView {
  const top = ['wisteria-chaff-2', 'chrysanthemum-chaff-2', 'clover-chaff-2'];
  const placed = new Set([...hands.flat(), ...field, ...top]);
  const pile = [...top, ...cardIds(STANDARD_DECK).filter((id) => !placed.has(id))];
  const scenario = parseScenario(
    JSON.stringify({
      name: 'reading',
      game: 'sakura',
      players: 2,
      dealer: 1,
      deal: { hands, field, pile },
      actions: [],
    }),
  );
  if (!scenario.ok) throw new Error(scenario.error.message);
  const start = (sakura as GameModule).fromScenario(scenario.value.setup);
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state as SakuraState;
  const moves = [
    { seat: 1, play: 'plum-poetry' },
    { seat: 0, play: 'iris-bridge' },
    { seat: 1, play: 'maple-blue' },
  ];
  for (const action of plays === 2 ? moves : []) {
    const next = sakura.apply(state, action as Action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  expect(sakura.toMove(state)).toBe(plays === 2 ? 0 : 1);
  return sakura.view(state, plays === 2 ? 0 : 1);
}

/** The share of `n` samples in which `seat`'s hand holds one of `cards`, and each sample's hidden cards. */
function sampled(sampler: Sampler<SakuraFast | NaraFast>, seat: number, cards: readonly Card[], n: number) {
  let holding = 0;
  const deals: string[] = [];
  for (let k = 0; k < n; k++) {
    sampler.sample(seedRng(`reading:${k}`));
    const bits = sampler.world.hands;
    if (cards.some((c) => hasCard(bits, 2 * seat, c))) holding++;
    deals.push(Array.from(bits).join(','));
  }
  return { share: holding / n, deals };
}

describe('Sakura: a seat that passed over a bright twice is read to hold none of its month', () => {
  const view = curtainView(2);
  const policy = SAKURA_SEARCH.policy(view, false);

  it('the reading deals seat 1 a cherry card far less often than a uniform deal', () => {
    expect(view.plays.filter((p) => p.seat === 1)).toHaveLength(2);
    expect(view.field).toContain('cherry-curtain');
    const uniform = sampled(sakuraSampler(view), 1, CHERRY, 2000).share;
    const read = sampled(sakuraInferringSampler(view, policy), 1, CHERRY, 2000).share;
    // 3 cherry cards among the unseen: about half of the uniform 6-card hands hold one.
    expect(uniform).toBeGreaterThan(0.4);
    expect(read).toBeLessThan(uniform / 4);
  });

  it('deals every unseen card once, the same for the same seed', () => {
    const a = sakuraInferringSampler(view, policy);
    const b = sakuraInferringSampler(view, policy);
    const seen = new Set([...view.hand, ...view.field, ...view.captured.flat(), ...view.discarded].map(card));
    const unseen = STANDARD_DECK.filter((c) => !seen.has(c));
    for (let k = 0; k < 50; k++) {
      a.sample(seedRng(`deal:${k}`));
      b.sample(seedRng(`deal:${k}`));
      expect(Array.from(a.world.hands)).toEqual(Array.from(b.world.hands));
      const theirs = STANDARD_DECK.filter((c) => hasCard(a.world.hands, 2, c));
      const pile = Array.from(a.world.pile.subarray(a.world.pileTop, a.world.pileEnd));
      expect(Array.from(b.world.pile.subarray(b.world.pileTop, b.world.pileEnd))).toEqual(pile);
      expect(theirs).toHaveLength(view.handSizes[1]);
      expect([...theirs, ...pile].sort((x, y) => x - y)).toEqual(unseen);
    }
  });

  it('before the other seat has played, samples as the uniform sampler does', () => {
    const before = curtainView(0);
    expect(before.plays).toEqual([]);
    const p = SAKURA_SEARCH.policy(before, false);
    expect(sampled(sakuraInferringSampler(before, p), 0, CHERRY, 20).deals).toEqual(
      sampled(sakuraSampler(before), 0, CHERRY, 20).deals,
    );
  });

  it("a hint and expert's search sample by that reading", () => {
    const bot = view as BotView;
    const samples = Math.floor(HINT_ITERATIONS / bot.actions.length);
    for (const seed of ['hint:1', 'hint:2', 'hint:3']) {
      const hint = hintFor(bot, seedRng(seed));
      const move = bot.actions.findIndex((a) => sameAction(a, hint.action));
      // The hint's figures are the reading's, on the same samples, and not a uniform deal's.
      const read = actionFigures(bot, seedRng(seed), samples, { inference: true })[move].points;
      const uniform = actionFigures(bot, seedRng(seed), samples)[move].points;
      expect(hint.reason.expected!.move).toBe(read);
      expect(read).not.toBe(uniform);
    }
    // expert's search reads the plays: its figures are not a uniform search's, and the same for the same seed.
    const budget = { ...EXPERT_BUDGET, iterations: 800, moves: 8000 };
    const expert = searchOutcome(bot, seedRng('expert'), budget);
    expect(expert).toEqual(searchOutcome(bot, seedRng('expert'), budget));
    expect(expert.values).not.toEqual(
      searchOutcome(bot, seedRng('expert'), { ...budget, inference: false }).values,
    );
    const bot2 = searchBot(EXPERT_BUDGET, 'expert');
    expect(bot2.choose(sakura as GameModule, bot, seedRng('expert'))).toEqual(
      bot2.choose(sakura as GameModule, bot, seedRng('expert')),
    );
  });
});

/** How much of each other seat's true hand the samples deal it, on average: the reading's against a uniform deal's. */
function overlap<S, V extends SakuraView | NaraView>(
  game: GameModule<S>,
  setup: { players: number; teams?: number[][]; options?: unknown; seed: string },
  samplers: (view: V) => [Sampler<SakuraFast | NaraFast>, Sampler<SakuraFast | NaraFast>],
  hiddenHand: (s: S, seat: number) => Card[],
) {
  const played = playGame(
    game as GameModule,
    setup,
    Array.from({ length: setup.players }, () => greedyBot),
    Array.from({ length: setup.players }, (_, i) => seedRng(`${setup.seed}:${i}`)),
  );
  const replayed = replayRecord(game, makeRecord(game.id, setup, played.actions));
  if (!replayed.ok) throw new Error(replayed.error.message);
  const steps = replayed.value;
  const sums = [0, 0];
  /** The same, of the teammates' hands alone. */
  const mates = [0, 0];
  let positions = 0;
  for (const step of steps) {
    const seat = game.toMove(step.state);
    if (seat === null) continue;
    const view = game.view(step.state, seat) as V;
    if (view.phase !== 'hand') continue;
    const read = view.plays.filter((p) => p.seat !== seat);
    if (read.length < 2 * (setup.players - 1)) continue;
    positions++;
    const pair = samplers(view);
    pair.forEach((sampler, which) => {
      for (let k = 0; k < 100; k++) {
        sampler.sample(seedRng(`overlap:${positions}:${k}`));
        for (let other = 0; other < setup.players; other++) {
          if (other === seat) continue;
          const truth = hiddenHand(step.state, other);
          if (truth.length === 0) continue;
          const hits = truth.filter((c) => hasCard(sampler.world.hands, 2 * other, c)).length;
          sums[which] += hits / truth.length;
          if (setup.teams?.some((side) => side.includes(seat) && side.includes(other)))
            mates[which] += hits / truth.length;
        }
      }
    });
  }
  return { positions, uniform: sums[0], read: sums[1], mates: { uniform: mates[0], read: mates[1] } };
}

describe('the reading finds more of the true hands than a uniform deal, in games played by greedy bots', () => {
  it('Sakura, 3 players', () => {
    const r = overlap<SakuraState, SakuraView>(
      gameById('sakura')! as GameModule<SakuraState>,
      { players: 3, options: { rounds: 2 }, seed: 'overlap-sakura' },
      (view) => [sakuraSampler(view), sakuraInferringSampler(view, SAKURA_SEARCH.policy(view, false))],
      (s, seat) => s.hands[seat],
    );
    expect(r.positions).toBeGreaterThan(5);
    expect(r.read).toBeGreaterThan(1.25 * r.uniform);
  });

  it('Sakura, 2 × 2 teams: the teammate read too', () => {
    const r = overlap<SakuraState, SakuraView>(
      gameById('sakura')! as GameModule<SakuraState>,
      {
        players: 4,
        teams: [
          [0, 2],
          [1, 3],
        ],
        options: { rounds: 2 },
        seed: 'overlap-teams',
      },
      (view) => [sakuraSampler(view), sakuraInferringSampler(view, SAKURA_SEARCH.policy(view, false))],
      (s, seat) => s.hands[seat],
    );
    expect(r.positions).toBeGreaterThan(5);
    expect(r.read).toBeGreaterThan(1.25 * r.uniform);
    expect(r.mates.uniform).toBeGreaterThan(0);
    expect(r.mates.read).toBeGreaterThan(1.25 * r.mates.uniform);
  });

  it('Nara, 4 players', () => {
    const r = overlap<NaraState, NaraView>(
      nara as GameModule<NaraState>,
      { players: 4, options: { length: 'rounds:2' }, seed: 'overlap-nara' },
      (view) => [naraSampler(view), naraInferringSampler(view, NARA_SEARCH.policy(view, false))],
      (s, seat) => s.hands[seat],
    );
    expect(r.positions).toBeGreaterThan(5);
    expect(r.read).toBeGreaterThan(1.25 * r.uniform);
  });
});
