/** Every house rule of every game, in words for players in both languages (an option added to the engine must be added here). */
import { GAMES } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { HOUSE_RULES, ruleValue } from '../src/i18n/house-rules.js';

const specs = GAMES.flatMap((g) => g.optionSpecs.map((spec) => ({ game: g.id, spec })));
/** Ids like gajiClaim, which read as code (plain words such as "rounds" may appear in a sentence). */
const camelCaseIds = specs.map((s) => s.spec.name).filter((name) => /[a-z][A-Z]/.test(name));

describe('house rules in English and Japanese', () => {
  it.each(specs.map(({ game, spec }) => [`${game} ${spec.name}`, spec] as const))(
    '%s has a help line and value words in both languages',
    (_, spec) => {
      for (const lang of ['en', 'ja'] as const) {
        const text = HOUSE_RULES[lang][spec.name];
        expect(text?.help, `${lang} help`).toBeTruthy();
        // No source numbers "(000)" and no option ids on screen: those stay behind "details".
        expect(text!.help).not.toMatch(/\(\d{3}/);
        for (const id of camelCaseIds) expect(text!.help).not.toContain(id);
        if (spec.kind === 'enum')
          for (const v of spec.values) expect(text!.values?.[v], `${lang} ${v}`).toBeTruthy();
      }
      expect(HOUSE_RULES.ja[spec.name].help).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    },
  );

  it('says on and off in words', () => {
    const spec = specs.find((s) => s.spec.kind === 'boolean')!.spec;
    expect([ruleValue(spec, true, 'en'), ruleValue(spec, false, 'ja')]).toEqual(['on', 'なし']);
  });
});
