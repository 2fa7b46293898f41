// @vitest-environment happy-dom
import { RULES_VERSION, gameById, type Action, type Result, type GameView } from '@hanafuda/engine';
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { boardOf } from '@hanafuda/table';
import { stringsFor } from '../src/i18n/i18n.js';
import { INITIAL, type ClientState } from '../src/state/table-client.js';
import { Board } from '../src/ui/board.js';
import { loadReplay } from '../src/ui/replay-page.js';

const t = stringsFor('en');

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A client state as the table would send it to `seat`, after playing `moves` legal actions (the first each time). */
function stateAfter(
  game: string,
  players: number,
  seed: string,
  seat: number,
  until: (view: GameView) => boolean,
): ClientState {
  const module = gameById(game)!;
  let state = must(module.newGame({ players, seed })).state;
  for (let i = 0; i < 500 && !until(module.view(state, seat) as GameView); i++) {
    state = must(module.apply(state, module.legalActions(state)[0])).state;
  }
  const view = module.view(state, seat) as GameView;
  return { ...INITIAL, seat, view, board: boardOf(view), updates: 1 };
}

function mount(state: ClientState, acted: Action[]): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  render(
    h(Board, {
      state,
      t,
      name: (s: number) => `Seat ${s}`,
      detail: () => '',
      act: (a: Action) => acted.push(a),
      askHint: () => undefined,
    }),
    root,
  );
  return root;
}

describe('Board', () => {
  it('labels every card for screen readers and plays a hand card on click', () => {
    const state = stateAfter('sakura', 2, 'board-1', 0, (v) => v.toMove === 0 && v.phase === 'hand');
    const acted: Action[] = [];
    const root = mount(state, acted);
    const hand = [...root.querySelectorAll<HTMLButtonElement>('.hand button.card')];
    expect(hand.length).toBe(state.board!.hand.length);
    for (const card of hand) expect(card.getAttribute('aria-label')).toMatch(/, \d+ points?/);
    for (const svg of root.querySelectorAll('.field svg'))
      expect(svg.getAttribute('aria-label')).toBeTruthy();
    const playable = hand.find((b) => !b.disabled)!;
    playable.click();
    const id = playable.dataset.card;
    const plays = state.board!.actions.filter((a) => (a as { play?: string }).play === id);
    if (plays.length === 1) expect(acted).toEqual(plays);
    else expect(root.querySelectorAll('.field button.card.is-target').length).toBe(plays.length);
  });

  it('offers Koi-Koi and Shobu as buttons when the engine asks', () => {
    const state = stateAfter('koikoi', 2, 'board-2', 0, (v) => v.toMove === 0 && v.phase === 'decide');
    // The seed must reach the decision, or the test would check nothing.
    expect(state.board!.phase).toBe('decide');
    const acted: Action[] = [];
    const root = mount(state, acted);
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('.prompt button')].map((b) => b.textContent);
    expect(buttons.some((b) => b?.includes('Koi-Koi'))).toBe(true);
    expect(buttons.some((b) => b?.includes('Shobu'))).toBe(true);
  });

  it('asks for the Nara pile choice with two buttons', () => {
    const state = stateAfter('nara', 4, 'board-3', 1, (v) => v.toMove === 1 && v.phase === 'pile');
    const acted: Action[] = [];
    const root = mount(state, acted);
    const piles = root.querySelectorAll<HTMLButtonElement>('.pile-choice');
    expect(piles.length).toBe(2);
    piles[1].click();
    expect(acted).toEqual([{ seat: 1, pile: 1 }]);
  });

  it('shows the Oi-bana bids', () => {
    const state = stateAfter('oibana', 3, 'board-4', 0, (v) => v.toMove === 0);
    const root = mount(state, []);
    expect(root.querySelector('.bid-form')).not.toBeNull();
  });

  it('bids the amount chosen, and warns when a bid on the table is more than the bankroll', () => {
    const state = stateAfter('oibana', 3, 'board-4', 0, (v) => v.toMove === 0);
    const board = state.board!;
    const acted: Action[] = [];
    const calm = mount(state, acted);
    expect(calm.querySelector('.bid-warning')).toBeNull();
    const select = calm.querySelector<HTMLSelectElement>('.bid-form select')!;
    const offered = [...select.options].map((o) => Number(o.value));
    expect(offered).toEqual(board.actions.map((a) => (a as { bid: number }).bid));
    select.value = String(offered[2]);
    select.dispatchEvent(new Event('change', { bubbles: true }));
    calm
      .querySelector<HTMLFormElement>('.bid-form')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(acted).toEqual([{ seat: 0, bid: offered[2] }]);
    // Another seat bid 1000 against a bankroll of 950 (the case): said before bidding.
    const seats = board.seats.map((seat) =>
      seat.seat === 1 ? { ...seat, bid: 1000, badges: ['bid:1000'] } : seat,
    );
    const tight = mount(
      { ...state, board: { ...board, seats, totals: board.totals.map((x, i) => (i === 0 ? 950 : x)) } },
      [],
    );
    expect(tight.querySelector('.bid-warning')?.textContent).toBe(t.bidOverBankroll(1000, 950));
  });
});

describe('replays', () => {
  it('opens a record and refuses what is not one', () => {
    const module = gameById('koikoi')!;
    let state = must(module.newGame({ players: 2, seed: 'replay' })).state;
    const actions: Action[] = [];
    for (let i = 0; i < 12; i++) {
      const a = module.legalActions(state)[0];
      actions.push(a);
      state = must(module.apply(state, a)).state;
    }
    const record = {
      format: 'hanafuda-record',
      version: 1,
      rules: RULES_VERSION,
      game: 'koikoi',
      players: 2,
      options: {},
      seed: 'replay',
      actions,
    };
    const loaded = loadReplay(JSON.stringify(record));
    expect(typeof loaded).toBe('object');
    if (typeof loaded === 'object') expect(loaded.steps).toHaveLength(13);
    expect(loadReplay('{"hello": 1}')).toMatch(/not a game record/);
  });
});
