// @vitest-environment happy-dom
/** The new-game screen shows each game with a card of the deck (Nara's used to be its blank card). */
import { CARDS, cardId } from '@hanafuda/engine';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { expect, it } from 'vitest';
import { stringsFor } from '../src/i18n/i18n.js';
import { DEFAULT_SETTINGS } from '../src/state/new-game-settings.js';
import { labelOf } from '../src/ui/card.js';
import { NewGame } from '../src/ui/new-game.js';

it('draws every game choice with one of the 48 cards, none blank', () => {
  localStorage.clear();
  const root = document.createElement('div');
  void act(() =>
    render(
      h(NewGame, { initial: DEFAULT_SETTINGS, t: stringsFor('en'), onStart: () => {}, onChange: () => {} }),
      root,
    ),
  );
  const choices = [...root.querySelectorAll('.game-choice')];
  expect(choices.map((c) => c.querySelector('input')!.value).sort()).toEqual([
    'koikoi',
    'nara',
    'oibana',
    'sakura',
  ]);
  for (const choice of choices) {
    const game = choice.querySelector('input')!.value;
    const faces = new Set(CARDS.map((_, i) => labelOf(cardId(i), game, 'en')));
    const label = choice.querySelector('.card svg')!.getAttribute('aria-label')!;
    expect(label).not.toMatch(/blank/i);
    expect(faces.has(label)).toBe(true);
  }
  render(null, root);
});
