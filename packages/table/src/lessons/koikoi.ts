/** The guided first game of Koi-Koi: matching, a two-card choice, a draw that captures, Hanami-zake and a Koi-Koi call, then Tsukimi-zake and Sanko and a Shobu (doubled from 7). */
import type { Lesson } from './lesson.js';

export const koikoiLesson: Lesson = {
  id: 'koikoi',
  game: 'koikoi',
  players: 2,
  dealer: 0,
  learner: 0,
  names: ['', 'Hana'],
  deal: {
    hands: [
      ['cherry-curtain', 'pine-chaff-1', 'chrysanthemum-sake', 'susuki-moon', 'iris-chaff-1', 'clover-chaff-1', 'peony-chaff-1', 'paulownia-chaff-1'],
      ['plum-chaff-2', 'wisteria-chaff-2', 'maple-chaff-2', 'willow-swallow', 'willow-lightning', 'iris-ribbon', 'peony-blue', 'clover-ribbon'],
    ],
    field: ['cherry-chaff-1', 'pine-crane', 'pine-poetry', 'chrysanthemum-chaff-1', 'susuki-chaff-1', 'plum-chaff-1', 'wisteria-chaff-1', 'maple-chaff-1'],
    pile: ['maple-deer', 'willow-rainman', 'cherry-poetry', 'iris-bridge', 'plum-warbler', 'wisteria-ribbon', 'peony-butterflies', 'clover-boar', 'paulownia-yellow', 'paulownia-phoenix', 'pine-chaff-2', 'plum-poetry', 'cherry-chaff-2', 'wisteria-cuckoo', 'iris-chaff-2', 'peony-chaff-2', 'clover-chaff-2', 'susuki-geese', 'susuki-chaff-2', 'chrysanthemum-blue', 'chrysanthemum-chaff-2', 'maple-blue', 'willow-ribbon', 'paulownia-chaff-2'],
  },
  title: 'koikoiTitle',
  intro: 'koikoiIntro',
  steps: [
    { action: { seat: 0, play: 'cherry-curtain' }, say: 'koikoiMatch', wrong: 'koikoiMatchWrong' },
    { action: { seat: 1, play: 'plum-chaff-2' } },
    { action: { seat: 0, play: 'pine-chaff-1', take: 'pine-crane' }, say: 'koikoiChoice', wrong: 'koikoiChoiceWrong' },
    { action: { seat: 1, play: 'willow-swallow' } },
    { action: { seat: 0, play: 'chrysanthemum-sake' }, say: 'koikoiSake', wrong: 'koikoiSakeWrong' },
    { action: { seat: 0, koikoi: true }, say: 'koikoiDecide', wrong: 'koikoiDecideWrong' },
    { action: { seat: 1, play: 'iris-ribbon' } },
    { action: { seat: 0, play: 'susuki-moon' }, say: 'koikoiMoon', wrong: 'koikoiMoonWrong' },
    { action: { seat: 0, shobu: true }, say: 'koikoiShobu', wrong: 'koikoiShobuWrong' },
  ],
  end: 'koikoiEnd',
};
