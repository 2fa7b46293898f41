/** One house rule as a form control, generated from its spec: its values, its default and its one-line help. */
import type { OptionSpec } from '@hanafuda/engine';
import type { JSX } from 'preact';
import type { Strings } from '../i18n/en.js';
import { ruleHelp, ruleValue } from '../i18n/house-rules.js';
import { getPrefs } from './prefs.js';

export interface OptionInputProps {
  readonly spec: OptionSpec;
  readonly value: unknown;
  /** The value the chosen rule set (preset) gives, shown while the rule is not changed; else the default. */
  readonly base?: unknown;
  readonly onChange: (value: unknown) => void;
  readonly t: Strings;
}

/**
 * For the curious: the rule's name in the engine and the sources it comes from. In English the
 * engine's own sourced help; in Japanese the same facts in Japanese (that help is English prose).
 */
export function RuleDetails(props: { readonly spec: OptionSpec; readonly t: Strings }): JSX.Element {
  const { spec, t } = props;
  const sources = [...spec.help.matchAll(/\((\d{3}(?:[,;] ?\d{3})*)\)/g)].map((m) => m[1]).join(', ');
  return (
    <details class="option-details">
      <summary>{t.details}</summary>
      {getPrefs().lang === 'ja' ? (
        <>
          {t.ruleId}: <code>{spec.name}</code>
          {sources ? ` · ${t.ruleSources}: ${sources}` : ''}
        </>
      ) : (
        <>
          <code>{spec.name}</code> — {spec.help}
        </>
      )}
    </details>
  );
}

export function OptionInput(props: OptionInputProps): JSX.Element {
  const { spec, t } = props;
  const lang = getPrefs().lang;
  const id = `opt-${spec.name}`;
  const base = props.base ?? spec.default;
  const value = props.value ?? base;
  const changed = props.value !== undefined && props.value !== base;
  let control: JSX.Element;
  switch (spec.kind) {
    case 'enum':
      control = (
        <select
          id={id}
          value={String(value)}
          onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}
          aria-describedby={`${id}-help`}
        >
          {spec.values.map((v) => (
            <option key={v} value={v}>
              {ruleValue(spec, v, lang)}
            </option>
          ))}
        </select>
      );
      break;
    case 'boolean':
      control = (
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)}
          aria-describedby={`${id}-help`}
        />
      );
      break;
    case 'integer':
      control = (
        <input
          id={id}
          type="number"
          min={spec.min}
          max={spec.max}
          value={Number(value)}
          aria-describedby={`${id}-help`}
          onChange={(e) => {
            const n = Number((e.target as HTMLInputElement).value);
            if (Number.isInteger(n) && n >= spec.min && (spec.max === undefined || n <= spec.max))
              props.onChange(n);
          }}
        />
      );
      break;
    case 'length':
      control = (
        <input
          id={id}
          type="text"
          value={String(value)}
          pattern="(rounds|target):[1-9][0-9]*"
          aria-describedby={`${id}-help`}
          onChange={(e) => {
            const v = (e.target as HTMLInputElement).value.trim();
            if (/^(rounds|target):[1-9][0-9]*$/.test(v)) props.onChange(v);
          }}
        />
      );
      break;
  }
  return (
    <div class={`option${changed ? ' changed' : ''}`}>
      <label for={id} class="option-name">
        {spec[t.optionTitle]}
      </label>
      <div class="option-control">
        {control}
        <span class="option-default">
          {t.defaultIs}: {ruleValue(spec, spec.default, lang)}
        </span>
      </div>
      <p id={`${id}-help`} class="option-help">
        {ruleHelp(spec, lang)}
      </p>
      <RuleDetails spec={spec} t={t} />
    </div>
  );
}
