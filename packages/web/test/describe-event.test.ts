import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { ja } from '../src/i18n/ja.js';
import { describeEvent } from '../src/ui/describe-event.js';

const names = (seat: number) => ['Ana', 'Hana', 'Kaze'][seat];

describe('the play log', () => {
  it('says "you" for the person\'s own seat, with the verb agreeing, and names the others', () => {
    expect(describeEvent({ type: 'play', seat: 0, card: 'pine-crane' }, names, 'en', 0)).toMatch(/^You play /);
    expect(describeEvent({ type: 'play', seat: 1, card: 'pine-crane' }, names, 'en', 0)).toMatch(/^Hana plays /);
    expect(describeEvent({ type: 'yaku', seat: 0, total: 30 }, names, 'en', 0)).toBe('You have yaku worth 30.');
    expect(describeEvent({ type: 'played-for', seat: 1, reason: 'away' }, names, 'en', 0)).toBe('A bot plays for Hana (away).');
    expect(describeEvent({ type: 'played-for', seat: 0, reason: 'timer' }, names, 'en', 0)).toBe('A bot plays for you (out of time).');
    expect(describeEvent({ type: 'gaji-blocked', seat: 1, owner: 0, month: 3 }, names, 'en', 0)).toBe("Hana's Gaji is blocked by your hiki of Cherry blossom (month 3).");
    expect(describeEvent({ type: 'gaji-transfer', card: 'willow-lightning', to: 0 }, names, 'en', 0)).toMatch(/passes to you\.$/);
    expect(describeEvent({ type: 'auction-end', duelists: [2, 0] }, names, 'en', 0)).toBe('Kaze and you play this round.');
  });

  it('names months by their plant as well as their number, in both languages', () => {
    expect(describeEvent({ type: 'gaji-claim', seat: 0, month: 2 }, names, 'en', 0)).toBe('Your Gaji claims Plum blossom (month 2).');
    expect(describeEvent({ type: 'gaji-claim', seat: 1, month: 2 }, names, 'ja', 0)).toBe('Hanaのガジが2月（梅）を得る。');
    expect(describeEvent({ type: 'hiki', seat: 2, month: 11 }, names, 'en', 0)).toBe('Kaze holds a hiki of Willow (month 11).');
  });

  it('names every seat in a replay or for a spectator', () => {
    expect(describeEvent({ type: 'play', seat: 0, card: 'pine-crane' }, names, 'en', null)).toMatch(/^Ana plays /);
    expect(describeEvent({ type: 'play', seat: 0, card: 'pine-crane' }, names, 'ja', 0)).toMatch(/^Anaが/);
  });

  it('says "you" in a replay for the seat the app named for the person, in either language it was stored in', () => {
    for (const me of [en.you, ja.you]) {
      const stored = (seat: number) => [me, 'Hana'][seat];
      expect(describeEvent({ type: 'capture', seat: 0, cards: ['pine-crane'] }, stored, 'en', null)).toMatch(/^You capture /);
      expect(describeEvent({ type: 'round-start', round: 3, dealer: 0 }, stored, 'en', null)).toBe('Round 3: You deal.');
      expect(describeEvent({ type: 'capture', seat: 1, cards: ['pine-crane'] }, stored, 'en', null)).toMatch(/^Hana captures /);
    }
    expect(en.reviewTitle(en.you)).toBe('Review of your decisions');
    expect(en.reviewTitle('Hana')).toBe("Review of Hana's decisions");
  });
});
