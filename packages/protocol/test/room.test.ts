import { describe, expect, it } from 'vitest';
import { ROOM_ID_PATTERN, parseRoomSetup, parseServerBoundMessage, roomIdFrom } from '../src/index.js';

describe('server-bound messages', () => {
  it.each([
    ['{"v":1,"type":"join","room":"abcd1234","name":"  Leilani "}', true],
    ['{"v":1,"type":"join","room":"abcd1234","name":"Kai","seat":2}', true],
    ['{"v":1,"type":"join","room":"abcd1234","name":"Robo","bot":true}', true],
    ['{"v":1,"type":"join","room":"abcd1234","name":"Robo","bot":"yes"}', /"bot" must be true or false/],
    ['{"v":1,"type":"resume","room":"abcd1234","token":"t0k3n-t0k3n"}', true],
    ['{"v":1,"type":"spectate","room":"abcd1234"}', true],
    ['{"v":1,"type":"start","room":"abcd1234","hostToken":"hosthost","level":"easy"}', true],
    [
      '{"v":1,"type":"replace-with-bot","room":"abcd1234","hostToken":"hosthost","seat":1,"level":"normal"}',
      true,
    ],
    [
      '{"v":1,"type":"create-room","setup":{"game":"sakura","players":2,"seats":[{"kind":"open"},{"kind":"bot","level":"easy"}]}}',
      true,
    ],
    ['{"v":1,"type":"sync"}', true],
    ['{"v":1,"type":"heartbeat"}', true],
    ['{"v":1,"type":"presence","state":"frozen"}', true],
    ['{"v":1,"type":"stand-in","room":"abcd1234","seat":2}', true],
    ['{"v":1,"type":"rematch","room":"abcd1234"}', true],
    ['{"v":1,"type":"rematch","room":"abcd1234","hostToken":"hosthost"}', true],
    // A field that is there but malformed is named as malformed, never as missing.
    [
      '{"v":1,"type":"rematch","room":"abcd1234","hostToken":7}',
      /^"hostToken" must be 4 to 64 url-safe characters/,
    ],
    ['{"v":1,"type":"rematch"}', /needs "room"/],
    ['{"v":1,"type":"presence","state":"asleep"}', /^"state" must be one of active, hidden, frozen, gone$/],
    ['{"v":1,"type":"presence"}', /^"presence" needs "state"$/],
    ['{"v":1,"type":"stand-in","room":"abcd1234","seat":"two"}', /^"seat" must be a seat number/],
    ['{"v":1,"type":"stand-in","seat":1}', /needs "room"/],
    ['{"v":1,"type":"join","room":"abcd1234","name":""}', /display name/],
    ['{"v":1,"type":"join","room":"abcd1234","name":"a\\u0007b"}', /control characters/],
    ['{"v":1,"type":"join","room":"../etc","name":"Kai"}', /^"room" must be 4 to 64 url-safe characters/],
    ['{"v":1,"type":"join","name":"Kai"}', /^"join" needs "room"$/],
    [
      '{"v":1,"type":"resume","room":"abcd1234","token":"a b c d"}',
      /^"token" must be 4 to 64 url-safe characters/,
    ],
    [
      '{"v":1,"type":"replace-with-bot","room":"abcd1234","hostToken":"hosthost","seat":-1,"level":"easy"}',
      /^"seat" must be a seat number/,
    ],
    ['{"v":1,"type":"join","room":"abcd1234","name":"Kai","seat":-1}', /seat number/],
    ['{"v":1,"type":"resume","room":"abcd1234"}', /^"resume" needs "token"$/],
    ['{"v":1,"type":"start","room":"abcd1234","hostToken":"hosthost","level":"god"}', /"level"/],
    [
      '{"v":1,"type":"replace-with-bot","room":"abcd1234","hostToken":"hosthost","level":"easy"}',
      /needs "seat"/,
    ],
    [
      '{"v":1,"type":"create-room","setup":{"game":"sakura","players":2,"seats":[{"kind":"open"}]}}',
      /must list 2 seats/,
    ],
    [
      '{"v":1,"type":"create-room","room":"Ab3_-xYz09","setup":{"game":"sakura","players":1,"seats":[{"kind":"open"}]}}',
      true,
    ],
    [
      '{"v":1,"type":"create-room","room":"short","setup":{"game":"sakura","players":1,"seats":[{"kind":"open"}]}}',
      /"room", if given, must be 10 url-safe characters/,
    ],
    [
      '{"v":1,"type":"create-room","room":"Ab3_-xYz0/","setup":{"game":"sakura","players":1,"seats":[{"kind":"open"}]}}',
      /"room", if given, must be 10/,
    ],
    ['{"v":2,"type":"join"}', /protocol version 2/],
    ['{"v":1,"type":"teleport"}', /unknown message type/],
    ['{', /must be JSON/],
  ])('%s', (text, expected) => {
    const r = parseServerBoundMessage(text);
    if (expected === true) expect(r.ok, JSON.stringify(r)).toBe(true);
    else expect(!r.ok && r.error.message).toMatch(expected as RegExp);
  });

  it('trims names and keeps table messages as they are', () => {
    const join = parseServerBoundMessage('{"v":1,"type":"join","room":"abcd1234","name":"  Leilani "}');
    expect(join.ok && join.value).toEqual({ v: 1, type: 'join', room: 'abcd1234', name: 'Leilani' });
    const act = parseServerBoundMessage(
      '{"v":1,"type":"act","seq":0,"action":{"seat":0,"play":"pine-crane"}}',
    );
    expect(act.ok && act.value).toEqual({
      v: 1,
      type: 'act',
      seq: 0,
      action: { seat: 0, play: 'pine-crane' },
    });
  });
});

describe('room setups', () => {
  it.each([
    [{ game: 'sakura', players: 2, seats: [{ kind: 'open' }, { kind: 'human' }] }, /"open" or "bot"/],
    [{ game: 'sakura', players: 2, seats: [{ kind: 'open' }, { kind: 'bot' }] }, /needs a "level"/],
    [{ game: 'sakura', players: 1, seats: [{ kind: 'open' }], turnSeconds: -1 }, /turnSeconds/],
    [{ game: 'sakura', players: 1, seats: [{ kind: 'open' }], teams: [[0, 'x']] }, /"teams"/],
    [
      { game: 'sakura', players: 1, seats: [{ kind: 'open' }], startAt: { round: 2, dealer: 0 } },
      /"startAt" .* not online rooms/,
    ],
  ])('refuses %j', (raw, message) => {
    const r = parseRoomSetup(raw);
    expect(!r.ok && r.error.message).toMatch(message);
  });

  it('defaults to a one-minute turn timer, and 0 turns it off', () => {
    const r = parseRoomSetup({ game: 'sakura', players: 1, seats: [{ kind: 'open' }] });
    expect(r.ok && r.value.turnSeconds).toBe(60);
    const off = parseRoomSetup({ game: 'sakura', players: 1, seats: [{ kind: 'open' }], turnSeconds: 0 });
    expect(off.ok && off.value.turnSeconds).toBe(0);
  });
});

describe('room ids', () => {
  it('takes the first 60 of 64 random bits, as base64url does', () => {
    const bytes = Uint8Array.from([0xfb, 0xef, 0xbe, 0x00, 0x10, 0x83, 0xff, 0xff]);
    expect(roomIdFrom(bytes)).toBe(Buffer.from(bytes).toString('base64url').slice(0, 10));
    expect(roomIdFrom(bytes)).toMatch(ROOM_ID_PATTERN);
    expect(() => roomIdFrom(new Uint8Array(7))).toThrow(/8 random bytes/);
  });
});
