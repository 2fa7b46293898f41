/** A hint's reason in the terminal: one English line, cards named as the menu names them. */
import { describe, expect, it } from 'vitest';
import { makePaint } from '../src/play/ansi.js';
import { paintCard } from '../src/play/cards.js';
import { reasonLine } from '../src/play/hint-reason.js';

describe('reasonLine', () => {
  const plain = makePaint(false);
  const card = (id: string) => paintCard(plain, id);

  it('says what the move takes and its points, the yaku it advances and blocks, the card it keeps and its expected points', () => {
    const line = reasonLine(
      {
        captures: ['cherry-chaff-1', 'cherry-curtain'],
        points: 20,
        advances: ['Ro'],
        blocks: ['I'],
        keeps: 'cherry-curtain',
        expected: { move: 12.34, next: -3.21 },
      },
      'sakura',
      card,
    );
    expect(line).toBe(
      `takes ${card('cherry-chaff-1')}, ${card('cherry-curtain')} (20 points); brings Ro closer; blocks I for the others; keeps ${card('cherry-curtain')} from the others; expected +12.3 points against -3.2 for the next best move`,
    );
    expect(line).not.toMatch(/[a-z]+-[a-z]+/);
  });

  it('names Koi-Koi and Nara yaku by name, and leaves out what does not apply', () => {
    expect(
      reasonLine(
        { captures: [], advances: [], blocks: ['hanami'], expected: { move: 0.5, next: 0.25 } },
        'koikoi',
        card,
      ),
    ).toBe('blocks Hanami-zake for the others; expected +0.5 points against +0.3 for the next best move');
    expect(reasonLine({ captures: [], points: 0, advances: ['aotan'], blocks: [] }, 'nara', card)).toBe(
      'brings Aotan closer',
    );
    expect(
      reasonLine(
        {
          captures: [],
          advances: [],
          blocks: [],
          expected: { move: 1.26, next: 2.5 },
          win: { move: 0.634, next: 0.576 },
        },
        'koikoi',
        card,
      ),
    ).toBe('expected +1.3 points against +2.5 for the next best move; 63% to win the game against 58%');
    expect(reasonLine({ captures: [], advances: [], blocks: [] }, 'sakura', card)).toBe('');
  });
});
