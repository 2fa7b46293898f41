/**
 * The Koi-Koi search's inference: the opponent's hand is sampled by what its plays this round
 * say of it. A player who took a chaff while the cherry curtain lay on the field probably holds
 * no cherry card; a sample that deals it one is rare.
 */
import {
  type Action,
  type GameModule,
  type KoiKoiState,
  type KoiKoiView,
  STANDARD_DECK,
  card,
  cardIds,
  gameById,
  koikoi,
  makeRecord,
  parseScenario,
  replayRecord,
  sakura,
  sameAction,
  seedRng,
} from '@hanafuda/engine';
import type { BotView } from '../src/bot.js';
import {
  HINT_ITERATIONS,
  actionFigures,
  actionValues,
  greedyBot,
  hintFor,
  oneRound,
  playGame,
  reviewGame,
} from '../src/index.js';
import { describe, expect, it } from 'vitest';
import { KOIKOI_SEARCH } from '../src/search/games.js';
import { koikoiInferringSampler, koikoiRevealedSampler, koikoiSampler } from '../src/search/koikoi.js';
import { searchOutcome } from '../src/search/search.js';
import { hasCard } from '../src/search/rollout.js';

const hands = [
  [
    'plum-chaff-2',
    'wisteria-chaff-2',
    'iris-chaff-2',
    'peony-chaff-2',
    'clover-chaff-2',
    'susuki-chaff-2',
    'maple-chaff-2',
    'pine-crane',
  ],
  [
    'pine-chaff-2',
    'plum-chaff-1',
    'wisteria-chaff-1',
    'iris-chaff-1',
    'peony-chaff-1',
    'clover-chaff-1',
    'susuki-chaff-1',
    'maple-chaff-1',
  ],
];
const field = [
  'cherry-curtain',
  'pine-chaff-1',
  'chrysanthemum-chaff-1',
  'chrysanthemum-blue',
  'willow-swallow',
  'willow-ribbon',
  'paulownia-chaff-1',
  'paulownia-chaff-2',
];
const CHERRY = ['cherry-poetry', 'cherry-chaff-1', 'cherry-chaff-2'].map(card);

/** Seat 1 deals; seat 0's view before (`plays` 0) or after (1) seat 1 took the pine chaff over the curtain. */
function viewAfter(plays: 0 | 1): KoiKoiView {
  const placed = new Set([...hands.flat(), ...field, 'maple-deer']);
  const pile = ['maple-deer', ...cardIds(STANDARD_DECK).filter((id) => !placed.has(id))];
  const scenario = parseScenario(
    JSON.stringify({
      name: 'inference',
      game: 'koikoi',
      players: 2,
      dealer: 1,
      deal: { hands, field, pile, toMove: 1 },
      actions: [],
    }),
  );
  if (!scenario.ok) throw new Error(scenario.error.message);
  const start = (koikoi as GameModule).fromScenario(scenario.value.setup);
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state as KoiKoiState;
  if (plays === 1) {
    const next = koikoi.apply(state, { seat: 1, play: 'pine-chaff-2' } as Action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return koikoi.view(state, plays === 1 ? 0 : 1);
}

const policy = (view: KoiKoiView) => KOIKOI_SEARCH.policy(view, false);

/** The share of `n` samples whose opponent hand holds a cherry card, and every sample's hidden cards. */
function sampled(sampler: ReturnType<typeof koikoiSampler>, they: number, n: number) {
  let withCherry = 0;
  const deals: string[] = [];
  for (let k = 0; k < n; k++) {
    sampler.sample(seedRng(`inference:${k}`));
    const { hands: bits, pile, pileTop, pileEnd } = sampler.world;
    if (CHERRY.some((c) => hasCard(bits, 2 * they, c))) withCherry++;
    deals.push(
      `${bits[2 * they]},${bits[2 * they + 1]}|${Array.from(pile.subarray(pileTop, pileEnd)).join(',')}`,
    );
  }
  return { share: withCherry / n, deals };
}

describe('Koi-Koi: the opponent hand sampled by its plays', () => {
  const view = viewAfter(1);

  it('rarely deals a card of a month the opponent passed over a bright to keep', () => {
    const uniform = sampled(koikoiSampler(view), 1, 2000).share;
    const inferred = sampled(koikoiInferringSampler(view, policy(view)), 1, 2000).share;
    // 7 of 30 unseen cards: more than half of the uniform hands hold one of the three cherry cards.
    expect(uniform).toBeGreaterThan(0.5);
    expect(inferred).toBeLessThan(uniform / 4);
  });

  it('deals only unseen cards, the hand and pile of the view, the same for the same seed', () => {
    const a = koikoiInferringSampler(view, policy(view));
    const b = koikoiInferringSampler(view, policy(view));
    const seen = new Set([...view.hand, ...view.field, ...view.captured.flat()].map(card));
    for (let k = 0; k < 50; k++) {
      a.sample(seedRng(`deal:${k}`));
      b.sample(seedRng(`deal:${k}`));
      expect(Array.from(a.world.hands)).toEqual(Array.from(b.world.hands));
      expect(Array.from(a.world.pile.subarray(a.world.pileTop, a.world.pileEnd))).toEqual(
        Array.from(b.world.pile.subarray(b.world.pileTop, b.world.pileEnd)),
      );
      const theirs = STANDARD_DECK.filter((c) => hasCard(a.world.hands, 2, c));
      const pile = Array.from(a.world.pile.subarray(a.world.pileTop, a.world.pileEnd));
      expect(theirs).toHaveLength(view.handSizes[1]);
      expect(pile).toHaveLength(view.pileSize);
      expect(new Set([...theirs, ...pile]).size).toBe(theirs.length + pile.length);
      for (const c of [...theirs, ...pile]) expect(seen.has(c)).toBe(false);
    }
  });

  it('before the opponent has played, samples as the uniform sampler does', () => {
    const before = viewAfter(0);
    expect(before.plays).toEqual([]);
    const they = 1 - before.viewer!;
    expect(sampled(koikoiInferringSampler(before, policy(before)), they, 20).deals).toEqual(
      sampled(koikoiSampler(before), they, 20).deals,
    );
  });
});

describe('Koi-Koi: hints and reviews read the plays too', () => {
  const view = viewAfter(1) as BotView;
  const samples = Math.floor(HINT_ITERATIONS / view.actions.length);

  it('a hint expects the curtain the opponent passed over to stay out of its reach', () => {
    // Read from its plays, the opponent rarely holds a cherry card to take the curtain with: every move's
    // expected points rise by about a point over a uniform reading of the unseen cards (1.1 to 2.0 on these seeds).
    for (const seed of ['hint:1', 'hint:2', 'hint:3']) {
      const hint = hintFor(view, seedRng(seed));
      const move = view.actions.findIndex((a) => sameAction(a, hint.action));
      const uniform = actionFigures(view, seedRng(seed), samples)[move].points;
      expect(hint.reason.expected!.move).toBeGreaterThan(uniform + 0.5);
    }
  });

  it("a review rates the same seat's decisions by that reading once the opponent has played, and as before until then", () => {
    const game = gameById('koikoi')!;
    const setup = { players: 2, options: oneRound(game), seed: 'review-reading' };
    const record = makeRecord(
      'koikoi',
      setup,
      playGame(game, setup, [greedyBot, greedyBot], [seedRng('r:0'), seedRng('r:1')]).actions,
    );
    const steps = replayRecord(game, record);
    if (!steps.ok) throw new Error(steps.error.message);
    const budget = 400;
    const review = reviewGame(record, { seat: 0, budget });
    let read = 0;
    for (const d of review.decisions) {
      const seen = game.view(steps.value[d.index].state, 0) as KoiKoiView & BotView;
      const values = (how = {}) =>
        actionValues(
          seen,
          seedRng(`review:${record.seed}:${d.index}`),
          Math.floor(budget / d.actions.length),
          how,
        );
      const uniform = values();
      if (seen.plays.some((p) => p.seat === 1)) {
        expect(d.values).toEqual(values({ inference: true }));
        if (d.values.some((v, i) => v !== uniform[i])) read++;
      } else expect(d.values).toEqual(uniform);
    }
    expect(read).toBeGreaterThan(0);
  });
});

describe('Koi-Koi: the opponent hand shown (a diagnostic of what it is worth)', () => {
  const view = viewAfter(1);
  // Seat 1's hand after it played the pine chaff: the view hides it.
  const shown = hands[1].slice(1).map(card);

  it('deals that hand in every sample, and the rest of the unseen cards to the pile in varied orders', () => {
    const sampler = koikoiRevealedSampler(view, shown);
    const seen = new Set([...view.hand, ...view.field, ...view.captured.flat()].map(card));
    const rest = STANDARD_DECK.filter((c) => !seen.has(c) && !shown.includes(c));
    const piles = new Set<string>();
    for (let k = 0; k < 20; k++) {
      sampler.sample(seedRng(`shown:${k}`));
      const { hands: bits, pile, pileTop, pileEnd } = sampler.world;
      expect(STANDARD_DECK.filter((c) => hasCard(bits, 2, c))).toEqual([...shown].sort((a, b) => a - b));
      const dealt = Array.from(pile.subarray(pileTop, pileEnd));
      expect([...dealt].sort((a, b) => a - b)).toEqual(rest);
      piles.add(dealt.join(','));
    }
    expect(piles.size).toBe(20);
  });

  it('refuses a hand of the wrong size, or with a card the view shows, naming the rule', () => {
    expect(() => koikoiRevealedSampler(view, shown.slice(1))).toThrow(
      /must be 7 distinct cards the view does not show/,
    );
    expect(() => koikoiRevealedSampler(view, [...shown.slice(1), card(view.hand[0])])).toThrow(
      /must be 7 distinct cards/,
    );
    expect(() => koikoiRevealedSampler(view, [...shown.slice(1), shown[1]])).toThrow(
      /must be 7 distinct cards/,
    );
  });

  it('is for Koi-Koi only: another game’s search shown a hand throws', () => {
    const start = sakura.newGame({ players: 2, seed: 'shown' });
    if (!start.ok) throw new Error(start.error.message);
    const state = start.value.state;
    const sakuraView = sakura.view(state, sakura.toMove(state)!) as BotView;
    expect(() => searchOutcome(sakuraView, seedRng('shown'), { iterations: 20, opponentHand: [0] })).toThrow(
      /Koi-Koi's search only, not sakura's/,
    );
  });
});
