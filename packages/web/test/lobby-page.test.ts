// @vitest-environment happy-dom
/** The lobby page rendered: the pools and seeks in words, a pool's button and a seek's Join, the wait and its clock, a custom seek from the game settings. */
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stringsFor } from '../src/i18n/i18n.js';
import type { Lang } from '../src/i18n/i18n.js';
import { DEFAULT_SETTINGS, type NewGameSettings } from '../src/state/new-game-settings.js';
import { LobbyPage } from '../src/ui/lobby-page.js';
import { ensureIdentity, identity } from '../src/state/identity.js';
import { FakeSocket, last } from './support/fake-socket.js';

const LOBBY = {
  type: 'lobby',
  pools: [
    // From a process older than the rated games (one of several mid-upgrade): no waitingRated, its seekers all casual.
    { id: 'koikoi-6', game: 'koikoi', players: 2, options: { rounds: 6 }, turnSeconds: 60, waiting: 1 },
    {
      id: 'sakura-2x2',
      game: 'sakura',
      players: 4,
      teams: [
        [0, 2],
        [1, 3],
      ],
      turnSeconds: 60,
      waiting: 0,
      waitingRated: 0,
    },
  ],
  seeks: [
    {
      id: 's-9',
      by: 'Hana',
      game: 'nara',
      players: 4,
      options: { length: 'rounds:3' },
      turnSeconds: 30,
      places: 2,
      since: 1,
    },
  ],
  players: 3,
};

beforeEach(() => {
  FakeSocket.made = [];
  localStorage.clear();
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(JSON.stringify({ account: { id: 'g-1', name: 'Guest 1', guest: true } }), { status: 200 }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function mount(
  lang: Lang,
  settings: NewGameSettings = DEFAULT_SETTINGS,
): Promise<{ root: HTMLElement; paired: unknown[] }> {
  const root = document.createElement('div');
  document.body.append(root);
  const paired: unknown[] = [];
  // The lobby's socket opens once the page knows who it is.
  await act(async () => {
    render(
      h(LobbyPage, {
        t: stringsFor(lang),
        lang,
        settings,
        onSettings: () => undefined,
        onPaired: (p) => paired.push(p),
      }),
      root,
    );
    await identity();
  });
  expect(FakeSocket.made).toHaveLength(1);
  void act(() => last().open());
  void act(() => last().receive(LOBBY));
  return { root, paired };
}

const button = (root: HTMLElement, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.includes(text));

describe('LobbyPage', () => {
  it('lists the pools and seeks in words, seeks a pool with bots after 30 s, shows the wait ticking, and cancels', async () => {
    const { root } = await mount('en');
    const pools = [...root.querySelectorAll('.pool')].map((p) => p.textContent);
    expect(pools[0]).toContain('Koi-Koi · 2 players');
    expect(pools[0]).toContain('Rounds: 6');
    expect(pools[0]).toContain('1 waiting');
    expect(pools[1]).toContain('Teams: 1+3 / 2+4');
    expect(pools[1]).toContain('none waiting');
    const seek = root.querySelector('.seek-row')!.textContent;
    expect(seek).toContain('Hana');
    expect(seek).toContain('Nara Hana-awase · 4 players');
    expect(seek).toContain('2 of 4 seated');
    expect(seek).toContain('Game length: 3 rounds · Turn timer: 30\u00a0s');
    expect(root.textContent).toContain('3 people are looking for a game');

    void act(() => (root.querySelector('[data-pool=koikoi-6]') as HTMLButtonElement).click());
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'seek', pool: 'koikoi-6', botsAfter: 30 });
    void act(() =>
      last().receive({ type: 'seeking', seek: 'p-1', pool: 'koikoi-6', since: 1, botsAfter: 30 }),
    );
    const wait = root.querySelector('.wait-panel')!;
    expect(wait.textContent).toContain('Looking for players');
    expect(wait.textContent).toContain('Koi-Koi · 2 players');
    expect(wait.querySelector('.wait-elapsed')!.textContent).toBe('0:00');
    // The server's heartbeats keep the line (and so the seek) alive.
    for (let s = 0; s < 65; s += 2.5) {
      void act(() => void vi.advanceTimersByTime(2_500));
      void act(() => last().receive({ type: 'heartbeat' }));
    }
    expect(root.querySelector('.wait-elapsed')!.textContent).toBe('1:05');
    // One seek at a time: the other buttons wait too.
    expect((root.querySelector('[data-pool=sakura-2x2]') as HTMLButtonElement).disabled).toBe(true);
    void act(() => button(root, 'Cancel')!.click());
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'cancel-seek' });
    void act(() => last().receive({ type: 'seek-ended', seek: 'p-1', reason: 'cancelled' }));
    expect(root.querySelector('.wait-panel')).toBeNull();
    render(null, root);
  });

  it('joins a listed seek, says a refusal in words, and without the tick seeks with no bots', async () => {
    const { root } = await mount('en');
    void act(() => button(root, 'Join')!.click());
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'accept-seek', seek: 's-9' });
    void act(() => last().receive({ type: 'error', code: 'already-seeking', message: 'one seek a person' }));
    expect(root.querySelector('[role=alert]')!.textContent).toBe(
      'You are already looking for a game: cancel that one first.',
    );
    void act(() => {
      const tick = root.querySelector('input[name=bots-after]') as HTMLInputElement;
      tick.checked = false;
      tick.dispatchEvent(new Event('change'));
    });
    void act(() => (root.querySelector('[data-pool=koikoi-6]') as HTMLButtonElement).click());
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'seek', pool: 'koikoi-6' });
    render(null, root);
  });

  it('seeks a custom game from the game settings, every seat open, with no name or seat choices to make', async () => {
    const settings: NewGameSettings = {
      ...DEFAULT_SETTINGS,
      game: 'sakura',
      players: { ...DEFAULT_SETTINGS.players, sakura: 3 },
    };
    const { root } = await mount('en', settings);
    const form = root.querySelector('.custom-seek form') as HTMLFormElement;
    expect(form.querySelector('input[name=name]')).toBeNull();
    expect(form.querySelector('select[name=turn-timer]')).not.toBeNull();
    void act(() => void form.dispatchEvent(new Event('submit', { cancelable: true })));
    expect(last().sent.at(-1)).toEqual({
      v: 1,
      type: 'seek',
      setup: {
        game: 'sakura',
        players: 3,
        options: {},
        seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
        turnSeconds: 60,
      },
      botsAfter: 30,
    });
    render(null, root);
  });

  /** A member's page: its lobby knows it may play rated. */
  const member = async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ account: { id: 'm-1', name: 'Hana', guest: false } }), { status: 200 }),
      ),
    );
    const mounted = await mount('en');
    await act(async () => {
      await ensureIdentity();
    });
    return mounted;
  };

  it("seeks a member's quick game rated by default: no bots, the rated seekers' count, and the wait says so", async () => {
    const { root } = await member();
    expect((root.querySelector('input[name=rated][value=rated]') as HTMLInputElement).checked).toBe(true);
    expect(root.querySelector('input[name=bots-after]')).toBeNull();
    expect(root.querySelector('[data-pool=koikoi-6] .pool-waiting')?.textContent).toBe('none waiting');
    void act(() => (root.querySelector('[data-pool=koikoi-6]') as HTMLButtonElement).click());
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'seek', pool: 'koikoi-6', rated: true });
    void act(() => last().receive({ type: 'seeking', seek: 'p-1', pool: 'koikoi-6', since: 1, rated: true }));
    expect(root.querySelector('.wait-panel .rated-badge')?.textContent).toBe('Rated');
  });

  it('lets a member choose casual (bots after 30 s), and a guest only casual', async () => {
    const { root } = await member();
    void act(() => (root.querySelector('input[name=rated][value=casual]') as HTMLInputElement).click());
    expect(root.querySelector('[data-pool=koikoi-6] .pool-waiting')?.textContent).toBe('1 waiting');
    void act(() => (root.querySelector('[data-pool=koikoi-6]') as HTMLButtonElement).click());
    expect(last().sent.at(-1)).toEqual({ v: 1, type: 'seek', pool: 'koikoi-6', botsAfter: 30 });
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ account: { id: 'g-2', name: 'Guest 2', guest: true } }), {
          status: 200,
        }),
      ),
    );
    FakeSocket.made = [];
    const guest = await mount('en');
    expect(guest.root.querySelector('input[name=rated]')).toBeNull();
    expect(guest.root.querySelector('.rated-guest-note a')?.getAttribute('href')).toBe('#/account');
  });

  it('speaks Japanese', async () => {
    const { root } = await mount('ja');
    expect(root.querySelector('h1')!.textContent).toBe('対戦相手を探す');
    expect(root.querySelector('.pool')!.textContent).toContain('1人待機中');
    expect(root.querySelector('.seek-row')!.textContent).toContain('4人中2人');
    expect(root.querySelector('.seek-row')!.textContent).toContain('対局の長さ: 3局 · 持ち時間: 30\u00a0秒');
    expect(button(root, '参加する')).toBeDefined();
    render(null, root);
  });

  it("on a first visit makes one guest: the lobby's socket opens as the person the cookie names", async () => {
    // A page load of its own: nobody yet, and no identity remembered by the page.
    vi.resetModules();
    const fresh = await import('../src/ui/lobby-page.js');
    const { identity: freshIdentity } = await import('../src/state/identity.js');
    const guests: string[] = [];
    let cookie: { id: string; name: string; guest: boolean } | null = null;
    // The server reads the cookie a request carries when it is sent: two asked at once both find nobody.
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => {
      if (path === 'api/guest' && init?.method === 'POST') {
        cookie = { id: `g-${guests.length + 1}`, name: `Guest ${guests.length + 1}`, guest: true };
        guests.push(cookie.id);
      }
      const answer = new Response(JSON.stringify({ account: cookie }), { status: 200 });
      return new Promise<Response>((done) => queueMicrotask(() => done(answer)));
    });
    const root = document.createElement('div');
    document.body.append(root);
    await act(async () => {
      render(
        h(fresh.LobbyPage, {
          t: stringsFor('en'),
          lang: 'en',
          settings: DEFAULT_SETTINGS,
          onSettings: () => undefined,
          onPaired: () => undefined,
        }),
        root,
      );
    });
    // The page's effects have asked who it is (the socket waits for the answer, the member check asks too).
    await act(async () => {
      await freshIdentity();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(FakeSocket.made).toHaveLength(1);
    expect(guests).toEqual(['g-1']);
    render(null, root);
  });
});
