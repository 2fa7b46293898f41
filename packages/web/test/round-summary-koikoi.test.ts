// @vitest-environment happy-dom
/** The round breakdown says why a Koi-Koi score differs from the yaku total under the KoiKoi Japan rules. */
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { stringsFor } from '../src/i18n/i18n.js';
import type { RoundSummary } from '../src/state/table-client.js';
import { RoundSummaryView } from '../src/ui/round-summary.js';
import { optionsView } from './support/options-view.js';

const root = document.createElement('div');
document.body.append(root);
afterEach(() => render(null, root));

const japan = {
  preset: 'koikoi-japan',
  sevenDouble: false,
  koiKoiDouble: false,
  koiKoiBonus: 'own-calls',
  handsOut: 'dealer-one',
};
function show(result: Record<string, unknown>): string {
  const summary: RoundSummary = { round: 1, dealer: 0, result, captured: null, totals: [30, 30], events: [] };
  const props = {
    game: 'koikoi' as const,
    summary,
    sides: [[0], [1]],
    t: stringsFor('en'),
    name: (seat: number) => `P${seat}`,
    view: optionsView('koikoi', japan),
    onContinue: () => {},
  };
  void act(() => render(h(RoundSummaryView, props), root));
  return root.textContent ?? '';
}

describe('Koi-Koi round breakdown under koikoi-japan', () => {
  it("names the winner's own Koi-Koi calls as the bonus, and no doubling", () => {
    const text = show({
      end: 'shobu',
      winner: 0,
      yakuTotals: [6, 0],
      scores: [7, 0],
      koikoi: [1, 2],
      yaku: [['tsukimi', 'hanami'], []],
    });
    expect(text).toContain('bonus for own Koi-Koi calls: 1');
    expect(text).not.toContain('×2');
  });
  it('says the dealer takes 1 when the hands run out', () => {
    const text = show({
      end: 'hands-empty',
      winner: 0,
      yakuTotals: [0, 5],
      scores: [1, 0],
      koikoi: [0, 1],
      yaku: [[], ['akatan']],
    });
    expect(text).toContain('the hands ran out: the dealer takes 1');
  });
});
