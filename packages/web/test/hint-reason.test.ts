// @vitest-environment happy-dom
/** A hint says why: the table's reason, kept by the client and worded on the board in English and Japanese. */
import type { HintReason } from '@hanafuda/bots';
import { cardLabel } from '@hanafuda/cards-art';
import type { TableMessage } from '@hanafuda/protocol';
import { Table } from '@hanafuda/table';
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../src/i18n/i18n.js';
import { INITIAL, reduce } from '../src/state/table-client.js';
import { reasonText } from '../src/ui/action-text.js';
import { Board } from '../src/ui/board.js';

const reason: HintReason = {
  captures: ['cherry-chaff-1', 'cherry-curtain'],
  points: 20,
  advances: ['Ro'],
  blocks: ['I'],
  keeps: 'cherry-curtain',
  expected: { move: 12.34, next: -3.21 },
};

describe('hint reasons', () => {
  it('are worded in English: the capture and its points, the yaku advanced and blocked, the card kept, the expected points', () => {
    const [chaff, curtain] = [cardLabel('cherry-chaff-1', 'en'), cardLabel('cherry-curtain', 'en')];
    expect(reasonText(reason, 'sakura', stringsFor('en'), 'en')).toBe(
      `takes ${chaff}, ${curtain} (20 points); brings Ro (Spring, Omote Sugawara) closer; blocks I (Drinking, Nomi) for the others; ` +
        `keeps ${curtain} from the others; expected +12.3 points against −3.2 for the next best move`,
    );
  });

  it('are worded in Japanese, with the yaku by their Japanese names', () => {
    const [chaff, curtain] = [cardLabel('cherry-chaff-1', 'ja'), cardLabel('cherry-curtain', 'ja')];
    expect(reasonText(reason, 'sakura', stringsFor('ja'), 'ja')).toBe(
      `${chaff}・${curtain}を取る（20点）。「ろ（表菅原）」に近づく。相手の「い（呑み）」を阻む。${curtain}を相手に渡さない。期待点 +12.3（次善手は −3.2）`,
    );
  });

  it('leave out what does not apply: Koi-Koi has no card points, a move without a capture has no capture to tell', () => {
    const t = stringsFor('en');
    expect(
      reasonText(
        {
          captures: ['cherry-chaff-1', 'cherry-curtain'],
          advances: [],
          blocks: ['hanami'],
          expected: { move: 1, next: 0.5 },
        },
        'koikoi',
        t,
        'en',
      ),
    ).toBe(
      `takes ${cardLabel('cherry-chaff-1', 'en')}, ${cardLabel('cherry-curtain', 'en')}; blocks Hanami-zake (blossom viewing) for the others; expected +1.0 points against +0.5 for the next best move`,
    );
    expect(reasonText({ captures: [], points: 0, advances: [], blocks: [] }, 'sakura', t, 'en')).toBe('');
  });

  it('add the chance of winning the game where the round has a stake in it, in whole percent', () => {
    const staked = {
      captures: [],
      advances: [],
      blocks: [],
      expected: { move: 1.26, next: 2.5 },
      win: { move: 0.634, next: 0.576 },
    };
    expect(reasonText(staked, 'koikoi', stringsFor('en'), 'en')).toBe(
      'expected +1.3 points against +2.5 for the next best move; 63% to win the game against 58%',
    );
    expect(reasonText(staked, 'koikoi', stringsFor('ja'), 'ja')).toBe(
      '期待点 +1.3（次善手は +2.5）。対局に勝つ見込み 63%（次善手は 58%）',
    );
  });

  it('come from the table with its hint, and the board shows them under the move', () => {
    const created = Table.create(
      {
        game: 'sakura',
        players: 2,
        options: { rounds: 1 },
        seats: [
          { kind: 'human', name: 'Ada' },
          { kind: 'human', name: 'Bo' },
        ],
      },
      'hint-reason-1',
    );
    if (!created.ok) throw new Error(created.error.message);
    const table = created.value;
    const seat = table.toMove!;
    let state = INITIAL;
    const connection = table.connect(seat, (m: TableMessage) => (state = reduce(state, m)));
    void table.receive(connection, '{"v":1,"type":"hint"}');
    expect(state.hint).not.toBeNull();
    expect(state.hintReason?.expected).toBeDefined();
    const root = document.createElement('div');
    render(
      h(Board, {
        state,
        t: stringsFor('en'),
        name: (s: number) => `Seat ${s}`,
        detail: () => '',
        askHint: () => undefined,
      }),
      root,
    );
    expect(root.querySelector('.hint-why')?.textContent).toBe(
      reasonText(state.hintReason!, 'sakura', stringsFor('en'), 'en'),
    );
    // A one-round game: its round decides it, so the chance of winning the game comes with the points.
    expect(state.hintReason?.win).toBeDefined();
    expect(root.querySelector('.hint-why')?.textContent).toMatch(
      /expected [+−]\d+\.\d points against [+−]\d+\.\d for the next best move; \d+% to win the game against \d+%$/,
    );
  });
});
