// @vitest-environment happy-dom
/** The round's breakdown: a headline in each game's terms and grammar, in view when it opens. */
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../src/i18n/i18n.js';
import type { RoundSummary } from '../src/state/table-client.js';
import { RoundSummaryView, type SummaryProps } from '../src/ui/round-summary.js';
import type { GameId } from '@hanafuda/table';
import { optionsView } from './support/options-view.js';

const en = stringsFor('en');
const names = ['You', 'Hana', 'Kaze', 'Tsuki'];

function mount(
  game: GameId,
  result: Record<string, unknown>,
  sides: number[][],
  t = en,
  extra: Partial<SummaryProps> & { dealer?: number | null; round?: number } = {},
): HTMLElement {
  const summary: RoundSummary = {
    round: extra.round ?? 1,
    dealer: extra.dealer === undefined ? 0 : extra.dealer,
    result,
    captured: null,
    totals: sides.map(() => 0),
    events: [],
  };
  const props: SummaryProps = {
    game,
    summary,
    sides,
    t,
    name: (s) => names[s],
    view: optionsView(game),
    onContinue: () => undefined,
    ...extra,
  };
  const root = document.createElement('div');
  document.body.append(root);
  // act() runs the effects (focus, scroll) before the test looks.
  void act(() => render(h(RoundSummaryView, props), root));
  return root;
}
const headline = (root: HTMLElement) => root.querySelector('#sum-title')?.textContent ?? '';

describe('the round summary', () => {
  it('says "You win", "Hana wins" and, for a team, "You and Kaze win"', () => {
    expect(headline(mount('sakura', { winner: 0, scores: [10, -10] }, [[0], [1]]))).toMatch(
      /— You win the round$/,
    );
    expect(headline(mount('sakura', { winner: 1, scores: [-10, 10] }, [[0], [1]]))).toMatch(
      /— Hana wins the round$/,
    );
    expect(
      headline(
        mount('sakura', { winner: 0, scores: [10, -10] }, [
          [0, 2],
          [1, 3],
        ]),
      ),
    ).toMatch(/— You and Kaze win the round$/);
  });

  it('gives Nara (no single winner) its best score and the next dealer, not "Nobody scores"', () => {
    const root = mount(
      'nara',
      {
        scores: [-40, 120, -50, -30],
        points: [120, 280, 110, 130],
        yaku: [[], [], [], []],
        nextDealer: 2,
        special: false,
      },
      [[0], [1], [2], [3]],
    );
    expect(headline(root)).toMatch(/— Hana scores most \(\+120\)$/);
    expect(root.textContent).toContain('Next dealer: Kaze');
    expect(headline(mount('nara', { scores: [0, 0, 0, 0], nextDealer: 0 }, [[0], [1], [2], [3]]))).toMatch(
      /Nobody scores$/,
    );
  });

  it("puts Oi-bana's payments in money words", () => {
    const root = mount('oibana', { winner: 1, duelists: [0, 1], scores: [-200, 200] }, [[0], [1], [2]]);
    const sides = [...root.querySelectorAll('.sum-side .sum-score')].map((e) => e.textContent);
    expect(sides).toEqual(['Pays: 200', 'Receives: 200']);
    expect(root.textContent).not.toContain('Round score');
  });

  it('opens with the Continue button focused (the browser test checks the headline stays in view)', () => {
    mount('sakura', { winner: 0, scores: [10, -10] }, [[0], [1]]);
    expect(document.activeElement?.textContent).toBe('Continue');
  });

  it('offers to replay the deal (round and dealer) where the page can, in English and Japanese', () => {
    const asked: [number, number][] = [];
    const root = mount('sakura', { winner: 0, scores: [10, -10] }, [[0], [1]], en, {
      round: 3,
      dealer: 1,
      onReplayDeal: (round, dealer) => asked.push([round, dealer]),
    });
    const button = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Replay this deal');
    button!.click();
    expect(asked).toEqual([[3, 1]]);
    const ja = mount('sakura', { winner: 0, scores: [10, -10] }, [[0], [1]], stringsFor('ja'), {
      onReplayDeal: () => undefined,
    });
    expect([...ja.querySelectorAll('button')].map((b) => b.textContent)).toContain('この配牌をもう一度');
  });

  it("has no replay button online (no onReplayDeal) or when the round's dealer is unknown", () => {
    const texts = (root: HTMLElement) => [...root.querySelectorAll('button')].map((b) => b.textContent);
    expect(texts(mount('sakura', { winner: 0, scores: [10, -10] }, [[0], [1]]))).toEqual(['Continue']);
    expect(
      texts(
        mount('sakura', { winner: 0, scores: [10, -10] }, [[0], [1]], en, {
          dealer: null,
          onReplayDeal: () => undefined,
        }),
      ),
    ).toEqual(['Continue']);
  });

  it('says in words what the other sides’ yaku cost, in either language', () => {
    expect(en.penaltyWords(90, 50, 1, '40')).toBe('90 card points − 50 for a yaku the others made = 40');
    expect(en.penaltyWords(90, 50, 2, '−10')).toBe(
      '90 card points − 50 × 2 for 2 yaku the others made = −10',
    );
    expect(stringsFor('ja').penaltyWords(90, 50, 2, '−10')).toBe('札の点90 − 相手の役2つ × 50 = −10');
    // Nara: the card points against the base the game is measured from (RULES.md 5.4).
    expect(en.naraPointsWords(20, 160, '−140')).toBe('20 card points, 160 needed to break even: −140');
    expect(stringsFor('ja').naraPointsWords(20, 160, '−140')).toBe('取り札 20点（基準の160点との差 −140）');
  });
});
