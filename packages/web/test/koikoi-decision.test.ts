// @vitest-environment happy-dom
/** The Koi-Koi decision: your yaku, what Shobu scores now (RULES.md 4.4), the opponent's nearest yaku, the risk. */
import type { Action, KoiKoiView } from '@hanafuda/engine';
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { type BoardModel, koikoiDecision } from '@hanafuda/table';
import { stringsFor } from '../src/i18n/i18n.js';
import { Prompt } from '../src/ui/prompt.js';
import { optionsView } from './support/options-view.js';

/** The parts of a Koi-Koi view the decision reads: seat 0 holds Sanko, seat 1 has the boar and the deer. */
function view(total: number, opponentCalls: number, options: Record<string, unknown> = {}): KoiKoiView {
  return {
    game: 'koikoi',
    yaku: [
      { ids: ['sanko'], total },
      { ids: [], total: 0 },
    ],
    koikoi: [0, opponentCalls],
    options: optionsView('koikoi', options).options,
    round: 1,
    captured: [
      ['pine-crane', 'cherry-curtain', 'susuki-moon'],
      ['clover-boar', 'maple-deer'],
    ],
  } as unknown as KoiKoiView;
}

describe('the Koi-Koi decision', () => {
  it('scores Shobu with the multipliers the options turn on', () => {
    expect(koikoiDecision(view(5, 0), 0).shobu).toBe(5);
    expect(koikoiDecision(view(5, 1), 0).shobu).toBe(10);
    expect(koikoiDecision(view(7, 1), 0).shobu).toBe(28);
    expect(koikoiDecision(view(7, 1, { koiKoiDouble: false }), 0).shobu).toBe(14);
    expect(koikoiDecision(view(7, 0, { sevenDouble: false }), 0).shobu).toBe(7);
  });

  it("names the opponent's nearest yaku: Ino-Shika-Cho at 2 of 3 before Tane at 2 of 5", () => {
    const d = koikoiDecision(view(5, 0), 0);
    expect([d.nearest?.id, d.nearest?.have, d.nearest?.need]).toEqual(['inoshikacho', 2, 3]);
  });

  it('says all of it beside the two buttons', () => {
    const t = stringsFor('en');
    const actions = [
      { seat: 0, koikoi: true },
      { seat: 0, shobu: true },
    ] as unknown as Action[];
    const board = {
      game: 'koikoi',
      phase: 'decide',
      toMove: 0,
      viewer: 0,
      actions,
      hand: [],
      field: [],
      pending: null,
      seats: [],
      sides: [[0], [1]],
      totals: [0, 0],
    } as unknown as BoardModel;
    const root = document.createElement('div');
    render(
      h(Prompt, {
        board,
        t,
        selected: null,
        onCancel: () => undefined,
        act: () => undefined,
        name: (s: number) => ['You', 'Hana'][s],
        koikoi: koikoiDecision(view(5, 0), 0),
      }),
      root,
    );
    const text = root.textContent ?? '';
    expect(text).toContain('You have yaku worth 5 (Sanko (three brights))');
    // The gloss is its own element, which a phone leaves out (styles.css).
    expect([...root.querySelectorAll('.yaku-gloss')].map((g) => g.textContent)).toEqual([' (three brights)']);
    expect(text).toContain('Shobu now scores 5.');
    expect(text).toContain('Hana is closest to Ino-Shika-Cho (2 of 3).');
    expect(text).toContain("if Hana scores first, you get nothing and Hana's score is doubled.");
  });
});
