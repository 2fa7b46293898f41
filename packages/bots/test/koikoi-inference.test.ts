/**
 * Koi-Koi's samples use what the opponent's last play showed: a light it left on the field is
 * a month it holds no card of (search/koikoi.ts). Checked on positions of greedy games, where
 * the hidden hand is known to the test.
 */
import { type Card, type KoiKoiState, type KoiKoiView, cardById, classOf, monthOf, seedRng } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { greedyChoice, oneRound } from '../src/index.js';
import { determinizeKoiKoi, notInTheirHand } from '../src/search/koikoi.js';
import { game } from './support.js';

const g = game('koikoi');
const ids = (list: readonly string[]): Card[] => list.map((id) => cardById(id)!);
const unseenBy = (view: KoiKoiView): Card[] => {
  const shown = new Set(ids([...view.hand, ...view.field, ...view.captured.flat(), ...(view.pending ? [view.pending] : [])]));
  return Array.from({ length: 48 }, (_, c) => c).filter((c) => !shown.has(c));
};

/** Every decision of greedy one-round games, with the state the view hides. */
function positions(games: number): { view: KoiKoiView; state: KoiKoiState }[] {
  const out: { view: KoiKoiView; state: KoiKoiState }[] = [];
  for (let n = 0; n < games; n++) {
    const start = g.newGame({ players: 2, options: oneRound(g, {}), seed: `inference:${n}` });
    if (!start.ok) throw new Error(start.error.message);
    let state = start.value.state as KoiKoiState;
    for (let seat = g.toMove(state); seat !== null; seat = g.toMove(state)) {
      const view = g.view(state, seat) as KoiKoiView;
      out.push({ view, state });
      const next = g.apply(state, greedyChoice(view));
      if (!next.ok) throw new Error(next.error.message);
      state = next.value.state as KoiKoiState;
    }
  }
  return out;
}

describe('Koi-Koi inference from the opponent’s plays', () => {
  const all = positions(100);
  const inferred = all.filter(({ view }) => notInTheirHand(view, ids(view.field), unseenBy(view), view.pileSize).length > 0);

  it('finds lights left on the field in a good share of positions', () => {
    expect(inferred.length).toBeGreaterThan(all.length / 20);
  });

  it('names only cards of a light’s month, which the opponent (greedy) mostly does not hold', () => {
    let right = 0;
    /** The share a hand dealt from the unseen cards at random would get right: none of `out` among h of n cards. */
    let chance = 0;
    for (const { view, state } of inferred) {
      const out = notInTheirHand(view, ids(view.field), unseenBy(view), view.pileSize);
      const lightMonths = new Set(
        ids(view.field)
          .filter((c) => classOf(c) === 'bright' || cardById('chrysanthemum-sake') === c)
          .map(monthOf),
      );
      for (const c of out) expect(lightMonths.has(monthOf(c))).toBe(true);
      if (!state.hands[1 - view.viewer!].some((c) => out.includes(c))) right++;
      const n = unseenBy(view).length;
      let none = 1;
      for (let k = 0; k < view.handSizes[1 - view.viewer!]; k++) none *= (n - out.length - k) / (n - k);
      chance += none;
    }
    // A player may pass a light over for a better capture (the samples trust the inference 3 times in 4), but far less often than chance.
    expect(right / inferred.length).toBeGreaterThan(chance / inferred.length + 0.15);
  });

  it('keeps those cards out of about 3 sampled hands in 4, always within the view', () => {
    let kept = 0;
    let samples = 0;
    for (const [i, { view }] of inferred.slice(0, 40).entries()) {
      const out = notInTheirHand(view, ids(view.field), unseenBy(view), view.pileSize);
      const unseen = unseenBy(view);
      for (let k = 0; k < 20; k++, samples++) {
        const sample = determinizeKoiKoi(view, seedRng(`inference-sample:${i}:${k}`));
        const theirs = sample.hands[1 - view.viewer!];
        expect(theirs.length).toBe(view.handSizes[1 - view.viewer!]);
        expect([...theirs, ...sample.pile].sort((a, b) => a - b)).toEqual(unseen);
        if (!theirs.some((c) => out.includes(c))) kept++;
      }
    }
    // Trusted samples (3 in 4) always keep them out; the others deal them as any unseen card.
    expect(kept / samples).toBeGreaterThan(0.75);
    expect(kept / samples).toBeLessThan(0.97);
  });

  it('infers nothing before the opponent’s first play', () => {
    for (const { view } of all.filter(({ view }) => view.handSizes[1 - view.viewer!] === 8)) {
      expect(notInTheirHand(view, ids(view.field), unseenBy(view), view.pileSize)).toEqual([]);
    }
  });
});
