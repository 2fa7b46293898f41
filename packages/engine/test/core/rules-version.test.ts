/** Records name the rules version they were played under; one of another version is refused, never replayed differently. */
import { describe, expect, it } from 'vitest';
import { RULES_VERSION, koikoi, makeRecord, parseRecord, replayRecord } from '../../src/index.js';
import { playRandom } from '../support/random-play.js';

const played = playRandom(koikoi, { players: 2, seed: 'rules-version', options: { rounds: 1 } }, 'policy');

describe('the rules version of a record', () => {
  it('is written by makeRecord and read back', () => {
    const record = makeRecord('koikoi', { players: 2, seed: 1 }, []);
    expect(record.rules).toBe(RULES_VERSION);
    const parsed = parseRecord(JSON.stringify(played.record));
    expect(parsed.ok && parsed.value.rules).toBe(RULES_VERSION);
  });

  it('refuses a record of another version, in parseRecord and in replayRecord, saying which', () => {
    const other = { ...played.record, rules: RULES_VERSION + 1 };
    const parsed = parseRecord(JSON.stringify(other));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('other-rules');
      expect(parsed.error.message).toContain(`played under rules version ${RULES_VERSION + 1}`);
      expect(parsed.error.message).toContain(`this engine plays rules version ${RULES_VERSION}`);
    }
    const replayed = replayRecord(koikoi, other);
    expect(!replayed.ok && replayed.error.code).toBe('other-rules');
  });

  it('refuses a rules version that is not a whole number of 1 or more', () => {
    for (const rules of [0, 1.5, '1', null]) {
      const parsed = parseRecord(JSON.stringify({ ...played.record, rules }));
      expect(!parsed.ok && parsed.error.message, JSON.stringify(rules)).toMatch(
        /"rules" must be a whole number/,
      );
    }
  });

  it('reads a record without one (written before versions were) as version 1', () => {
    const { rules: _rules, ...legacy } = played.record;
    const parsed = parseRecord(JSON.stringify(legacy));
    expect(parsed.ok).toBe((RULES_VERSION as number) === 1);
    expect(replayRecord(koikoi, legacy).ok).toBe((RULES_VERSION as number) === 1);
  });
});
