import { LEVELS } from '@hanafuda/bots';
import { BOT_LEVELS } from '@hanafuda/protocol';
import { describe, expect, it } from 'vitest';

describe('bot levels', () => {
  it('the wire names exactly the levels the bots play', () => {
    expect([...BOT_LEVELS].sort()).toEqual([...LEVELS].sort());
  });
});
