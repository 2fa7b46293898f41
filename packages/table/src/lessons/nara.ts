/** The guided first game of Nara, four players: choosing a pile as the hand, matching, the wild blank and its claim, and Upper Dango paid by each other player. */
import { type Lesson, guidedLesson, learnerStep } from './lesson.js';

export const naraLesson: Lesson = guidedLesson({
  id: 'nara',
  // One round: the board then reads "round 1 of 1".
  options: { length: 'rounds:1' },
  opponents: ['Sora', 'Kai', 'Mei'],
  deal: {
    field: [
      'pine-chaff-1',
      'plum-chaff-1',
      'cherry-chaff-1',
      'susuki-moon',
      'peony-chaff-1',
      'clover-chaff-1',
      'chrysanthemum-chaff-1',
      'maple-chaff-1',
      'paulownia-chaff-1',
    ],
    piles: [
      [
        ['pine-crane', 'plum-warbler', 'cherry-curtain', 'blank', 'iris-chaff-1'],
        ['wisteria-chaff-1', 'iris-chaff-2', 'peony-chaff-2', 'clover-chaff-2', 'willow-swallow'],
      ],
      [
        ['pine-poetry', 'wisteria-cuckoo', 'iris-bridge', 'chrysanthemum-chaff-2', 'maple-chaff-2'],
        ['wisteria-ribbon', 'willow-rainman', 'paulownia-chaff-2', 'plum-poetry', 'susuki-chaff-1'],
      ],
      [
        ['wisteria-chaff-2', 'peony-butterflies', 'clover-boar', 'maple-deer', 'willow-ribbon'],
        ['pine-chaff-2', 'peony-blue', 'chrysanthemum-sake', 'susuki-geese', 'cherry-poetry'],
      ],
      [
        ['maple-blue', 'willow-lightning', 'iris-ribbon', 'clover-ribbon', 'paulownia-phoenix'],
        ['chrysanthemum-blue', 'paulownia-yellow', 'plum-chaff-2', 'cherry-chaff-2', 'susuki-chaff-2'],
      ],
    ],
  },
  steps: [
    learnerStep({ seat: 0, pile: 0 }, 'naraPile'),
    { action: { seat: 1, pile: 0 } },
    { action: { seat: 2, pile: 0 } },
    { action: { seat: 3, pile: 0 } },
    learnerStep({ seat: 0, play: 'pine-crane' }, 'naraMatch'),
    { action: { seat: 1, play: 'wisteria-cuckoo' } },
    { action: { seat: 2, play: 'peony-butterflies' } },
    { action: { seat: 3, play: 'paulownia-phoenix' } },
    learnerStep({ seat: 0, play: 'blank', take: 'susuki-moon' }, 'naraBlank'),
    { action: { seat: 1, play: 'pine-poetry' } },
    { action: { seat: 2, play: 'willow-ribbon' } },
    { action: { seat: 3, play: 'maple-blue' } },
    learnerStep({ seat: 0, play: 'plum-warbler' }, 'naraWarbler'),
    { action: { seat: 1, play: 'iris-bridge' } },
    { action: { seat: 2, play: 'clover-boar' } },
    { action: { seat: 3, play: 'willow-lightning' } },
    learnerStep({ seat: 0, play: 'cherry-curtain' }, 'naraCurtain'),
    { action: { seat: 1, play: 'chrysanthemum-chaff-2' } },
    { action: { seat: 2, play: 'wisteria-chaff-2' } },
    { action: { seat: 3, play: 'clover-ribbon' } },
    { action: { seat: 0, play: 'iris-chaff-1' }, say: 'naraLast' },
    { action: { seat: 1, play: 'maple-chaff-2' } },
    { action: { seat: 2, play: 'maple-deer' } },
    { action: { seat: 3, play: 'iris-ribbon' } },
  ],
});
