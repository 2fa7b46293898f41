/** The lobby's checks beyond the schema: a seek names a pool or a custom setup, and a custom setup is all open seats. */
import { describe, expect, it } from 'vitest';
import { parseServerBoundMessage } from '../src/index.js';

const parse = (fields: object) => parseServerBoundMessage(JSON.stringify({ v: 1, ...fields }));
const open2 = { game: 'koikoi', players: 2, seats: [{ kind: 'open' }, { kind: 'open' }] };

describe('seek', () => {
  it('takes a pool', () => {
    expect(parse({ type: 'seek', pool: 'koikoi-6' })).toEqual({
      ok: true,
      value: { v: 1, type: 'seek', pool: 'koikoi-6' },
    });
  });

  it("takes a custom setup, its turn clock filled in as a room's is", () => {
    const parsed = parse({ type: 'seek', setup: open2 });
    expect(parsed.ok && parsed.value.type === 'seek' && parsed.value.setup?.turnSeconds).toBe(60);
  });

  it.each([
    [{ pool: 'koikoi-6', setup: open2 }, 'bad-seek', /not both/],
    [{}, 'bad-seek', /needs a "pool" or a "setup"/],
    [{ pool: 'hachi' }, 'unknown-pool', /"pool" must be one of koikoi-6, /],
    [
      { setup: { ...open2, seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }] } },
      'bad-setup',
      /seat 1: every seat of a custom seek is open/,
    ],
    [{ setup: { ...open2, options: { rounds: 48 } } }, 'game-too-long', /"rounds": 48/],
  ])('refuses %j with %s', (fields, code, message) => {
    const parsed = parse({ type: 'seek', ...fields });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe(code);
      expect(parsed.error.message).toMatch(message);
    }
  });
});

describe('ids', () => {
  it.each([
    [{ type: 'block' }, /^"block" needs "account"$/],
    [{ type: 'block', account: 'a/b' }, /^"account" must be an id of 1 to 64 url-safe characters/],
    [{ type: 'report', reason: 'rude' }, /^"report" needs "room"$/],
    [{ type: 'report', room: '../etc', reason: 'rude' }, /^"room" must be a room's id/],
  ])('refuses %j as missing or as malformed, as it is', (fields, message) => {
    const parsed = parse(fields);
    expect(!parsed.ok && parsed.error).toMatchObject({
      code: 'bad-message',
      message: expect.stringMatching(message),
    });
  });
});
