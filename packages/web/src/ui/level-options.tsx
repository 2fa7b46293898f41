/**
 * A bot level's choices for a table, each with the level's rating on the people's ladder where
 * the table is one of the rated formats ("Hard ≈ 1650"), so that a player can pick a bot near
 * their own rating.
 */
import { LEVELS, type Level } from '@hanafuda/bots';
import { type BotTable, botRating } from '@hanafuda/protocol';
import type { JSX } from 'preact';
import type { Strings } from '../i18n/en.js';

/** The level's name, and its rating at such a table if it has one. */
export function levelLabel(t: Strings, level: Level, table: BotTable): string {
  const rating = botRating(table, level);
  return rating === undefined ? t.levels[level] : `${t.levels[level]} ≈ ${rating}`;
}

/** Every level as an `<option>`, its label after `prefix` (e.g. "Bot: "). */
export function LevelOptions(props: { t: Strings; table: BotTable; prefix?: string }): JSX.Element {
  return (
    <>
      {LEVELS.map((l) => (
        <option key={l} value={l}>
          {(props.prefix ?? '') + levelLabel(props.t, l, props.table)}
        </option>
      ))}
    </>
  );
}
