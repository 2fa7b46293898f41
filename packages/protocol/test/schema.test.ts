/**
 * protocol.schema.json: written from the schemas (never stale), a valid JSON Schema for a
 * standard validator, and in agreement with the package's own parsing: what it refuses, the
 * protocol refuses, naming the same field.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseServerBoundMessage, protocolSchema } from '../src/index.js';

const FILE = new URL('../protocol.schema.json', import.meta.url);
const published = JSON.parse(readFileSync(FILE, 'utf8')) as typeof protocolSchema;
const ajv = new Ajv({ strict: true, allErrors: false });
ajv.addSchema(published);
const serverBound = ajv.getSchema(`${published.$id}#/$defs/ServerBound`)!;

/** The field an error of the standard validator is about: the missing or extra one, or the last of its path. */
const fieldOf = (e: ErrorObject): string =>
  (e.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
  (e.params as { additionalProperty?: string }).additionalProperty ??
  e.instancePath
    .split('/')
    .filter((p) => !/^\d+$/.test(p))
    .pop() ??
  '';

describe('protocol.schema.json', () => {
  it('is what `npm run schema -w @hanafuda/protocol` writes from src/schema', () => {
    expect(
      readFileSync(FILE, 'utf8'),
      'protocol.schema.json is stale: run `npm run schema -w @hanafuda/protocol`',
    ).toBe(`${JSON.stringify(protocolSchema, null, 2)}\n`);
  });

  it("validates without generating code, as the web app's Content-Security-Policy (no unsafe-eval) requires", () => {
    const script =
      'import(\'@hanafuda/protocol\').then((p) => console.log(p.parseServerBoundMessage(\'{"v":1,"type":"join","room":"abcd1234"}\').error.code))';
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', script], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('bad-name');
  });

  it.each([
    { type: 'join', room: 'abcd1234', name: 'Leilani' },
    { type: 'join', room: 'abcd1234', name: 'Robo', seat: 1, bot: true },
    {
      type: 'create-room',
      setup: {
        game: 'koikoi',
        players: 2,
        options: { preset: 'hachi' },
        seats: [{ kind: 'open' }, { kind: 'bot', level: 'hard', name: 'Kai' }],
        turnSeconds: 0,
      },
    },
    { type: 'act', seq: 4, action: { seat: 1, play: 'pine-crane', take: 'pine-chaff-1' } },
    { type: 'act', seq: 4, action: { seat: 0, dealerTake: ['blank', 'wisteria-chaff-2'] } },
    { type: 'rematch', room: 'abcd1234', hostToken: 'hosthost' },
    { type: 'presence', state: 'hidden' },
    { type: 'seek', pool: 'sakura-2x2', botsAfter: 30 },
    {
      type: 'seek',
      setup: {
        game: 'oibana',
        players: 3,
        seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
        turnSeconds: 30,
      },
    },
    { type: 'accept-seek', seek: 'k3Jd9_x-Qa' },
    { type: 'block', account: 'acct_123' },
    { type: 'report', room: 'abcd1234', reason: 'played every turn at the last second' },
    { type: 'lobby' },
  ])('a good message, %j, fits the schema and parses', (fields) => {
    const message = { v: 1, ...fields };
    expect(serverBound(message), JSON.stringify(serverBound.errors)).toBe(true);
    expect(parseServerBoundMessage(JSON.stringify(message)).ok).toBe(true);
  });

  it.each([
    [{ type: 'join', room: 'abcd1234' }, 'name'],
    [{ type: 'join', room: '../etc', name: 'Kai' }, 'room'],
    [{ type: 'join', room: 'abcd1234', name: 'Kai', bot: 'yes' }, 'bot'],
    [{ type: 'join', room: 'abcd1234', name: 'Kai', colour: 'red' }, 'colour'],
    [{ type: 'act', action: { seat: 0, play: 'pine-crane' } }, 'seq'],
    [{ type: 'act', seq: 1, action: { seat: 0, play: 'pine-dragon' } }, 'card'],
    [{ type: 'act', seq: 1, action: { seat: 0, hiki: 13 } }, 'hiki'],
    [{ type: 'presence', state: 'asleep' }, 'state'],
    [{ type: 'start', room: 'abcd1234', hostToken: 'hosthost', level: 'god' }, 'level'],
    [{ type: 'replace-with-bot', room: 'abcd1234', hostToken: 'hosthost', level: 'easy' }, 'seat'],
    [{ type: 'create-room', setup: { game: 'sakura', players: 1, seats: [{ kind: 'bot' }] } }, 'level'],
    [
      {
        type: 'create-room',
        setup: { game: 'sakura', players: 1, seats: [{ kind: 'open' }], turnSeconds: 4000 },
      },
      'turnSeconds',
    ],
    [
      {
        type: 'create-room',
        setup: { game: 'sakura', players: 1, seats: [{ kind: 'open' }], startAt: { round: 1, dealer: 0 } },
      },
      'startAt',
    ],
    [{ type: 'teleport' }, 'type'],
    [{ type: 'seek', pool: 'koikoi-99' }, 'pool'],
    [{ type: 'seek', pool: 'koikoi-6', botsAfter: 601 }, 'botsAfter'],
    [{ type: 'report', room: 'abcd1234', reason: '' }, 'reason'],
    [{ type: 'block' }, 'account'],
  ])('%j: refused by the schema and by the protocol, about "%s"', (fields, field) => {
    const message = { v: 1, ...fields };
    expect(serverBound(message)).toBe(false);
    const parsed = parseServerBoundMessage(JSON.stringify(message));
    expect(parsed.ok).toBe(false);
    // The refusal names the field the standard validator found wrong (some in words: "unknown card", "display name").
    const said = !parsed.ok ? parsed.error.message : '';
    const words: Record<string, RegExp> = {
      card: /unknown card/,
      type: /unknown message type/,
      name: /display name/,
    };
    expect(said).toMatch(words[field] ?? `"${field}"`);
    if (field !== 'card' && field !== 'type') expect(serverBound.errors!.map(fieldOf)).toContain(field);
  });
});
