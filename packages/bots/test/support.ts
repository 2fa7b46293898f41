/** Test helpers: the games as the bots see them. */
import { type GameModule, type GameSetup, gameById } from '@hanafuda/engine';
import { type BotView, greedyChoice, searches } from '../src/index.js';

export const game = (id: string): GameModule => gameById(id)!;

/** Tables that cover every game, player count family, teams and the options that change decisions. */
export const TABLES: {
  name: string;
  game: string;
  players: number;
  teams?: number[][];
  options?: Record<string, unknown>;
}[] = [
  { name: 'sakura 2p', game: 'sakura', players: 2 },
  { name: 'sakura 3p', game: 'sakura', players: 3 },
  {
    name: 'sakura 4p teams',
    game: 'sakura',
    players: 4,
    teams: [
      [0, 2],
      [1, 3],
    ],
  },
  {
    name: 'sakura 6p 2x3',
    game: 'sakura',
    players: 6,
    teams: [
      [0, 2, 4],
      [1, 3, 5],
    ],
  },
  { name: 'sakura 7p', game: 'sakura', players: 7 },
  {
    name: 'sakura anytime hikis, returning Gaji, transfer',
    game: 'sakura',
    players: 3,
    options: { hikiTiming: 'anytime', blockedGajiReturns: true, gajiClaim: 'transfer', hikiOnBlock: 'stays' },
  },
  { name: 'koikoi', game: 'koikoi', players: 2 },
  { name: 'koikoi with gaji', game: 'koikoi', players: 2, options: { gaji: true, tsukiFuda: true } },
  { name: 'nara', game: 'nara', players: 4 },
  { name: 'oibana 3p', game: 'oibana', players: 3 },
];

/** Every decision the search would simulate in a game played by the greedy bot from `setup`. */
export function searchedDecisions(g: GameModule, setup: GameSetup): BotView[] {
  const start = g.newGame(setup);
  if (!start.ok) throw new Error(start.error.message);
  const views: BotView[] = [];
  let state = start.value.state;
  for (let seat = g.toMove(state); seat !== null; seat = g.toMove(state)) {
    const view = g.view(state, seat) as BotView;
    if (searches(view)) views.push(view);
    const next = g.apply(state, greedyChoice(view));
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return views;
}
