/**
 * The new-game screen: game, players, teams, seats with bot levels, rounds and every house rule;
 * for an online room also open seats and a turn timer; for a seek in the lobby, the game and its
 * rules and timer only (every seat is for a person the lobby pairs).
 */
import type { Level } from '@hanafuda/bots';
import { GAMES, PRESET_OPTION, gameById } from '@hanafuda/engine';
import { botSeatName } from '@hanafuda/table';
import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import { shownName } from '../i18n/i18n.js';
import {
  type NewGameSettings,
  type OnlineSeat,
  saveSettings,
  tableOf,
  teamLayouts,
  TURN_TIMERS,
} from '../state/new-game-settings.js';
import { Card } from './card.js';
import { LevelOptions } from './level-options.js';
import { OptionInput } from './option-input.js';

const SAMPLE: Record<string, string> = {
  sakura: 'cherry-curtain',
  koikoi: 'susuki-moon',
  nara: 'maple-deer',
  oibana: 'paulownia-phoenix',
};
/** A rule set (Koi-Koi's preset), then the length: what most people change. */
const FIRST = [PRESET_OPTION, 'rounds', 'length'];

export interface NewGameProps {
  readonly initial: NewGameSettings;
  readonly t: Strings;
  readonly onStart: (settings: NewGameSettings) => void;
  /** `online`: the form creates a room on the game server (seats may stay open for people); `seek`: it seeks one in the lobby. */
  readonly mode?: 'local' | 'online' | 'seek';
  /** While the room is being created. */
  readonly busy?: boolean;
  /** Online, the name the server seats this browser under (its identity's): shown instead of asked. */
  readonly playingAs?: string | null;
  /** Shown just above the start button (the lobby's bots tick). */
  readonly extra?: ComponentChildren;
  /** Every change, as it is made (the settings are also kept in localStorage). */
  readonly onChange?: (settings: NewGameSettings) => void;
}

export function NewGame(props: NewGameProps): JSX.Element {
  const { t } = props;
  const [s, setS] = useState(props.initial);
  const update = (change: Partial<NewGameSettings>) => {
    const next = { ...s, ...change };
    setS(next);
    saveSettings(next);
    props.onChange?.(next);
  };
  const game = gameById(s.game)!;
  const players = s.players[s.game];
  const layouts = teamLayouts(s.game, players);
  const options = s.options[s.game] ?? {};
  const table = tableOf(s);
  const specs = [...game.optionSpecs].sort(
    (a, b) => Number(FIRST.includes(b.name)) - Number(FIRST.includes(a.name)),
  );
  // Choosing a rule set starts its rules afresh; a rule changed after it overrides it.
  const setOption = (name: string, value: unknown) =>
    update({
      options: {
        ...s.options,
        [s.game]: name === PRESET_OPTION ? { [name]: value } : { ...options, [name]: value },
      },
    });
  const presetValues = game.presets?.[String(options[PRESET_OPTION])] ?? {};
  const setLevel = (i: number, level: Level) =>
    update({ levels: s.levels.map((l, j) => (j === i ? level : l)) });
  const seek = props.mode === 'seek';
  const online = props.mode === 'online' || seek;
  const setOnlineSeat = (i: number, seat: OnlineSeat) =>
    update({ online: { ...s.online, seats: s.online.seats.map((x, j) => (j === i ? seat : x)) } });
  const seatName = (seat: number) =>
    seat === 0 && !seek ? t.you : online ? `${t.seat} ${seat + 1}` : botSeatName(seat);

  const turnTimer = (
    <label class="row" title={t.turnTimerHelp}>
      <span>{t.turnTimer}</span>
      <select
        name="turn-timer"
        value={s.online.turnSeconds}
        onChange={(e) =>
          update({ online: { ...s.online, turnSeconds: Number((e.target as HTMLSelectElement).value) } })
        }
      >
        {TURN_TIMERS.map((n) => (
          <option key={n} value={n}>
            {n === 0 ? t.noTimer : `${n} ${t.secondsShort}`}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      class="new-game"
      onSubmit={(e) => {
        e.preventDefault();
        props.onStart(s);
      }}
    >
      <fieldset class="games">
        <legend>{t.game}</legend>
        {GAMES.map((g) => (
          <label key={g.id} class={`game-choice${g.id === s.game ? ' chosen' : ''}`}>
            <input
              type="radio"
              name="game"
              value={g.id}
              checked={g.id === s.game}
              onChange={() => update({ game: g.id })}
            />
            <Card id={SAMPLE[g.id]} game={g.id} size="sm" context="pick" animKey={false} />
            <span class="game-text">
              <strong>{t.gameNames[g.id]}</strong>
              <span>{t.gameBlurbs[g.id]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div class="setup-grid">
        <fieldset>
          <legend>{t.players}</legend>
          <label class="row">
            <span>{t.players}</span>
            <select
              value={players}
              disabled={game.minPlayers === game.maxPlayers}
              onChange={(e) =>
                update({ players: { ...s.players, [s.game]: Number((e.target as HTMLSelectElement).value) } })
              }
            >
              {Array.from(
                { length: game.maxPlayers - game.minPlayers + 1 },
                (_, i) => game.minPlayers + i,
              ).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {Object.keys(layouts).length > 0 ? (
            <label class="row">
              <span>{t.teams}</span>
              <select
                value={s.teams[s.game] ?? ''}
                onChange={(e) =>
                  update({ teams: { ...s.teams, [s.game]: (e.target as HTMLSelectElement).value } })
                }
              >
                <option value="">{t.noTeams}</option>
                {Object.entries(layouts).map(([name, layout]) => (
                  <option key={name} value={name}>
                    {name}: {layout.map((team) => team.map(seatName).join(' + ')).join(' / ')}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {seek ? turnTimer : null}
        </fieldset>
        {seek ? null : (
          <fieldset>
            <legend>{t.seats}</legend>
            {online && props.playingAs ? (
              <p class="row">
                <span>{t.yourName}</span>
                <strong class="playing-as">{props.playingAs}</strong>
              </p>
            ) : (
              <label class="row">
                <span>{t.yourName}</span>
                <input
                  type="text"
                  name="name"
                  maxLength={40}
                  required={online}
                  value={s.name}
                  placeholder={online ? '' : t.you}
                  onInput={(e) => update({ name: (e.target as HTMLInputElement).value })}
                />
              </label>
            )}
            {Array.from({ length: players - 1 }, (_, i) =>
              online ? (
                <label key={i} class="row">
                  <span>{`${t.seat} ${i + 2}`}</span>
                  <select
                    value={s.online.seats[i]}
                    onChange={(e) => setOnlineSeat(i, (e.target as HTMLSelectElement).value as OnlineSeat)}
                    aria-label={`${t.seat} ${i + 2}`}
                  >
                    <option value="open">{t.openSeat}</option>
                    <LevelOptions t={t} table={table} prefix={`${t.bot}: `} />
                  </select>
                </label>
              ) : (
                <label key={i} class="row">
                  <span>
                    {t.bot}: {shownName(botSeatName(i + 1), t)}
                  </span>
                  <select
                    value={s.levels[i]}
                    onChange={(e) => setLevel(i, (e.target as HTMLSelectElement).value as Level)}
                    aria-label={`${shownName(botSeatName(i + 1), t)}: ${t.level}`}
                  >
                    <LevelOptions t={t} table={table} />
                  </select>
                </label>
              ),
            )}
            {online ? turnTimer : null}
            {online ? (
              <label class="row" title={t.publicRoomHelp}>
                <span>{t.publicRoom}</span>
                <input
                  type="checkbox"
                  name="public-room"
                  checked={s.online.public === true}
                  onChange={(e) =>
                    update({ online: { ...s.online, public: (e.target as HTMLInputElement).checked } })
                  }
                />
              </label>
            ) : null}
          </fieldset>
        )}
      </div>
      <fieldset class="house-rules">
        <legend>{t.houseRules}</legend>
        {specs.map((spec) => (
          <OptionInput
            key={spec.name}
            spec={spec}
            value={options[spec.name]}
            base={presetValues[spec.name]}
            onChange={(v) => setOption(spec.name, v)}
            t={t}
          />
        ))}
        <button
          type="button"
          class="btn small"
          onClick={() => update({ options: { ...s.options, [s.game]: {} } })}
        >
          {t.resetRules}
        </button>
      </fieldset>
      {props.extra}
      <div class="start-row">
        <button type="submit" class="btn primary big" disabled={props.busy}>
          {seek ? t.lobby.seekCustom : online ? (props.busy ? t.creating : t.createRoom) : t.start}
        </button>
      </div>
    </form>
  );
}
