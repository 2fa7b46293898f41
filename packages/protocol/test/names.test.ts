import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, normaliseName, parseServerBoundMessage } from '../src/index.js';

const name = (raw: unknown) => {
  const result = normaliseName(raw);
  return result.ok ? result.value : `refused: ${result.error.code}`;
};

describe('display names', () => {
  it('are NFC, trimmed, with runs of any space made one plain space', () => {
    expect(name('  Alice  ')).toBe('Alice');
    expect(name('Ame\u0301lie')).toBe('Am\u00e9lie');
    expect(name('Tūtū\u00a0\u3000 Kai')).toBe('Tūtū Kai');
  });

  it('lose bidi controls and invisible characters, so that nobody passes for someone else', () => {
    expect(name('Alice\u200b')).toBe('Alice');
    expect(name('\u202eecilA')).toBe('ecilA');
    expect(name('\u2066Bob\u2069')).toBe('Bob');
    expect(name('Ali\u200dce')).toBe('Alice');
    expect(name('A\u00adl\ufeffi\u2060ce\u200e\u200f')).toBe('Alice');
    expect(name('x\u{e0067}')).toBe('x');
    expect(name('\u200b\u202e')).toBe('refused: bad-name');
  });

  it('keep the joiners that emoji and some scripts need', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    expect(name(family)).toBe(family);
    const persian = 'مریم\u200cخانم';
    expect(name(persian)).toBe(persian);
    const devanagari = 'क्\u200dष';
    expect(name(devanagari)).toBe(devanagari);
    const england = '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}';
    expect(name(england)).toBe(england);
    expect(name('\u200dBob\u200d')).toBe('Bob');
  });

  it('refuse control characters, nothing, and more than the length limit in characters (not UTF-16 units)', () => {
    expect(name('line\nbreak')).toBe('refused: bad-name');
    expect(name('\u009bx')).toBe('refused: bad-name');
    expect(name('   ')).toBe('refused: bad-name');
    expect(name(42)).toBe('refused: bad-name');
    expect(name('花'.repeat(MAX_NAME_LENGTH))).toBe('花'.repeat(MAX_NAME_LENGTH));
    expect(name('\u{1f338}'.repeat(MAX_NAME_LENGTH))).toBe('\u{1f338}'.repeat(MAX_NAME_LENGTH));
    expect(name('x'.repeat(MAX_NAME_LENGTH + 1))).toBe('refused: bad-name');
  });

  it('are normalised in the room messages that carry them', () => {
    const join = parseServerBoundMessage(
      JSON.stringify({ v: 1, type: 'join', room: 'abcd', name: ' \u202eAlice\u200b ' }),
    );
    expect(join.ok && join.value).toMatchObject({ type: 'join', name: 'Alice' });
    const setup = {
      game: 'sakura',
      players: 2,
      seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy', name: 'Bot\u2066 ' }],
    };
    const create = parseServerBoundMessage(JSON.stringify({ v: 1, type: 'create-room', setup }));
    expect(create.ok && create.value).toMatchObject({
      setup: { seats: [{ kind: 'open' }, { name: 'Bot' }] },
    });
  });
});
