/**
 * Koi-Koi's rollout policy sees the yaku that count cards of a class (src/search/koikoi-policy.ts):
 * on a simulator with hand-placed captures, what a capture adds to the shared policy's value.
 */
import { type KoiKoiState, card, koikoi } from '@hanafuda/engine';
import { KoiKoiFast, maskOf } from '@hanafuda/engine/fast';
import { describe, expect, it } from 'vitest';
import { WEIGHTS, koikoiCountsPolicy } from '../src/search/koikoi-policy.js';
import { KOIKOI_POLICY } from '../src/search/policies.js';

/** A fresh round's simulator with these captures (card ids) per seat, nothing else changed. */
function withCaptures(mine: string[], theirs: string[]): KoiKoiFast {
  const start = koikoi.newGame({ players: 2, seed: 'counts' });
  if (!start.ok) throw new Error(start.error.message);
  const sim = KoiKoiFast.fromState(start.value.state as KoiKoiState);
  sim.captured.fill(0);
  [mine, theirs].forEach((ids, seat) => {
    for (const c of ids.map(card)) sim.captured[2 * seat + (c >> 5)] |= 1 << (c & 31);
  });
  return sim;
}

const counts = koikoiCountsPolicy(KOIKOI_POLICY);
/** What the count yaku add to capturing `ids` for seat 0, in points (the policies value in half points). */
const bonus = (sim: KoiKoiFast, ids: string[]): number => {
  const [lo, hi] = maskOf(ids.map(card));
  return (counts.gain(sim, 0, lo, hi) - KOIKOI_POLICY.gain(sim, 0, lo, hi)) / 2;
};

describe('Koi-Koi rollout policy: the count yaku', () => {
  it('the third bright (not the rain man) makes Sanko; the second comes one short', () => {
    expect(bonus(withCaptures(['pine-crane', 'cherry-curtain'], []), ['susuki-moon', 'susuki-chaff-1'])).toBe(
      WEIGHTS.sanko.make,
    );
    expect(bonus(withCaptures(['pine-crane'], []), ['susuki-moon', 'susuki-chaff-1'])).toBe(
      WEIGHTS.sanko.near,
    );
    // The rain man makes no Sanko (three brights with him are no yaku).
    expect(
      bonus(withCaptures(['pine-crane', 'cherry-curtain'], []), ['willow-rainman', 'willow-swallow']),
    ).toBe(0);
    // Past the yaku, a bright adds nothing here.
    expect(
      bonus(withCaptures(['pine-crane', 'cherry-curtain', 'susuki-moon'], []), [
        'paulownia-phoenix',
        'paulownia-chaff-1',
      ]),
    ).toBe(0);
  });

  it('two cards of a class in one capture count once, together', () => {
    const eight = [
      'pine-chaff-1',
      'pine-chaff-2',
      'plum-chaff-1',
      'plum-chaff-2',
      'cherry-chaff-1',
      'cherry-chaff-2',
      'wisteria-chaff-1',
      'wisteria-chaff-2',
    ];
    // 8 chaff and two more: Kasu made, once.
    expect(bonus(withCaptures(eight, []), ['iris-chaff-1', 'iris-chaff-2'])).toBe(WEIGHTS.kasu.make);
    // 7 and two more: one short.
    expect(bonus(withCaptures(eight.slice(1), []), ['iris-chaff-1', 'iris-chaff-2'])).toBe(WEIGHTS.kasu.near);
  });

  it('a card of a class the opponent is one short of is denied them', () => {
    const fourRibbons = ['pine-poetry', 'wisteria-ribbon', 'iris-ribbon', 'clover-ribbon'];
    expect(bonus(withCaptures([], fourRibbons), ['willow-ribbon', 'willow-swallow'])).toBe(
      WEIGHTS.tanzaku.deny,
    );
    // The swallow is an animal: with four animals held by me, it also makes Tane.
    const fourAnimals = ['plum-warbler', 'wisteria-cuckoo', 'iris-bridge', 'susuki-geese'];
    expect(bonus(withCaptures(fourAnimals, fourRibbons), ['willow-ribbon', 'willow-swallow'])).toBe(
      WEIGHTS.tanzaku.deny + WEIGHTS.tane.make,
    );
  });
});
