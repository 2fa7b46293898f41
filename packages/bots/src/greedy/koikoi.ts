/**
 * Greedy Koi-Koi (RULES.md §4): captures valued by the yaku they build (mine) and break
 * (the opponent's), and a cautious Koi-Koi: go on only early, with the opponent far from
 * any yaku and a doubled total still within reach.
 */
import {
  type Action,
  type Card,
  type KoiKoiView,
  STANDARD_DECK,
  actionCard,
  actionKind,
  card,
  classOf,
  koiKoiYakuOf,
} from '@hanafuda/engine';
import { finalCall } from '../stakes/koikoi.js';
import { best, captureGain, ids, playValue, type Sight } from './evaluate.js';

const group = (names: readonly string[]) => names.map(card);
const THREES = [
  group(['clover-boar', 'maple-deer', 'peony-butterflies']),
  group(['pine-poetry', 'plum-poetry', 'cherry-poetry']),
  group(['peony-blue', 'chrysanthemum-blue', 'maple-blue']),
];
const SAKE = card('chrysanthemum-sake');
const VIEWING = [card('susuki-moon'), card('cherry-curtain')];
const RAINMAN = card('willow-rainman');
const BRIGHTS = STANDARD_DECK.filter((c) => classOf(c) === 'bright' && c !== RAINMAN);
/** Progress toward a three-card yaku within reach, by cards held (0, 1, 2). */
const THREE_PROGRESS = [0, 0.7, 2];
const BRIGHT_PROGRESS = [0, 0.8, 2.2];
const WORTH = { bright: 2, animal: 1, ribbon: 1, chaff: 0.3, blank: 0 } as const;

type Rules = Parameters<typeof koiKoiYakuOf>[1];

/** The yaku total of `own` plus the progress toward the yaku still within reach. */
export function koiKoiPotential(own: readonly Card[], against: readonly Card[], rules: Rules): number {
  const has = (c: Card) => own.includes(c);
  const open = (c: Card) => !against.includes(c);
  let value = koiKoiYakuOf(own, rules).total;
  const brights = BRIGHTS.filter(has).length;
  if (brights < 3 && BRIGHTS.filter(open).length >= 3) value += BRIGHT_PROGRESS[brights];
  for (const three of THREES) {
    const held = three.filter(has).length;
    if (held < 3 && three.every(open)) value += THREE_PROGRESS[held];
  }
  if (rules.options.viewing !== 'off') {
    for (const v of VIEWING)
      if ((has(v) || has(SAKE)) && !(has(v) && has(SAKE)) && open(v) && open(SAKE)) value += 1.2;
  }
  const count = (cls: string) => own.filter((c) => classOf(c) === cls).length;
  if (count('animal') < 5) value += 0.15 * count('animal');
  if (count('ribbon') < 5) value += 0.15 * count('ribbon');
  if (count('chaff') < 10) value += 0.06 * count('chaff');
  return value;
}

export function koiKoiSight(view: KoiKoiView): Sight {
  const me = view.viewer!;
  const hand = ids(view.hand);
  const field = ids(view.field);
  const captured = view.captured.map(ids);
  const seen = new Set([...hand, ...field, ...captured.flat(), ...(view.pending ? ids([view.pending]) : [])]);
  const rules = { options: view.options, round: view.round };
  return {
    hand,
    field,
    mine: captured[me],
    others: [captured[1 - me]],
    unseen: STANDARD_DECK.filter((c) => !seen.has(c)),
    opponentPlays: 2,
    potential: (own, against) => koiKoiPotential(own, against, rules),
    worth: (c) => WORTH[classOf(c)],
  };
}

/** Whether the opponent is close to a yaku: progress beyond their total. */
function opponentThreat(view: KoiKoiView, sight: Sight): number {
  const theirs = sight.others[0];
  return sight.potential(theirs, sight.mine) - view.yaku[1 - view.viewer!].total;
}

function goOn(view: KoiKoiView, sight: Sight): boolean {
  const me = view.viewer!;
  const total = view.yaku[me].total;
  const handLeft = view.handSizes[me];
  const doubledAlready = view.options.sevenDouble && total >= 7;
  return (
    handLeft >= 5 &&
    view.yaku[1 - me].total === 0 &&
    view.koikoi[1 - me] === 0 &&
    opponentThreat(view, sight) < 1.5 &&
    !doubledAlready
  );
}

export function greedyKoiKoi(view: KoiKoiView): Action {
  const sight = koiKoiSight(view);
  if (view.phase === 'decide') {
    const call = finalCall(view);
    if (call) return call;
    const want = goOn(view, sight) ? 'koikoi' : 'shobu';
    return view.actions.find((a) => actionKind(a) === want) ?? view.actions[0];
  }
  const wild = (c: Card) => view.options.gaji && c === card('willow-lightning');
  return best(view.actions, (a) => {
    if (actionKind(a) === 'take')
      return captureGain(sight, [ids([view.pending!])[0], actionCard(a, 'take')!]);
    return playValue(sight, a, wild(actionCard(a, 'play')!));
  });
}
