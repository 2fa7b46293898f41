/** Replays: open a game record and step through it, seen from one seat. */
import { type GameRecord, eventsFor, gameById, parseRecord, replayRecord, type ReplayStep, type GameView } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { boardOf } from '../games/adapters.js';
import type { Strings } from '../i18n/en.js';
import { INITIAL, type ClientState } from '../state/table-client.js';
import { Board } from './board.js';

export interface LoadedReplay {
  readonly record: GameRecord;
  readonly steps: readonly ReplayStep<unknown>[];
}

/** Reads a record file's text: the replay, or the reason it cannot be replayed. */
export function loadReplay(text: string): LoadedReplay | string {
  const record = parseRecord(text);
  if (!record.ok) return record.error.message;
  const game = gameById(record.value.game);
  if (!game) return `unknown game "${record.value.game}"`;
  const steps = replayRecord(game, record.value);
  if (!steps.ok) return steps.error.message;
  return { record: record.value, steps: steps.value };
}

export function ReplayView(props: { readonly replay: LoadedReplay; readonly t: Strings; readonly names: readonly string[] }): JSX.Element {
  const { replay, t } = props;
  const game = gameById(replay.record.game)!;
  const [index, setIndex] = useState(0);
  const [seat, setSeat] = useState(0);
  const last = replay.steps.length - 1;
  const state: ClientState = useMemo(() => {
    const step = replay.steps[index];
    const view = game.view(step.state, seat) as GameView;
    const log = replay.steps.slice(0, index + 1).flatMap((s) => eventsFor(s.events, seat));
    return { ...INITIAL, seat, view, board: { ...boardOf(view), actions: [] }, lastEvents: eventsFor(step.events, seat), log, updates: index };
  }, [index, seat, replay]);
  const name = (s: number) => props.names[s] ?? `${t.seat} ${s + 1}`;
  return (
    <div class="replay">
      <div class="replay-controls" role="toolbar" aria-label={t.replay}>
        <button type="button" class="btn" onClick={() => setIndex(0)} disabled={index === 0}>
          ⏮ {t.first}
        </button>
        <button type="button" class="btn" onClick={() => setIndex(Math.max(0, index - 1))} disabled={index === 0}>
          ◀ {t.previous}
        </button>
        <label class="replay-slider">
          {t.step} {index} / {last}
          <input type="range" min={0} max={last} value={index} onInput={(e) => setIndex(Number((e.target as HTMLInputElement).value))} />
        </label>
        <button type="button" class="btn primary" onClick={() => setIndex(Math.min(last, index + 1))} disabled={index === last}>
          {t.next} ▶
        </button>
        <button type="button" class="btn" onClick={() => setIndex(last)} disabled={index === last}>
          {t.last} ⏭
        </button>
        <label>
          {t.followSeat}{' '}
          <select value={seat} onChange={(e) => setSeat(Number((e.target as HTMLSelectElement).value))}>
            {Array.from({ length: replay.record.players }, (_, s) => (
              <option key={s} value={s}>
                {name(s)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Board state={state} t={t} name={name} detail={() => ''} />
    </div>
  );
}
