/** The guided first game of Sakura, two players: matching by month, a two-card choice, the draw, a hiki, the Gaji completing a yaku (Ha) against the other side's To, and the Gaji's claim at the end. */
import type { Lesson } from './lesson.js';

export const sakuraLesson: Lesson = {
  id: 'sakura',
  game: 'sakura',
  players: 2,
  dealer: 0,
  learner: 0,
  names: ['', 'Leilani'],
  deal: {
    hands: [
      ['plum-poetry', 'cherry-chaff-1', 'maple-deer', 'maple-blue', 'maple-chaff-1', 'willow-lightning', 'susuki-moon', 'paulownia-phoenix'],
      ['wisteria-cuckoo', 'wisteria-chaff-1', 'iris-bridge', 'peony-butterflies', 'clover-boar', 'chrysanthemum-sake', 'willow-rainman', 'paulownia-yellow'],
    ],
    field: ['plum-chaff-1', 'cherry-poetry', 'cherry-chaff-2', 'pine-poetry', 'maple-chaff-2', 'susuki-chaff-1', 'paulownia-chaff-1', 'iris-chaff-1'],
    pile: ['peony-chaff-1', 'clover-chaff-1', 'wisteria-ribbon', 'chrysanthemum-chaff-1', 'chrysanthemum-chaff-2', 'iris-ribbon', 'willow-swallow', 'peony-blue', 'clover-chaff-2', 'chrysanthemum-blue', 'iris-chaff-2', 'susuki-chaff-2', 'wisteria-chaff-2', 'clover-ribbon', 'peony-chaff-2', 'susuki-geese', 'willow-ribbon', 'paulownia-chaff-2', 'pine-crane', 'plum-warbler', 'pine-chaff-1', 'cherry-curtain', 'plum-chaff-2', 'pine-chaff-2'],
  },
  title: 'sakuraTitle',
  intro: 'sakuraIntro',
  steps: [
    { action: { seat: 0, play: 'plum-poetry' }, say: 'sakuraMatch', wrong: 'sakuraMatchWrong' },
    { action: { seat: 1, play: 'iris-bridge' } },
    { action: { seat: 0, play: 'cherry-chaff-1', take: 'cherry-poetry' }, say: 'sakuraChoice', wrong: 'sakuraChoiceWrong' },
    { action: { seat: 1, play: 'wisteria-cuckoo' } },
    { action: { seat: 0, hiki: 10 }, say: 'sakuraHiki', wrong: 'sakuraHikiWrong' },
    { action: { seat: 1, play: 'clover-boar' } },
    { action: { seat: 0, play: 'willow-lightning', take: 'pine-poetry' }, say: 'sakuraGaji', wrong: 'sakuraGajiWrong' },
    { action: { seat: 1, play: 'peony-butterflies' } },
    { action: { seat: 0, play: 'susuki-moon' }, say: 'sakuraMoon', wrong: 'sakuraMoonWrong' },
    { action: { seat: 1, play: 'willow-rainman' } },
    { action: { seat: 0, play: 'paulownia-phoenix' }, say: 'sakuraLast' },
    { action: { seat: 1, play: 'chrysanthemum-sake' } },
    { action: { seat: 1, play: 'wisteria-chaff-1' } },
    { action: { seat: 1, play: 'paulownia-yellow' } },
  ],
  end: 'sakuraEnd',
};
