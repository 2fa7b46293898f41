/** A game's setup in a few words for a list (the lobby's pools and seeks): game, players, teams, the rules chosen, the turn clock. */
import { gameById, type OptionSpec, parseLength } from '@hanafuda/engine';
import type { Strings } from '../i18n/en.js';
import { ruleValue } from '../i18n/house-rules.js';
import type { Lang } from '../i18n/i18n.js';

export interface SetupLike {
  readonly game: string;
  readonly players: number;
  readonly teams?: readonly (readonly number[])[];
  readonly options?: Readonly<Record<string, unknown>>;
  readonly turnSeconds?: number;
}

/** "Koi-Koi", "2 players", "teams 1+3 / 2+4": what the game is. */
export function gameLine(setup: SetupLike, t: Strings): string {
  const teams = setup.teams?.length
    ? ` · ${t.teams}: ${setup.teams.map((team) => team.map((s) => s + 1).join('+')).join(' / ')}`
    : '';
  return `${t.gameNames[setup.game] ?? setup.game} · ${t.lobby.playersCount(setup.players)}${teams}`;
}

/** The house rules chosen (by the engine's titles and value words; a rule left at its default is not named), then the turn clock. */
export function rulesLine(setup: SetupLike, t: Strings, lang: Lang): string {
  const specs = gameById(setup.game)?.optionSpecs ?? [];
  const rules = Object.entries(setup.options ?? {}).map(([name, value]) => {
    const spec = specs.find((s) => s.name === name);
    return spec ? `${spec[t.optionTitle]}: ${valueText(spec, value, t, lang)}` : `${name}: ${String(value)}`;
  });
  const clock =
    setup.turnSeconds === undefined
      ? []
      : [
          `${t.turnTimer}: ${setup.turnSeconds > 0 ? `${setup.turnSeconds}\u00a0${t.secondsShort}` : t.noTimer}`,
        ];
  return [...rules, ...clock].join(' · ');
}

/** A rule's value in words; a game's length ("rounds:4") as players say it. */
function valueText(spec: OptionSpec, value: unknown, t: Strings, lang: Lang): string {
  const length = spec.kind === 'length' && typeof value === 'string' ? parseLength(value) : undefined;
  if (!length) return ruleValue(spec, value, lang);
  return 'rounds' in length ? t.lobby.lengthRounds(length.rounds) : t.lobby.lengthTarget(length.target);
}
