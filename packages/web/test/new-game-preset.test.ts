// @vitest-environment happy-dom
/** The new-game screen's Koi-Koi rule sets (presets): chosen first, shown in every rule, overridable, and accepted by a table and a room. */
import { koikoi } from '@hanafuda/engine';
import { parseRoomSetup } from '@hanafuda/protocol';
import { Table } from '@hanafuda/table';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringsFor } from '../src/i18n/i18n.js';
import {
  DEFAULT_SETTINGS,
  type NewGameSettings,
  roomSetupOf,
  tableConfigOf,
} from '../src/state/new-game-settings.js';
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

const control = (name: string) => root.querySelector<HTMLInputElement & HTMLSelectElement>(`#opt-${name}`)!;
function change(name: string, value: string) {
  const el = control(name);
  void act(() => {
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('new game: Koi-Koi rule sets', () => {
  it('offers the preset first; choosing one shows its values; a rule changed beside it overrides it', () => {
    let settings: NewGameSettings = {
      ...DEFAULT_SETTINGS,
      game: 'koikoi',
      options: { koikoi: { rounds: 3 } },
    };
    void act(() =>
      render(
        h(NewGame, {
          initial: settings,
          t: stringsFor('en'),
          onStart: () => {},
          onChange: (s) => (settings = s),
        }),
        root,
      ),
    );
    const names = [...root.querySelectorAll('.house-rules [id^="opt-"]')].map((el) => el.id);
    expect(names[0]).toBe('opt-preset');
    expect([...control('preset').options].map((o) => o.value)).toEqual([
      'sources',
      'koikoi-japan',
      'nintendo',
    ]);

    change('preset', 'koikoi-japan');
    expect(settings.options.koikoi).toEqual({ preset: 'koikoi-japan' });
    expect([
      control('sankoPoints').value,
      control('rounds').value,
      control('handsOut').value,
      control('kuttsuki').checked,
    ]).toEqual(['5', '8', 'dealer-one', false]);

    change('rounds', '12');
    expect(settings.options.koikoi).toEqual({ preset: 'koikoi-japan', rounds: 12 });
    const table = Table.create(tableConfigOf(settings, 'You'), 'preset');
    expect(table.ok).toBe(true);
    const room = parseRoomSetup(roomSetupOf(settings));
    expect(room.ok && room.value.options).toEqual({ preset: 'koikoi-japan', rounds: 12 });
    const game = koikoi.newGame({ players: 2, options: room.ok ? room.value.options : {}, seed: 1 });
    expect(
      game.ok && [game.value.state.options.sankoPoints, game.value.state.lastRound, game.value.state.totals],
    ).toEqual([5, 12, [30, 30]]);
  });
});
