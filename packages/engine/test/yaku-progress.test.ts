/**
 * Yaku progress (yakuProgressOf) shows what the engine scores: for 1,000 random positions of
 * each game, under random values of every option that changes yaku, the yaku it marks as
 * scoring are the engine's, with the engine's points, and the cards it lists for a yaku are
 * the seat's own captures that count toward it. Koi-Koi is also checked on 1,000 random
 * capture piles under each value of each of those options in turn (the sake cup's included).
 */
import { describe, expect, it } from 'vitest';
import {
  type Card,
  type GameModule,
  type GameView,
  KOIKOI_OPTIONS,
  type KoiKoiOptions,
  type RngState,
  STANDARD_DECK,
  type YakuProgress,
  cardById,
  cardId,
  gameById,
  koiKoiYakuOf,
  randomInt,
  seedRng,
  shuffled,
  validateOptions,
  yakuProgressOf,
} from '../src/index.js';
import { yakuProgress as koikoiProgress } from '../src/games/koikoi/progress.js';
import { SAKE } from '../src/games/koikoi/tables.js';
import { yakuOf as naraYaku } from '../src/games/nara/scoring.js';
import { yakuOf as sakuraYaku } from '../src/games/sakura/scoring.js';
import { playRandom } from './support/random-play.js';
import { valuesOf, YAKU_OPTIONS } from './support/yaku-options.js';

const POSITIONS = 1000;

const randomYakuOptions = (game: GameModule, rng: RngState): Record<string, unknown> =>
  Object.fromEntries(
    YAKU_OPTIONS[game.id].map((name) => {
      const values = valuesOf(game, name);
      return [name, values[randomInt(rng, values.length)]];
    }),
  );

/** What holds of any progress list: cards are the seat's own, none listed twice, a scoring yaku is complete. Answers what does not. */
function shapeProblems(progress: readonly YakuProgress[], captured: readonly string[]): string[] {
  const held = new Set(captured);
  return progress.flatMap((y) => [
    ...y.cards.filter((c) => !held.has(c)).map((c) => `${y.id}: ${c} is not captured`),
    ...y.missing.filter((c) => held.has(c)).map((c) => `${y.id}: ${c} is captured but listed missing`),
    ...(y.cards.length + y.missing.length < y.need ? [`${y.id}: fewer cards than it needs`] : []),
    ...(y.points !== null && y.cards.length < y.need
      ? [`${y.id} scores with ${y.cards.length} of ${y.need}`]
      : []),
  ]);
}

const scoring = (progress: readonly YakuProgress[]) =>
  progress.filter((y) => y.points !== null).map((y) => ({ id: y.id, points: y.points }));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Koi-Koi: the list's scoring yaku are the engine's, and the counted yaku's points follow from the cards the list shows. */
function koikoiProblems(
  progress: readonly YakuProgress[],
  cards: readonly Card[],
  options: KoiKoiOptions,
  round: number,
  calledKoiKoi: boolean,
): string[] {
  const problems: string[] = [];
  const tally = koiKoiYakuOf(cards, { options, round, calledKoiKoi });
  const engine = tally.yaku.map((y) => ({ id: y.id, points: y.points }));
  if (!same(scoring(progress), engine))
    problems.push(`scores ${JSON.stringify(scoring(progress))}, the engine ${JSON.stringify(engine)}`);
  const entry = (id: string) => progress.find((y) => y.id === id)!;
  const expectPoints = (id: string, points: number) => {
    if (entry(id).points !== null && entry(id).points !== points)
      problems.push(`${id} scores ${entry(id).points}, its cards make ${points}`);
  };
  for (const id of ['tane', 'tanzaku', 'kasu']) expectPoints(id, 1 + entry(id).cards.length - entry(id).need);
  const extras = (family: string) => (options.setExtras ? entry(family).cards.length - 3 : 0);
  expectPoints('inoshikacho', 5 + extras('tane'));
  for (const id of ['akatan', 'aotan']) expectPoints(id, 5 + extras('tanzaku'));
  const sake = cardId(SAKE);
  const sakeIn = [entry('kasu').cards, entry('tane').cards].filter((c) => c.includes(sake)).length;
  if (cards.includes(SAKE)) {
    // The cup counts as an animal, both, or (either) once, in the class that scored more.
    const expected = { animal: 1, both: 2, either: 1 }[options.sakeCup];
    if (sakeIn !== expected)
      problems.push(`the sake cup is shown in ${sakeIn} classes under sakeCup ${options.sakeCup}`);
    if (options.sakeCup === 'animal' && entry('kasu').cards.includes(sake))
      problems.push('the sake cup is shown as a chaff under sakeCup animal');
  }
  return problems;
}

describe("yaku progress against the engine's scoring", () => {
  const koikoi = gameById('koikoi')!;

  it.each(
    YAKU_OPTIONS.koikoi.flatMap((name) => valuesOf(koikoi, name).map((value) => [name, value] as const)),
  )(`Koi-Koi, ${POSITIONS} random capture piles with %s = %s`, (name, value) => {
    const rng = seedRng(`progress:${name}:${String(value)}`);
    const problems: string[] = [];
    for (let i = 0; i < POSITIONS; i++) {
      const parsed = validateOptions(KOIKOI_OPTIONS, { ...randomYakuOptions(koikoi, rng), [name]: value });
      if (!parsed.ok) throw new Error(parsed.error.message);
      const options = parsed.value as KoiKoiOptions;
      const cards = shuffled(rng, STANDARD_DECK).slice(0, randomInt(rng, 25));
      const round = 1 + randomInt(rng, 12);
      const called = randomInt(rng, 2) === 1;
      const progress = koikoiProgress(cards, { options, round, calledKoiKoi: called });
      const found = [
        ...shapeProblems(progress, cards.map(cardId)),
        ...koikoiProblems(progress, cards, options, round, called),
      ];
      if (found.length > 0)
        problems.push(`${cards.map(cardId).join(' ')} (round ${round}): ${found.join('; ')}`);
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  /** The engine's own scoring of a seat in a view: its yaku ids and, where the game gives them per yaku, the points. */
  function engineYaku(view: GameView, seat: number): string[] {
    switch (view.game) {
      case 'koikoi':
        return view.yaku[seat].ids;
      case 'nara':
        return naraYaku(view.captured[seat].map((c) => cardById(c)!));
      case 'sakura': {
        const side = view.sides.find((s) => s.includes(seat))!;
        return view.options.yaku === 'on'
          ? sakuraYaku(side.flatMap((s) => view.captured[s]).map((c) => cardById(c)!))
          : [];
      }
      case 'oibana': {
        const duelSeat = view.duelists?.indexOf(seat) ?? -1;
        return view.duel && duelSeat >= 0 ? engineYaku(view.duel, duelSeat) : [];
      }
    }
  }

  /** The captures a seat's yaku are made of: a Sakura side's together, an Oi-bana duelist's in the duel. */
  function capturedOf(view: GameView, seat: number): string[] {
    switch (view.game) {
      case 'sakura':
        return view.sides.find((s) => s.includes(seat))!.flatMap((s) => view.captured[s]);
      case 'oibana': {
        const duelSeat = view.duelists?.indexOf(seat) ?? -1;
        return view.duel && duelSeat >= 0 ? capturedOf(view.duel, duelSeat) : [];
      }
      default:
        return view.captured[seat];
    }
  }

  it.each(['sakura', 'oibana', 'koikoi', 'nara'])(
    `%s: ${POSITIONS} random positions of played games, under random yaku options`,
    (id) => {
      const game = gameById(id)!;
      const rng = seedRng(`progress-games:${id}`);
      let positions = 0;
      const problems: string[] = [];
      for (let g = 0; positions < POSITIONS; g++) {
        const players = game.minPlayers + randomInt(rng, game.maxPlayers - game.minPlayers + 1);
        const played = playRandom(
          game,
          { players, seed: `progress:${id}:${g}`, options: randomYakuOptions(game, rng) },
          `policy:${g}`,
        );
        for (const step of played.steps) {
          if (randomInt(rng, 4) !== 0) continue;
          const seat = randomInt(rng, players);
          const view = game.view(step.state, seat) as GameView;
          const progress = yakuProgressOf(view, seat);
          const found = shapeProblems(progress, capturedOf(view, seat));
          const shown = scoring(progress).map((y) => y.id);
          if (!same(shown, engineYaku(view, seat)))
            found.push(`shows ${shown.join(',')} scoring, the engine ${engineYaku(view, seat).join(',')}`);
          if (view.game === 'koikoi') {
            const total = scoring(progress).reduce((n, y) => n + y.points!, 0);
            if (total !== view.yaku[seat].total)
              found.push(`shows ${total} points, the engine ${view.yaku[seat].total}`);
            found.push(
              ...koikoiProblems(
                progress,
                view.captured[seat].map((c) => cardById(c)!),
                view.options,
                view.round,
                view.koikoi[seat] > 0,
              ),
            );
          }
          if (found.length > 0) problems.push(`game ${g}, seat ${seat}: ${found.join('; ')}`);
          positions++;
        }
      }
      expect(problems.slice(0, 5)).toEqual([]);
    },
  );
});
