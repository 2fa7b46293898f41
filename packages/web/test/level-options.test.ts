// @vitest-environment happy-dom
/** Where a person picks a bot, each level shows its rating on the people's ladder for that table ("Hard ≈ 1650"), or none where no rated format is the table's. */
import { BOT_LADDER } from '@hanafuda/protocol';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringsFor } from '../src/i18n/i18n.js';
import { DEFAULT_SETTINGS, type NewGameSettings } from '../src/state/new-game-settings.js';
import { NewGame } from '../src/ui/new-game.js';

let root: HTMLElement;
beforeEach(() => {
  localStorage.clear();
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

const ratings = (pool: string) => BOT_LADDER.pools.find((p) => p.pool === pool)!.ratings;
/** The options of every bot-level select on the form. */
const levelChoices = (mode: 'local' | 'online', settings: NewGameSettings) => {
  // A new form each time (the form keeps its own settings once shown).
  void act(() => render(null, root));
  void act(() =>
    render(h(NewGame, { initial: settings, t: stringsFor('en'), onStart: () => {}, mode }), root),
  );
  return [...root.querySelectorAll('select')]
    .filter((s) => [...s.options].some((o) => o.value === 'expert'))
    .map((s) => [...s.options].filter((o) => o.value !== 'open').map((o) => o.textContent));
};

describe("the bot levels' ratings where a person picks a bot", () => {
  it("shows each level's rating in a Sakura duel and a Koi-Koi game, offline and online", () => {
    const sakura = ratings('sakura-2');
    expect(
      levelChoices('local', { ...DEFAULT_SETTINGS, players: { ...DEFAULT_SETTINGS.players, sakura: 2 } }),
    ).toEqual([
      [
        `Easy ≈ ${sakura.easy}`,
        `Normal ≈ ${sakura.normal}`,
        `Hard ≈ ${sakura.hard}`,
        `Expert ≈ ${sakura.expert}`,
      ],
    ]);
    const koikoi = ratings('koikoi-12');
    expect(levelChoices('online', { ...DEFAULT_SETTINGS, game: 'koikoi' })).toEqual([
      [
        `Bot: Easy ≈ ${koikoi.easy}`,
        `Bot: Normal ≈ ${koikoi.normal}`,
        `Bot: Hard ≈ ${koikoi.hard}`,
        `Bot: Expert ≈ ${koikoi.expert}`,
      ],
    ]);
  });

  it('shows the level alone at a table no rated format is (Sakura for 5)', () => {
    const choices = levelChoices('local', {
      ...DEFAULT_SETTINGS,
      players: { ...DEFAULT_SETTINGS.players, sakura: 5 },
    });
    expect(choices).toHaveLength(4);
    for (const select of choices) expect(select).toEqual(['Easy', 'Normal', 'Hard', 'Expert']);
  });
});
