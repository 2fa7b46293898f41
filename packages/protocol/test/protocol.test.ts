import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, parseClientMessage, parseTableConfig } from '../src/index.js';

describe('client messages', () => {
  it.each([
    [
      '{"v":1,"type":"act","seq":3,"action":{"seat":0,"play":"pine-crane"}}',
      { v: 1, type: 'act', seq: 3, action: { seat: 0, play: 'pine-crane' } },
    ],
    ['{"v":1,"type":"sync"}', { v: 1, type: 'sync' }],
    ['{"v":1,"type":"hint"}', { v: 1, type: 'hint' }],
    ['{"v":2,"type":"sync"}', /protocol version 2/],
    ['{"v":1,"type":"dance"}', /unknown message type "dance"/],
    ['{"v":1,"type":"act","action":{"seat":0,"play":"pine-crane"}}', /^"act" needs "seq"$/],
    [
      '{"v":1,"type":"act","seq":-1,"action":{"seat":0,"play":"pine-crane"}}',
      /^"seq" must be a whole number from 0/,
    ],
    [
      '{"v":1,"type":"act","seq":"3","action":{"seat":0,"play":"pine-crane"}}',
      /^"seq" must be a whole number from 0/,
    ],
    ['{"v":1,"type":"act","seq":1,"action":{"seat":0,"play":"pine-dragon"}}', /unknown card/],
    ['not json', /must be JSON/],
    ['[1]', /JSON object/],
    [`{"v":1,"type":"sync","pad":"${'x'.repeat(MAX_MESSAGE_BYTES)}"}`, /at most/],
    // Counted in bytes as sent (UTF-8), not in characters: 6,000 characters of 3 bytes each.
    [`{"v":1,"type":"sync","pad":"${'€'.repeat(6000)}"}`, /at most 16384 bytes/],
  ])('%s', (text, expected) => {
    const r = parseClientMessage(text);
    // A good message parses to exactly what was sent; a bad one says why.
    if (expected instanceof RegExp) expect(!r.ok && r.error.message).toMatch(expected);
    else expect(r.ok && r.value).toEqual(expected);
  });
});

describe('table configs', () => {
  const seats = [
    { kind: 'human', name: 'Leilani' },
    { kind: 'bot', name: 'Tūtū', level: 'hard' },
  ];

  it('accepts a good config', () => {
    const r = parseTableConfig({ game: 'sakura', players: 2, options: { rounds: 3 }, seats });
    expect(r.ok && r.value.seats[1]).toEqual({ kind: 'bot', name: 'Tūtū', level: 'hard' });
  });

  it("keeps a replayed deal's start (the game checks the round and the seat)", () => {
    const r = parseTableConfig({ game: 'sakura', players: 2, seats, startAt: { round: 2, dealer: 1 } });
    expect(r.ok && r.value.startAt).toEqual({ round: 2, dealer: 1 });
  });

  it.each([
    [{ game: 'sakura', players: 3, seats }, /must list 3 seats/],
    [{ game: 'sakura', players: 2, seats: [seats[0], { kind: 'bot', name: 'x' }] }, /needs a "level"/],
    [{ game: 'sakura', players: 2, seats: [seats[0], { kind: 'alien', name: 'x' }] }, /"kind"/],
    [{ game: 'sakura', players: 2, seats: [seats[0], { kind: 'human', name: ' ' }] }, /"name"/],
    [{ players: 2, seats }, /"game" is missing/],
    [{ game: 'sakura', players: 2, seats, startAt: { round: 'two', dealer: 0 } }, /"startAt" must be/],
  ])('refuses %j', (raw, message) => {
    const r = parseTableConfig(raw);
    expect(!r.ok && r.error.message).toMatch(message);
  });
});
