/**
 * An online room: the lobby while seats fill (the invite link, the seats, joining under a
 * name, the host's start and bots), then the table itself, the same as offline, with a thin
 * bar above it: the connection, the turn clock, who is away, and the fairness details.
 */
import type { Level } from '@hanafuda/bots';
import { type BotTable, MAX_REPORT_CHARS, type RoomSeatState, type RoomState } from '@hanafuda/protocol';
import type { GameRecord } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import type { OnlineRoom, OnlineState } from '../state/online-room.js';
import { FairnessPanel } from './fairness-panel.js';
import { LevelOptions } from './level-options.js';
import { PlayScreen } from './play-screen.js';
import { RatingChange } from './rating-change.js';

export interface RoomPageProps {
  readonly online: OnlineRoom;
  readonly t: Strings;
  /** The display name this browser used last. */
  readonly name: string;
  readonly onName: (name: string) => void;
  /** The name the server seats this browser under (its identity's), if it has one: shown instead of asked. */
  readonly playingAs?: string | null;
  readonly onAgain: () => void;
  /** The lobby paired this room from a seek of this person's own: ask it again (the room ended before its game). */
  readonly onSeekAgain?: () => void;
  readonly onHome: () => void;
  readonly onReplay: (gameId: string) => void;
  /** After the game: its replay, reviewing this page's seat. */
  readonly onReview?: (record: GameRecord, names: readonly string[], seat: number) => void;
}

function useOnline(online: OnlineRoom): OnlineState {
  const [state, setState] = useState(online.state);
  useEffect(() => {
    setState(online.state);
    return online.subscribe(setState);
  }, [online]);
  return state;
}

/** Whole seconds left on the room's turn clock, ticking while one runs (null: none). */
function useSecondsLeft(clock: OnlineState['clock']): number | null {
  const left = () => (clock ? Math.max(0, Math.ceil((clock.deadline - Date.now()) / 1000)) : null);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!clock) return undefined;
    const timer = setInterval(() => setSeconds(left()), 250);
    return () => clearInterval(timer);
  }, [clock]);
  return seconds;
}

/** When a person's own turn has this little left, they are warned (gently: once, a line and a short vibration). */
export const CLOCK_WARNING_SECONDS = 10;

/** A room's link as the server makes it (`/?room=ID&key=KEY`, or `&watch=KEY` to watch only; a public room's needs no key), absolute for sharing. */
export const roomLinkOf = (
  room: string,
  key?: { readonly invite: string } | { readonly watch: string },
): string => {
  const query = new URLSearchParams({
    room,
    ...(key && ('invite' in key ? { key: key.invite } : { watch: key.watch })),
  });
  return new URL(`?${query}`, new URL('.', location.href)).toString();
};

/** A link to share, with a button that copies it. */
function LinkRow(props: {
  readonly id: string;
  readonly link: string;
  readonly label: string;
  readonly t: Strings;
}): JSX.Element {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.link);
    } catch {
      (document.getElementById(props.id) as HTMLInputElement | null)?.select();
    }
    setCopied(true);
  };
  return (
    <div class="invite-row">
      <input
        id={props.id}
        type="text"
        readOnly
        value={props.link}
        aria-label={props.label}
        onFocus={(e) => (e.target as HTMLInputElement).select()}
      />
      <button type="button" class="btn accent" onClick={() => void copy()}>
        {copied ? `✓ ${props.t.copied}` : props.t.copyLink}
      </button>
    </div>
  );
}

export function RoomPage(props: RoomPageProps): JSX.Element {
  const { online, t } = props;
  const state = useOnline(online);
  const room = state.room;
  if (state.gone) {
    return (
      <section class="lobby panel" aria-labelledby="room-title">
        <h1 id="room-title">{t.goneTitle[state.gone]}</h1>
        <p class="room-id-line">
          {t.room} <span class="room-id">{online.id}</span>
        </p>
        <p>
          {state.gone === 'lobby-expired'
            ? t.lobbyExpired
            : state.gone === 'paired-no-show'
              ? t.pairedNoShow
              : t.roomGone}
        </p>
        <p class="button-row">
          {state.gone === 'paired-no-show' && props.onSeekAgain && (
            <button type="button" class="btn primary" onClick={props.onSeekAgain}>
              {t.seekAgain}
            </button>
          )}
          {state.gone === 'paired-no-show' && (
            <a class={props.onSeekAgain ? 'btn' : 'btn primary'} href="#/lobby">
              {t.lobby.nav}
            </a>
          )}
          {/* A room that never started has no game to replay. */}
          {state.gone === 'no-room' && (
            <button type="button" class="btn primary" onClick={() => props.onReplay(online.id)}>
              {t.openReplay}
            </button>
          )}
          <button
            type="button"
            class={state.gone === 'lobby-expired' ? 'btn primary' : 'btn'}
            onClick={props.onHome}
          >
            {t.home}
          </button>
        </p>
      </section>
    );
  }
  if (!room) {
    return (
      <p class="loading" role="status">
        {state.connection === 'retrying' ? t.reconnecting : t.connecting}
      </p>
    );
  }
  if (room.status === 'open') return <Lobby {...props} state={state} room={room} />;
  return <OnlineGame {...props} state={state} room={room} />;
}

function OnlineGame(props: RoomPageProps & { state: OnlineState; room: RoomState }): JSX.Element {
  const { online, state, room, t } = props;
  const clock =
    room.status === 'playing' && state.clock && !room.seats[state.clock.seat]?.standIn ? state.clock : null;
  const seconds = useSecondsLeft(clock);
  const mine = clock !== null && clock.seat === state.seat;
  const warn =
    mine && seconds !== null && seconds <= CLOCK_WARNING_SECONDS && clock.turnSeconds > CLOCK_WARNING_SECONDS;
  useEffect(() => {
    if (warn) navigator.vibrate?.(120);
  }, [warn]);
  // After the game, a seated player's "Play again" asks for a rematch in this room; someone
  // watching may take a seat of the next game if one is free (never a game of their own).
  const over = room.status === 'over';
  const rematch = over && state.seat !== null ? (room.rematch ?? []) : null;
  const free = over && state.seat === null && mayJoin(room, state) ? (room.freeSeats ?? []) : [];
  const takeSeat = free.length > 0 ? () => online.join(props.playingAs ?? props.name.trim()) : null;
  // Once everyone still here has asked, "Play again" becomes "Start now": nobody waits on someone gone.
  // Not in a rated room: the seat of someone gone would go to a bot, and the server refuses bots there.
  const startNow = rematch !== null && !room.rated && rematchReady(room, rematch, state.seat).everyoneHere;
  // This game's rating change, once the server has told it (only a rated game's member is told).
  const rating = over && room.gameId !== undefined ? state.ratings[room.gameId] : undefined;
  const seatNote = (seat: number): string | null => {
    const s = room.seats[seat];
    if (clock?.seat === seat && seconds !== null) return t.timeLeft(seconds);
    // A person gone (a bot standing in, or given their seat at a rematch they did not confirm) is away.
    if (
      room.status === 'playing' &&
      ((s?.kind === 'human' && !s.connected) || s?.standIn) &&
      seat !== state.seat
    )
      return t.away;
    return null;
  };
  return (
    <div class="online-game">
      <RoomBar
        online={online}
        state={state}
        room={room}
        t={t}
        clock={clock && seconds !== null ? { seat: clock.seat, seconds, warn } : null}
      />
      <PlayScreen
        client={online.client}
        alertTurns
        noHints={room.rated === true && room.status === 'playing'}
        seatNote={seatNote}
        t={t}
        onAgain={
          startNow
            ? () => online.rematch(true)
            : rematch
              ? () => online.rematch()
              : over
                ? takeSeat
                : props.onAgain
        }
        againLabel={startNow ? t.rematchStartNow : takeSeat ? t.rematchTakeSeat : undefined}
        againPending={!startNow && rematch !== null && state.seat !== null && rematch.includes(state.seat)}
        onHome={props.onHome}
        onReview={props.onReview}
        gameOverRating={rating ? <RatingChange rating={rating} t={t} /> : null}
        gameOverFooter={
          <>
            {rematch && rematch.length > 0 ? (
              <RematchStatus online={online} state={state} room={room} votes={rematch} t={t} />
            ) : null}
            {over && state.seat === null ? (
              <NextGameSeat
                state={state}
                playingAs={props.playingAs ?? props.name.trim()}
                free={takeSeat !== null}
                t={t}
              />
            ) : null}
            {state.seat !== null ? <BlockPlayers online={online} state={state} room={room} t={t} /> : null}
            {state.seat !== null ? <ReportGame online={online} state={state} t={t} /> : null}
            {room.fairness ? (
              <FairnessPanel
                fairness={room.fairness}
                room={room.gameId ?? room.id}
                over={room.status === 'over'}
                t={t}
                inline
              />
            ) : null}
          </>
        }
      />
    </div>
  );
}

/**
 * After a game, for `seat`: whether some person has not asked for another yet (`waiting`), and
 * whether this seat asked and so has everyone still here while someone gone has not: then any
 * of them may start it now (the server's rule, rematch-votes.ts).
 */
function rematchReady(
  room: RoomState,
  votes: readonly number[],
  seat: number | null,
): { waiting: boolean; everyoneHere: boolean } {
  const people = room.seats.filter((s) => s.kind === 'human');
  const waiting = people.some((s) => !votes.includes(s.seat));
  const asked = seat !== null && votes.includes(seat);
  return {
    waiting,
    everyoneHere: waiting && asked && people.every((s) => !s.connected || votes.includes(s.seat)),
  };
}

/**
 * Once someone has asked for another game: who has, and who is gone; for the host a way to start
 * it without those who have not asked (anyone may once everyone still here has: the dialog's
 * first button then says so).
 */
function RematchStatus(props: {
  online: OnlineRoom;
  state: OnlineState;
  room: RoomState;
  votes: readonly number[];
  t: Strings;
}): JSX.Element {
  const { room, votes, state, t } = props;
  const people = room.seats.filter((s) => s.kind === 'human');
  const { waiting, everyoneHere } = rematchReady(room, votes, state.seat);
  return (
    <section class="rematch" aria-label={t.rematchReady}>
      <h3>{t.rematchReady}</h3>
      <ul class="rematch-seats">
        {people.map((s) => (
          <li
            key={s.seat}
            class={`${votes.includes(s.seat) ? 'ready' : 'not-yet'}${s.connected ? '' : ' away'}`}
          >
            {s.name} {votes.includes(s.seat) ? '✓' : `· ${t.rematchNotYet}`}
            {s.connected ? '' : ` · ${t.away}`}
          </li>
        ))}
      </ul>
      {waiting && state.isHost && !everyoneHere ? (
        <button type="button" class="btn small" onClick={() => props.online.rematch(true)}>
          {t.rematchStartNow}
        </button>
      ) : null}
      {/* A refusal (someone came back meanwhile) in view: the room bar is under the dialog. */}
      {state.error ? (
        <p class="error-text" role="alert">
          {state.error.message}
        </p>
      ) : null}
    </section>
  );
}

/** After the game, to someone watching: a seat of the next game is free for them (taken with the dialog's first button), or they watch it. */
function NextGameSeat(props: {
  state: OnlineState;
  playingAs: string;
  free: boolean;
  t: Strings;
}): JSX.Element {
  const { t } = props;
  return props.free ? (
    <section class="rematch rematch-seat" aria-label={t.rematchTakeSeat}>
      <p>{t.rematchSeatFree}</p>
      <p>
        {t.yourName} <strong class="playing-as">{props.playingAs}</strong>
      </p>
      {props.state.error ? (
        <p class="error-text" role="alert">
          {props.state.error.message}
        </p>
      ) : null}
    </section>
  ) : (
    <p class="rematch rematch-watch lobby-note">{t.rematchWatchNext}</p>
  );
}

/** A private room's seats are for those with its invite link; its watch link only watches. */
const mayJoin = (room: RoomState, state: OnlineState): boolean =>
  room.public === true || state.keys.invite !== undefined;

/** After the game, each other person at the table, whom this player may keep the lobby from pairing them with again. */
function BlockPlayers(props: {
  online: OnlineRoom;
  state: OnlineState;
  room: RoomState;
  t: Strings;
}): JSX.Element | null {
  const { online, state, room, t } = props;
  const others = room.seats.filter(
    (s) => s.kind === 'human' && s.account !== undefined && s.seat !== state.seat,
  );
  if (others.length === 0) return null;
  return (
    <section class="block-players" aria-label={t.lobby.blockHelp}>
      <h3>{t.lobby.blockHelp}</h3>
      <ul>
        {others.map((s) => {
          const blocked = state.blocked.includes(s.account!);
          return (
            <li key={s.seat}>
              <span class="block-who">{s.name}</span>
              <button
                type="button"
                class="btn small"
                aria-pressed={blocked}
                onClick={() => online.block(s.account!, !blocked)}
              >
                {blocked ? t.lobby.unblock : t.lobby.block}
              </button>
              {blocked ? <span class="block-note">{t.lobby.blockedNote}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** After the game, a player may tell the operators what went wrong, in their own words. */
function ReportGame(props: { online: OnlineRoom; state: OnlineState; t: Strings }): JSX.Element {
  const { online, state, t } = props;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (state.reported) return <p class="report-done">{t.lobby.reportDone}</p>;
  if (!open)
    return (
      <button type="button" class="btn small report-open" onClick={() => setOpen(true)}>
        {t.lobby.report}
      </button>
    );
  return (
    <form
      class="report-game"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim() !== '') online.report(reason.trim());
      }}
    >
      <label for="report-reason">{t.lobby.reportWhat}</label>
      <textarea
        id="report-reason"
        maxLength={MAX_REPORT_CHARS}
        rows={3}
        value={reason}
        onInput={(e) => setReason(e.currentTarget.value)}
      />
      <button type="submit" class="btn small" disabled={reason.trim() === ''}>
        {t.lobby.reportSend}
      </button>
    </form>
  );
}

function SeatRow(props: {
  seat: RoomSeatState;
  table: BotTable;
  mine: boolean;
  t: Strings;
  host: ((level: Level) => void) | null;
}): JSX.Element {
  const { seat, t } = props;
  const [level, setLevel] = useState<Level>('normal');
  const away = seat.connected ? '' : t.away;
  const status =
    seat.kind === 'open'
      ? t.openSeatShort
      : seat.kind === 'bot'
        ? `${t.bot} · ${t.levels[seat.level ?? 'normal']}`
        : seat.bot
          ? [t.bot, away].filter(Boolean).join(' · ')
          : away;
  return (
    <li class={`seat-row kind-${seat.kind}${seat.connected ? ' connected' : ''}${props.mine ? ' mine' : ''}`}>
      <span class="seat-number">{seat.seat + 1}</span>
      <span class="seat-who">
        {seat.kind === 'open' ? <em>{t.openSeatShort}</em> : <strong>{seat.name}</strong>}
        {props.mine ? <span class="badge note">{t.you}</span> : null}
        {status && seat.kind !== 'open' ? <span class="seat-status">{status}</span> : null}
      </span>
      {seat.kind === 'human' ? (
        <span
          class={`presence${seat.connected ? ' on' : ''}`}
          role="img"
          aria-label={seat.connected ? t.here : t.away}
        />
      ) : null}
      {props.host ? (
        <span class="seat-host">
          <select
            value={level}
            onChange={(e) => setLevel((e.target as HTMLSelectElement).value as Level)}
            aria-label={`${t.seat} ${seat.seat + 1}: ${t.level}`}
          >
            <LevelOptions t={t} table={props.table} />
          </select>
          <button type="button" class="btn small" onClick={() => props.host!(level)}>
            {t.giveToBot}
          </button>
        </span>
      ) : null}
    </li>
  );
}

function Lobby(props: RoomPageProps & { state: OnlineState; room: RoomState }): JSX.Element {
  const { online, state, room, t } = props;
  const [name, setName] = useState(props.name);
  const [level, setLevel] = useState<Level>('normal');
  const { invite, watch } = state.keys;
  const canJoin = mayJoin(room, state);
  const seated = state.seat !== null;
  const open = room.seats.filter((s) => s.kind === 'open').length;
  const options = Object.entries(room.options ?? {});
  return (
    <section class="lobby" aria-labelledby="room-title">
      <div class="panel lobby-head">
        <h1 id="room-title">
          {t.gameNames[room.game] ?? room.game} · {room.players} {t.players.toLowerCase()}
          <span class="room-id">
            {t.room} {room.id}
          </span>
        </h1>
        <p class="lobby-rules">
          {options.map(([k, v]) => `${k}: ${String(v)}`).join(' · ')}
          {options.length > 0 ? ' · ' : ''}
          {t.turnTimer}: {room.turnSeconds > 0 ? `${room.turnSeconds} ${t.secondsShort}` : t.noTimer}
        </p>
      </div>
      {!seated && open > 0 && !canJoin ? <p class="panel lobby-note">{t.watchOnly}</p> : null}
      {!seated && open > 0 && canJoin ? (
        <form
          class="panel join-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (props.playingAs) {
              online.join(props.playingAs);
              return;
            }
            props.onName(name.trim());
            online.join(name.trim());
          }}
        >
          <h2>{t.joinTitle}</h2>
          {props.playingAs ? (
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
                required
                maxLength={40}
                value={name}
                onInput={(e) => setName((e.target as HTMLInputElement).value)}
              />
            </label>
          )}
          <p class="button-row">
            <button type="submit" class="btn primary">
              {t.join}
            </button>
            <span class="lobby-note">{t.watchNote}</span>
          </p>
        </form>
      ) : null}
      {canJoin ? (
        <div class="panel invite">
          <h2>{t.inviteTitle}</h2>
          <p>{t.inviteHelp}</p>
          <LinkRow
            id="invite-link"
            link={roomLinkOf(room.id, room.public || invite === undefined ? undefined : { invite })}
            label={t.inviteTitle}
            t={t}
          />
          {!room.public && watch !== undefined ? (
            <>
              <h2>{t.watchLinkTitle}</h2>
              <p>{t.watchLinkHelp}</p>
              <LinkRow id="watch-link" link={roomLinkOf(room.id, { watch })} label={t.watchLinkTitle} t={t} />
            </>
          ) : null}
        </div>
      ) : null}
      <div class="panel">
        <h2>{t.seats}</h2>
        <ol class="seat-list">
          {room.seats.map((seat) => (
            <SeatRow
              key={seat.seat}
              seat={seat}
              table={room}
              mine={seat.seat === state.seat}
              t={t}
              host={
                state.isHost && (seat.kind === 'open' || (seat.kind === 'human' && !seat.connected))
                  ? (l) => online.replaceWithBot(seat.seat, l)
                  : null
              }
            />
          ))}
        </ol>
        <p class="lobby-note">
          {[
            room.spectators > 0 ? t.watchingCount(room.spectators) : '',
            seated ? t.seatedWaiting(state.seat! + 1) : '',
          ]
            .filter((x) => x !== '')
            .join(' · ')}
        </p>
        <Elsewhere online={online} state={state} t={t} />
        {state.error ? (
          <p class="error-text" role="alert">
            {state.error.message}
          </p>
        ) : null}
      </div>
      {state.isHost ? (
        <div class="panel host-start">
          <p class="button-row">
            <button type="button" class="btn primary big" onClick={() => online.start(level)}>
              {t.startNow}
            </button>
            {open > 0 ? (
              <label>
                {t.startHelp}{' '}
                <select
                  value={level}
                  onChange={(e) => setLevel((e.target as HTMLSelectElement).value as Level)}
                >
                  <LevelOptions t={t} table={room} />
                </select>
              </label>
            ) : null}
          </p>
        </div>
      ) : null}
    </section>
  );
}

/** This browser's seat is played in another of its windows: the person may move it here. */
function Elsewhere(props: { online: OnlineRoom; state: OnlineState; t: Strings }): JSX.Element | null {
  const { state, t } = props;
  if (state.elsewhere === null || state.seat !== null) return null;
  return (
    <p class="elsewhere">
      {t.seatElsewhere(state.elsewhere + 1)}{' '}
      <button type="button" class="btn small" onClick={() => props.online.claim()}>
        {t.playHere}
      </button>
    </p>
  );
}

/**
 * Above the table: the room, the connection (offline, a move held for it), whose turn the
 * clock times, a missing player (the host may give the seat to a bot; any player may have a
 * bot play for them until they are back), fairness.
 */
function RoomBar(props: {
  online: OnlineRoom;
  state: OnlineState;
  room: RoomState;
  t: Strings;
  /** The turn's countdown; `warn`, the person's own turn is nearly up. */
  clock: { seat: number; seconds: number; warn: boolean } | null;
}): JSX.Element {
  const { online, state, room, t, clock } = props;
  const missing = room.seats.filter((s) => s.kind === 'human' && !s.connected);
  return (
    <div class="room-bar">
      <span class="room-info">
        {t.room} <span class="room-id">{room.id}</span> · {t.roomStatus[room.status]}
        {room.turnSeconds > 0 ? ` · ${t.turnTimer}: ${room.turnSeconds} ${t.secondsShort}` : ''}
        {room.rated ? <span class="room-rated"> · {t.ratedGame}</span> : null}
        {state.seat === null
          ? ` · ${t.spectating}`
          : room.spectators > 0
            ? ` · ${t.watchingCount(room.spectators)}`
            : ''}
      </span>
      {clock ? (
        <span class="turn-clock-anchor">
          <span class={`turn-clock${clock.seconds <= CLOCK_WARNING_SECONDS ? ' low' : ''}`} role="timer">
            {clock.seat === state.seat
              ? t.yourTurnLeft(clock.seconds)
              : t.turnOf(room.seats[clock.seat]?.name ?? `${t.seat} ${clock.seat + 1}`, clock.seconds)}
          </span>
          {/* Hangs below the countdown it warns about, pointing at it: never over it, nor over the hand. */}
          {clock.warn ? (
            <span class="clock-warning" role="alert">
              {t.clockWarning(clock.seconds)}
            </span>
          ) : null}
        </span>
      ) : null}
      {state.connection !== 'open' ? (
        <span class={`room-warning connection-${state.connection}`} role="status">
          {state.connection === 'offline' ? t.offline : t.reconnecting}
        </span>
      ) : null}
      {state.move ? (
        <span class="room-warning move-note" role="alert">
          {state.move === 'held' ? t.moveHeld : state.move === 'lost' ? t.moveLost : t.moveNotPlayed}
        </span>
      ) : null}
      {room.status === 'playing'
        ? missing.map((s) => (
            <span key={s.seat} class="room-warning away-note">
              {s.name} {t.isAway}
              {s.standIn ? ` · ${t.standsIn}` : ''}
              {state.isHost ? (
                <button
                  type="button"
                  class="btn small"
                  onClick={() => online.replaceWithBot(s.seat, 'normal')}
                >
                  {t.giveToBot}
                </button>
              ) : state.seat !== null && !s.standIn ? (
                <button type="button" class="btn small" onClick={() => online.standIn(s.seat)}>
                  {t.letBotPlay}
                </button>
              ) : null}
            </span>
          ))
        : null}
      {state.error ? <span class="room-warning">{state.error.message}</span> : null}
      <Elsewhere online={online} state={state} t={t} />
      {room.fairness && room.status !== 'over' ? (
        <FairnessPanel fairness={room.fairness} room={room.gameId ?? room.id} over={false} t={t} />
      ) : null}
    </div>
  );
}
