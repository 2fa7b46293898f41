import { describe, expect, it } from 'vitest';
import { MAX_ROOM_ROUNDS, MAX_ROOM_TARGET, parseRoomSetup } from '../src/index.js';

const setup = (game: string, players: number, options: Record<string, unknown>) => ({
  game,
  players,
  options,
  seats: Array.from({ length: players }, () => ({ kind: 'open' })),
});
const refusal = (raw: unknown) => {
  const result = parseRoomSetup(raw);
  return result.ok ? 'accepted' : `${result.error.code}: ${result.error.message}`;
};

describe('the longest game a room may set up', () => {
  it('refuses more rounds than the cap, in every game, with a clear message', () => {
    expect(refusal(setup('sakura', 2, { rounds: 1_000_000 }))).toBe(
      `game-too-long: "rounds": 1000000: an online game may last at most ${MAX_ROOM_ROUNDS} rounds, or play to a target of at most ${MAX_ROOM_TARGET}`,
    );
    expect(refusal(setup('koikoi', 2, { rounds: MAX_ROOM_ROUNDS + 1 }))).toMatch(/^game-too-long: /);
    expect(refusal(setup('oibana', 3, { rounds: MAX_ROOM_ROUNDS + 1 }))).toMatch(/^game-too-long: /);
    expect(refusal(setup('nara', 4, { length: `rounds:${MAX_ROOM_ROUNDS + 1}` }))).toMatch(
      /^game-too-long: "length": "rounds:25"/,
    );
    expect(refusal(setup('nara', 4, { length: `target:${MAX_ROOM_TARGET + 1}` }))).toMatch(
      /^game-too-long: /,
    );
  });

  it('accepts games up to the cap', () => {
    expect(refusal(setup('sakura', 2, { rounds: MAX_ROOM_ROUNDS }))).toBe('accepted');
    expect(refusal(setup('koikoi', 2, { rounds: 12 }))).toBe('accepted');
    expect(refusal(setup('nara', 4, { length: `rounds:${MAX_ROOM_ROUNDS}` }))).toBe('accepted');
    expect(refusal(setup('nara', 4, { length: `target:${MAX_ROOM_TARGET}` }))).toBe('accepted');
    expect(refusal(setup('sakura', 2, {}))).toBe('accepted');
  });
});
