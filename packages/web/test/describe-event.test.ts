import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { ja } from '../src/i18n/ja.js';
import { describeEvent } from '../src/ui/describe-event.js';

const names = (seat: number) => ['Ana', 'Hana', 'Kaze'][seat];

describe('the play log', () => {
  it('says "you" for the person\'s own seat, with the verb agreeing, and names the others', () => {
    expect(describeEvent({ type: 'play', seat: 0, card: 'pine-crane' }, names, 'en', 0)).toMatch(
      /^You play /,
    );
    expect(describeEvent({ type: 'play', seat: 1, card: 'pine-crane' }, names, 'en', 0)).toMatch(
      /^Hana plays /,
    );
    expect(describeEvent({ type: 'yaku', seat: 0, total: 30 }, names, 'en', 0)).toBe(
      'You have yaku worth 30.',
    );
    expect(describeEvent({ type: 'played-for', seat: 1, reason: 'away' }, names, 'en', 0)).toBe(
      'A bot plays for Hana (away).',
    );
    expect(describeEvent({ type: 'played-for', seat: 0, reason: 'timer' }, names, 'en', 0)).toBe(
      'A bot plays for you (out of time).',
    );
    expect(describeEvent({ type: 'gaji-blocked', seat: 1, owner: 0, month: 3 }, names, 'en', 0)).toBe(
      "Hana's Gaji is blocked by your hiki of Cherry blossom (month 3).",
    );
    expect(describeEvent({ type: 'gaji-transfer', card: 'willow-lightning', to: 0 }, names, 'en', 0)).toMatch(
      /passes to you\.$/,
    );
    expect(describeEvent({ type: 'auction-end', duelists: [2, 0] }, names, 'en', 0)).toBe(
      'Kaze and you play this round.',
    );
  });

  it('names months by their plant as well as their number, in both languages', () => {
    expect(describeEvent({ type: 'gaji-claim', seat: 0, month: 2 }, names, 'en', 0)).toBe(
      'Your Gaji claims Plum blossom (month 2).',
    );
    expect(describeEvent({ type: 'gaji-claim', seat: 1, month: 2 }, names, 'ja', 0)).toBe(
      'Hanaのガジが2月（梅）を得る。',
    );
    expect(describeEvent({ type: 'hiki', seat: 2, month: 11 }, names, 'en', 0)).toBe(
      'Kaze holds a hiki of Willow (month 11).',
    );
  });

  it('names every seat in a replay or for a spectator', () => {
    expect(describeEvent({ type: 'play', seat: 0, card: 'pine-crane' }, names, 'en', null)).toMatch(
      /^Ana plays /,
    );
    expect(describeEvent({ type: 'play', seat: 0, card: 'pine-crane' }, names, 'ja', 0)).toMatch(/^Anaが/);
  });

  it('says "you" in a replay for the seat the app named for the person, in either language it was stored in', () => {
    for (const me of [en.you, ja.you]) {
      const stored = (seat: number) => [me, 'Hana'][seat];
      expect(describeEvent({ type: 'capture', seat: 0, cards: ['pine-crane'] }, stored, 'en', null)).toMatch(
        /^You capture /,
      );
      expect(describeEvent({ type: 'round-start', round: 3, dealer: 0 }, stored, 'en', null)).toBe(
        'Round 3: You deal.',
      );
      expect(describeEvent({ type: 'capture', seat: 1, cards: ['pine-crane'] }, stored, 'en', null)).toMatch(
        /^Hana captures /,
      );
    }
    expect(en.reviewTitle(en.you)).toBe('Review of your decisions');
    expect(en.reviewTitle('Hana')).toBe("Review of Hana's decisions");
  });
});

/** Every logged event that names a seat, with that seat 0 (and seat 1 beside it where it names two). */
const SEAT_EVENTS = [
  { type: 'round-start', round: 3, dealer: 0 },
  { type: 'play', seat: 0, card: 'pine-crane' },
  { type: 'draw', seat: 0, card: 'pine-crane' },
  { type: 'capture', seat: 0, cards: ['pine-crane'] },
  { type: 'hiki', seat: 0, month: 1 },
  { type: 'hiki-taken', seat: 0, cards: ['pine-crane'] },
  { type: 'gaji-claim', seat: 0, month: 1 },
  { type: 'gaji-blocked', seat: 0, owner: 1, month: 1 },
  { type: 'gaji-blocked', seat: 1, owner: 0, month: 1 },
  { type: 'gaji-leftovers', seat: 0, cards: ['pine-crane'] },
  { type: 'gaji-transfer', card: 'willow-lightning', to: 0 },
  { type: 'yaku', seat: 0, total: 5 },
  { type: 'koikoi', seat: 0 },
  { type: 'shobu', seat: 0 },
  { type: 'bid', seat: 0, bid: 100 },
  { type: 'auction-end', duelists: [0, 1] },
  { type: 'auction-end', duelists: [1, 0] },
  { type: 'pile-chosen', seat: 0 },
  { type: 'dealer-take', seat: 0, cards: ['pine-crane'] },
  { type: 'dealer-takes-four', seat: 0, cards: ['pine-crane'] },
  { type: 'blank-claim', seat: 0, cards: ['pine-crane'] },
  { type: 'redeal-asked', seat: 0 },
  { type: 'played-for', seat: 0, reason: 'away' },
];

describe('person-aware grammar', () => {
  // "You" with a third-person verb or a possessive "'s": "You deals", "You's".
  const wrongForYou =
    /\b[Yy]ou('s| (deals|plays|draws|captures|holds|takes|receives|has|calls|bids|chooses|asks|completes|wins|scores|is)\b)/;
  it('gives every log line that names the person\'s seat the plain verb and "your", live and in a replay', () => {
    for (const e of SEAT_EVENTS) {
      const live = describeEvent(e, names, 'en', 0)!;
      const replay = describeEvent(e, (s) => [en.you, 'Hana'][s]!, 'en', null)!;
      for (const line of [live, replay]) {
        expect(line, JSON.stringify(e)).toMatch(/\b(You|you|Your|your)\b/);
        expect(line, JSON.stringify(e)).not.toMatch(wrongForYou);
      }
      // Another name alone keeps the third person: no "Ana play" ("Hana and Ana play" is plural).
      const other = describeEvent(e, names, 'en', 2)!;
      expect(other).not.toMatch(/\b(You|you|Your|your)\b/);
      expect(other, JSON.stringify(e)).not.toMatch(
        /(^|: )Ana (deal|play|draw|capture|hold|take|receive|have|call|bid|choose|ask)\b/,
      );
      // Japanese has no agreement to get wrong, but "あなた" stands for the person's seat.
      expect(describeEvent(e, (s) => [ja.you, 'Hana'][s]!, 'ja', 0)).toContain(ja.you);
    }
  });

  it('makes every summary, yaku, review and clock message agree with "You" and with another name', () => {
    const cases: [(who: string) => string, string, string][] = [
      [(w) => en.yakuMade([w], 'Chi'), 'You complete Chi', 'Hana completes Chi'],
      [(w) => en.roundWinner([w]), 'You win the round', 'Hana wins the round'],
      [(w) => en.topScore([w], 5), 'You score most (+5)', 'Hana scores most (+5)'],
      [
        (w) => en.koikoiNearest(w, 'Sanko', 2, 3),
        'You are closest to Sanko (2 of 3).',
        'Hana is closest to Sanko (2 of 3).',
      ],
      [(w) => en.reviewTitle(w), 'Review of your decisions', "Review of Hana's decisions"],
      [(w) => en.turnOf(w, 9), 'Your turn: 9 s left', "Hana's turn: 9 s left"],
    ];
    for (const [say, you, hana] of cases) {
      expect(say(en.you)).toBe(you);
      expect(say('Hana')).toBe(hana);
    }
    expect(en.yakuMade(['Hana', 'Tsuki'], 'Chi')).toBe('Hana and Tsuki complete Chi');
    expect(en.roundWinner([en.you, 'Kaze'])).toBe('You and Kaze win the round');
    expect(en.topScore([en.you, 'Hana', 'Kaze'], 5)).toBe('You, Hana and Kaze score most (+5)');
    const jaCases = [
      ja.yakuMade([ja.you], 'ち'),
      ja.roundWinner([ja.you]),
      ja.topScore([ja.you], 5),
      ja.reviewTitle(ja.you),
      ja.turnOf(ja.you, 9),
    ];
    expect(jaCases).toEqual([
      'あなたがちを完成',
      'あなたの勝ち',
      'あなたが最高点（+5）',
      'あなたの手の検討',
      'あなたの番：残り9秒',
    ]);
  });

  it('assembles each Japanese sentence from its parts in Japanese order, with its particles and no "&"', () => {
    // A team is joined by と, never by "&"; the subject takes が, a yaku is bracketed so that と reads as a name.
    expect(ja.yakuMade([ja.you, 'ツキ'], ja.quoteYaku('と'))).toBe('あなたとツキが「と」を完成');
    expect(ja.roundWinner(['ハナ', 'カゼ'])).toBe('ハナとカゼの勝ち');
    expect(ja.topScore(['ハナ', 'カゼ'], 40)).toBe('ハナとカゼが最高点（+40）');
    // A heading or a table row lists a side's seats with the middle dot.
    expect(ja.sideNames([ja.you, 'ツキ'])).toBe('あなた・ツキ');
    // The name comes first: 「ツキの番です…」, not 「待機中 ツキ…」; the screen reader's 「カゼの番」 has no comma.
    expect(ja.waitingFor('ツキ')).toBe('ツキの番です…');
    expect(ja.seatLabel('カゼ', true)).toBe('カゼの番');
    expect(ja.seatLabel('カゼ', false)).toBe('カゼ');
    expect(en.seatLabel('Kaze', true)).toBe('Kaze, to play');
    expect(en.waitingFor('Tsuki')).toBe('Waiting for Tsuki…');
    // What each other side loses for a yaku: 「相手」 is a player or a team alike.
    expect(ja.yakuPenaltyEach(50)).toBe('相手はそれぞれ −50点');
    // Numbers take their counters: 第2局, 3枚.
    expect(ja.roundOf(2, 6)).toBe('第2局（全6局）');
    expect(ja.roundOf(2, null)).toBe('第2局');
    expect(en.roundOf(2, 6)).toBe('Round 2 of 6');
    expect(ja.roundOverTitle(2, ja.roundWinner(['ツキ']))).toBe('第2局終了：ツキの勝ち');
    expect(ja.cardCount(3)).toBe('3枚');
    expect(en.cardCount(1)).toBe('1 card');
    expect(ja.hikiOf('藤')).toBe('ヒキあり（藤）');
    expect(ja.koikoiNearest('ツキ', ja.quoteYaku('三光'), 2, 3)).toBe('ツキは「三光」に近い（3枚中2枚）。');
    expect(ja.hintAdvances([ja.quoteYaku('と'), ja.quoteYaku('ち（猪鹿雁）')].join(ja.yakuSeparator))).toBe(
      '「と」・「ち（猪鹿雁）」に近づく',
    );
    // Every template leaves no Latin letter of its own in a Japanese sentence.
    const sentences = [
      ja.yakuMade(['ハナ'], '「と」'),
      ja.waitingFor('ハナ'),
      ja.seatLabel('ハナ', true),
      ja.roundOverTitle(1, 'x'),
      ja.yakuPenaltyEach(50),
    ];
    for (const line of sentences) expect(line.replace(/x$/, '')).not.toMatch(/[A-Za-z&]/);
  });
});
