// @vitest-environment happy-dom
/** The keyboard help is for a player in a seat: not for a spectator, nor in a replay. */
import { gameById, type Action, type GameView } from '@hanafuda/engine';
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { boardOf } from '@hanafuda/table';
import { stringsFor } from '../src/i18n/i18n.js';
import { INITIAL, type ClientState } from '../src/state/table-client.js';
import { Board } from '../src/ui/board.js';

function table(viewer: number | null, act?: (a: Action) => void, askHint?: () => void): HTMLElement {
  const sakura = gameById('sakura')!;
  const start = sakura.newGame({ players: 2, seed: 'keys' });
  if (!start.ok) throw new Error(start.error.message);
  const view = sakura.view(start.value.state, viewer) as GameView;
  const state: ClientState = { ...INITIAL, seat: viewer, view, board: boardOf(view), updates: 1 };
  const root = document.createElement('div');
  render(
    h(Board, {
      state,
      t: stringsFor('en'),
      name: (s: number) => `Seat ${s}`,
      detail: () => '',
      act,
      askHint,
    }),
    root,
  );
  return root;
}

describe('the keyboard help', () => {
  it('shows at a seat with something to do, not to a spectator or in a replay', () => {
    expect(table(0, () => undefined).querySelector('.keys')).not.toBeNull();
    expect(table(null, () => undefined).querySelector('.keys')).toBeNull();
    expect(table(0).querySelector('.keys')).toBeNull();
  });

  it('offers H for a hint only where a hint may be asked (not in a rated game under way)', () => {
    expect(
      table(
        0,
        () => undefined,
        () => undefined,
      ).querySelector('.keys')?.textContent,
    ).toContain('H asks for a hint');
    expect(table(0, () => undefined).querySelector('.keys')?.textContent).not.toContain('hint');
  });
});
