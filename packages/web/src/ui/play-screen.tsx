/** A game in progress: the board, the round summaries and the end of the game. */
import type { Action, GameRecord } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import { shownName } from '../i18n/i18n.js';
import type { ClientState, TableClient } from '../state/table-client.js';
import { animateFrom, measure, type Positions } from './animate.js';
import { Board } from './board.js';
import { GameOver } from './game-over.js';
import { RoundSummaryView } from './round-summary.js';
import { getPrefs } from './prefs.js';
import { downloadJson } from './session.js';
import { playSound } from './sounds.js';
import { alertTurn } from './turn-alert.js';

export interface PlayScreenProps {
  readonly client: TableClient;
  readonly t: Strings;
  /** Play again (null: none); `againLabel` in its place. */
  readonly onAgain: (() => void) | null;
  readonly againLabel?: string;
  /** "Play again" waits for the others (an online rematch). */
  readonly againPending?: boolean;
  readonly onHome: () => void;
  /** A game against bots: a round's breakdown offers to play its deal again as a new game. */
  readonly onReplayDeal?: (round: number, dealer: number) => void;
  /** Online: when the turn comes to the person, the tab's title says so and a phone vibrates. */
  readonly alertTurns?: boolean;
  /** Shown under the totals of the end-of-game dialog (a rated online game's rating change). */
  readonly gameOverRating?: JSX.Element | null;
  /** Shown at the bottom of the end-of-game dialog (an online game's fairness details). */
  readonly gameOverFooter?: JSX.Element | null;
  /** A lesson: says whether the player's move may be sent (a wrong one is explained instead), and shows its prompt above the table. */
  readonly guard?: (action: Action) => boolean;
  /** A lesson: the move it asks for now (drawn as the primary button). */
  readonly expected?: (action: Action) => boolean;
  /** The end-of-game dialog's first button in place of Play again (a lesson's New game). */
  readonly gameOverLead?: JSX.Element | null;
  readonly above?: JSX.Element | null;
  /** After the game: its replay, reviewing the person's seat. */
  readonly onReview?: (record: GameRecord, names: readonly string[], seat: number) => void;
  /** A rated game under way: no hint is offered (the server refuses it); it comes back, with the review, after the end. */
  readonly noHints?: boolean;
  /** Online: what the room says of a seat now (its turn's countdown, away), shown on it. */
  readonly seatNote?: (seat: number) => string | null;
}

export function PlayScreen(props: PlayScreenProps): JSX.Element {
  const { client, t } = props;
  const [state, setState] = useState<ClientState>(client.state);
  const root = useRef<HTMLDivElement>(null);
  const before = useRef<Positions>(new Map());
  useEffect(() => {
    // Messages may have come between the first render and now (a page that resumes its seat just after mounting).
    setState(client.state);
    return client.subscribe((next, previous) => {
      if (next.updates !== previous.updates) before.current = measure(root.current);
      setState(next);
    });
  }, [client]);
  useLayoutEffect(() => {
    animateFrom(root.current, before.current, state.lastEvents);
    before.current = new Map();
  }, [state.updates]);
  const myTurn =
    state.board !== null &&
    state.seat !== null &&
    state.board.toMove === state.seat &&
    state.board.actions.length > 0;
  useEffect(() => {
    if (getPrefs().sound && state.lastEvents.some((e) => e.type === 'play' || e.type === 'draw'))
      playSound('card');
  }, [state.updates]);
  useEffect(() => {
    if (!myTurn) return undefined;
    if (getPrefs().sound) playSound('turn');
    return props.alertTurns ? alertTurn(t.yourTurn) : undefined;
  }, [myTurn]);

  const config = state.config;
  if (!state.board || !config) {
    return (
      <p class="loading" role="status">
        {state.error ? `${t.error}: ${state.error}` : '…'}
      </p>
    );
  }
  const name = (seat: number) => shownName(config.seats[seat]?.name ?? `${t.seat} ${seat + 1}`, t);
  const detail = (seat: number) => {
    const s = config.seats[seat];
    return s?.kind === 'bot'
      ? `${t.bot} · ${t.levels[s.level ?? 'normal']}`
      : seat === state.seat
        ? t.you
        : '';
  };
  const unseen = state.unseenSummaries > 0;
  const summary = unseen
    ? state.summaries[state.summaries.length - state.unseenSummaries]
    : state.reopened !== null
      ? state.summaries[state.reopened]
      : null;
  const over = state.board.toMove === null;
  const start = state.board.totalsKind === 'bankroll' ? Number(config.options?.bankroll ?? 1000) : 0;
  const record = state.record;
  return (
    <div class="play-screen" ref={root}>
      {props.above}
      <Board
        state={state}
        t={t}
        name={name}
        detail={detail}
        note={props.seatNote}
        act={(a) => (props.guard?.(a) ?? true) && client.act(a)}
        expected={props.expected}
        askHint={props.noHints ? undefined : () => client.askHint()}
        lastRound={
          !summary && !over && state.summaries.length > 0
            ? { open: () => client.reopenSummary(), unread: state.unread }
            : null
        }
      />
      {summary && state.view ? (
        <RoundSummaryView
          game={state.board.game}
          summary={summary}
          sides={state.board.sides}
          t={t}
          name={name}
          view={state.view}
          onContinue={() => (unseen ? client.dismissSummary() : client.closeReopened())}
          onReplayDeal={props.onReplayDeal}
        />
      ) : over ? (
        <GameOver
          board={state.board}
          summaries={state.summaries}
          t={t}
          name={name}
          start={start}
          onDownload={
            record
              ? () =>
                  downloadJson(`hanafuda-${record.game}-${Date.now()}.json`, {
                    ...record,
                    names: config.seats.map((s) => s.name),
                  })
              : null
          }
          onReview={
            record && props.onReview && state.seat !== null
              ? () =>
                  props.onReview!(
                    record,
                    config.seats.map((s) => s.name),
                    state.seat!,
                  )
              : null
          }
          onAgain={props.onAgain}
          againLabel={props.againLabel}
          againPending={props.againPending}
          onHome={props.onHome}
          rating={props.gameOverRating}
          footer={props.gameOverFooter}
          lead={props.gameOverLead}
        />
      ) : null}
    </div>
  );
}
