/** The yaku's names as players read them: what each Sakura yaku is, in English and Japanese; a chip's short name. */
import { SAKURA_YAKU } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { yakuName, yakuShortName } from '../src/index.js';

describe('yaku names', () => {
  it('says what every Sakura yaku is, in both languages, after its iroha name', () => {
    for (const { id } of SAKURA_YAKU) {
      expect(yakuName('sakura', id, 'en')).toMatch(new RegExp(`^${id} \\(.+\\)$`));
      expect(yakuName('sakura', id, 'ja')).toMatch(/^[いろはにほへとち]（.+）$/);
    }
    // Ho and To have no common name: their cards (docs/rules.md 3.5), the animals of three months.
    expect(yakuName('sakura', 'To', 'en')).toBe('To (cuckoo, bridge, boar)');
    expect(yakuName('sakura', 'To', 'ja')).toBe('と（藤・菖蒲・萩のタネ）');
  });

  it('keeps a chip short: the name without its gloss, in either language', () => {
    expect(yakuShortName('sakura', 'Chi', 'en')).toBe('Chi');
    expect(yakuShortName('sakura', 'Chi', 'ja')).toBe('ち');
    expect(yakuShortName('koikoi', 'tane', 'en')).toBe('Tane');
  });
});
