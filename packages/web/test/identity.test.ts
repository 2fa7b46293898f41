/** The page's identity: asked of the server once, made a guest's only when it has none. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ensureIdentity,
  freshIdentity,
  identity,
  identityChanged,
  onIdentity,
} from '../src/state/identity.js';

/** A server that knows `account` (or nobody) until a guest is made: the requests it got, in order. */
function server(
  account: { id: string; name: string; guest: boolean } | null,
  guestAnswer: 'account' | 'empty' = 'account',
) {
  const calls: string[] = [];
  let me = account;
  const fetcher = (path: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${path} ${init?.credentials ?? ''}`.trim());
    let body: unknown;
    if (path === 'api/me') body = { account: me };
    else if (path === 'api/guest') {
      me = { id: 'g-1', name: 'Guest 4821', guest: true };
      body = guestAnswer === 'account' ? { account: me } : {};
    } else return Promise.resolve(new Response('no', { status: 404 }));
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };
  return { calls, fetcher };
}

describe('ensureIdentity', () => {
  it('keeps the identity the cookie already names, making no guest', async () => {
    const s = server({ id: 'a-7', name: 'Hana', guest: false });
    expect(await ensureIdentity(s.fetcher)).toEqual({ id: 'a-7', name: 'Hana', guest: false });
    expect(s.calls).toEqual(['GET api/me same-origin']);
  });

  it('makes a guest when the browser has no identity', async () => {
    const s = server(null);
    expect(await ensureIdentity(s.fetcher)).toEqual({ id: 'g-1', name: 'Guest 4821', guest: true });
    expect(s.calls).toEqual(['GET api/me same-origin', 'POST api/guest same-origin']);
  });

  it('asks /api/me again when the guest answer does not carry the account', async () => {
    const s = server(null, 'empty');
    expect(await ensureIdentity(s.fetcher)).toEqual({ id: 'g-1', name: 'Guest 4821', guest: true });
    expect(s.calls).toEqual([
      'GET api/me same-origin',
      'POST api/guest same-origin',
      'GET api/me same-origin',
    ]);
  });

  it('is null on a server without identities (the static app server), and on a network failure', async () => {
    expect(
      await ensureIdentity(() => Promise.resolve(new Response('Not Found', { status: 404 }))),
    ).toBeNull();
    expect(await ensureIdentity(() => Promise.reject(new TypeError('Failed to fetch')))).toBeNull();
  });
});

describe('two tabs opened at once on a first visit', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Each tab's own copy of the module, asking the one server (one cookie) at once: the guests it made. */
  async function twoTabs(): Promise<number> {
    const s = server(null);
    const tabs = [];
    for (let i = 0; i < 2; i++) {
      vi.resetModules();
      tabs.push(await import('../src/state/identity.js'));
    }
    await Promise.all(tabs.map((tab) => tab.ensureIdentity(s.fetcher)));
    return s.calls.filter((c) => c.startsWith('POST')).length;
  }

  it('make one guest: the tabs ask in turn, under a lock the browser shares among them', async () => {
    expect(typeof navigator.locks?.request).toBe('function');
    expect(await twoTabs()).toBe(1);
  });

  it('(without Web Locks, an old browser: each tab makes its own)', async () => {
    vi.stubGlobal('navigator', {});
    expect(await twoTabs()).toBe(2);
  });
});

describe('identityChanged', () => {
  it('makes the page someone else at once: the next ask and every listener get the new account', async () => {
    const heard: unknown[] = [];
    const stop = onIdentity((a) => heard.push(a));
    const member = { id: 'a-9', name: 'Hana', guest: false };
    identityChanged(member);
    expect(await identity()).toEqual(member);
    identityChanged(null);
    expect(await identity()).toBeNull();
    stop();
    identityChanged(member);
    expect(heard).toEqual([member, null]);
  });
});

describe('freshIdentity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks only once the page's identity is made: a first visit asking both at once makes one guest", async () => {
    // A page load of its own: the module's remembered identity starts empty.
    vi.resetModules();
    const fresh = await import('../src/state/identity.js');
    const s = server(null);
    vi.stubGlobal('fetch', s.fetcher);
    const guest = { id: 'g-1', name: 'Guest 4821', guest: true };
    expect(await Promise.all([fresh.identity(), fresh.freshIdentity()])).toEqual([guest, guest]);
    expect(s.calls.filter((c) => c.startsWith('POST'))).toEqual(['POST api/guest same-origin']);
  });

  it('says whom the cookie names now (signed in on another tab), and never makes a guest', async () => {
    identityChanged({ id: 'g-1', name: 'Guest 4821', guest: true });
    const member = server({ id: 'a-7', name: 'Hana', guest: false });
    expect(await freshIdentity(member.fetcher)).toEqual({ id: 'a-7', name: 'Hana', guest: false });
    const nobody = server(null);
    expect(await freshIdentity(nobody.fetcher)).toBeNull();
    expect(nobody.calls).toEqual(['GET api/me same-origin']);
    expect(await freshIdentity(() => Promise.reject(new TypeError('Failed to fetch')))).toBeNull();
  });
});
