/** The table: other seats, the field and pile, the prompt, the player's captures and hand, the log. */
import type { Action, KoiKoiView, OibanaView } from '@hanafuda/engine';
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type BoardModel, koikoiDecision, liveScore } from '@hanafuda/table';
import { tableSeats } from '../games/table-seats.js';
import type { Strings } from '../i18n/en.js';
import { playableCards, playsOf, sameMonth, takeTargets } from '../state/interaction.js';
import { lastMove } from '../state/last-move.js';
import type { ClientState } from '../state/table-client.js';
import { CaptureCounts, Captures, liveScoreText, YakuChips } from './captures.js';
import { Card, CardBack } from './card.js';
import { actionText, reasonText } from './action-text.js';
import { describeEvent } from './describe-event.js';
import { Field } from './field.js';
import { getPrefs } from './prefs.js';
import { Prompt } from './prompt.js';
import { SeatPanel, badgeText } from './seat-panel.js';
import { cardSizes, useTableSpace } from './table-sizes.js';
import { YakuBanner } from './yaku-banner.js';

export interface BoardProps {
  readonly state: ClientState;
  readonly t: Strings;
  readonly name: (seat: number) => string;
  readonly detail: (seat: number) => string;
  /** Online: a note on a seat, shown at every size (its turn's countdown, away). */
  readonly note?: (seat: number) => string | null;
  readonly act?: (action: Action) => void;
  readonly askHint?: () => void;
  /** Opens the last round's breakdown again (absent before a round has ended); `unread`: it was put aside unread. */
  readonly lastRound?: { readonly open: () => void; readonly unread: boolean } | null;
  /** Shown in the log's place (the review of a replay): beside the table on a wide screen, above it on a phone. */
  readonly aside?: JSX.Element | null;
  /** A lesson: the move it asks for (its button is drawn as the primary one). */
  readonly expected?: (action: Action) => boolean;
}

const get = (a: Action | null, k: string): unknown => (a ? (a as Record<string, unknown>)[k] : undefined);

export function Board(props: BoardProps): JSX.Element | null {
  const { state, t } = props;
  const board = state.board as BoardModel;
  const prefs = getPrefs();
  const [selected, setSelected] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const handRef = useRef<HTMLDivElement>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const space = useTableSpace(boardRef);
  const centerRef = useRef<HTMLElement>(null);
  /** The round's largest hand: the hand's cards keep one size all round (table-sizes.ts), however many are left. */
  const largest = useRef({ round: board.round, hand: 0 });
  if (largest.current.round !== board.round) largest.current = { round: board.round, hand: 0 };
  largest.current.hand = Math.max(largest.current.hand, board.hand.length);
  /**
   * What the hand gives up when the field would not fit above it (a tall prompt): measured on
   * the person's turns only, when the field has settled (between turns it briefly holds the
   * cards just played), and kept for the round, so the hand does not change size turn by turn.
   */
  const [squeeze, setSqueeze] = useState(0);
  // A replay's hand (only looked at) is sized afresh at each step, as it always was.
  useLayoutEffect(
    () => setSqueeze(0),
    [space.width, space.height, board.round, props.act ? 0 : board.hand.length],
  );
  const isMyTurn = board.viewer !== null && board.toMove === board.viewer && board.actions.length > 0;
  useLayoutEffect(() => {
    const center = centerRef.current;
    // The field and the pile beside it; the yaku moment lies over them (absolute) and takes no room.
    const inFlow = center
      ? [...center.children].filter((el) => getComputedStyle(el).position !== 'absolute')
      : [];
    const padding = center
      ? parseFloat(getComputedStyle(center).paddingTop) + parseFloat(getComputedStyle(center).paddingBottom)
      : 0;
    const overflow = center
      ? Math.max(0, ...inFlow.map((el) => el.getBoundingClientRect().height)) + padding - center.clientHeight
      : 0;
    if ((isMyTurn || !props.act) && overflow > 1 && squeeze < space.height / 3)
      setSqueeze(squeeze + overflow);
  });
  /** Phones: the log opens over the table on request. */
  const [logOpen, setLogOpen] = useState(false);
  const act = (action: Action) => {
    setSelected(null);
    props.act?.(action);
  };
  useEffect(() => setSelected(null), [state.updates]);

  const playable = useMemo(() => playableCards(board.actions), [board]);
  const targets = useMemo(() => {
    const map = new Map<string, () => void>();
    const choice = takeTargets(board.actions, selected);
    if (selected !== null || board.pending !== null || board.phase === 'gaji-target')
      for (const [id, action] of choice) map.set(id, () => act(action));
    return map;
  }, [board, selected]);

  const hinted = new Set<string>(
    ['play', 'take'].map((k) => get(state.hint, k)).filter((v): v is string => typeof v === 'string'),
  );
  const lit = prefs.highlight && focused ? sameMonth(focused, board.field) : new Set<string>();
  const matchable = (id: string) => prefs.highlight && sameMonth(id, board.field).size > 0;

  const chooseHand = (id: string) => {
    const plays = playsOf(board.actions, id);
    if (plays.length === 1) act(plays[0]);
    else if (plays.length > 1) setSelected(selected === id ? null : id);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.target instanceof HTMLInputElement ||
        e.target instanceof HTMLSelectElement ||
        e.altKey ||
        e.ctrlKey ||
        e.metaKey
      )
        return;
      if (e.key === 'Escape') setSelected(null);
      else if (e.key === 'h' || e.key === 'H') props.askHint?.();
      else if (/^[1-9]$/.test(e.key)) {
        const id = board.hand[Number(e.key) - 1];
        if (id && playable.has(id)) {
          e.preventDefault();
          chooseHand(id);
          // The played card's button goes away with the focus: keep it at the hand, not the page's body.
          requestAnimationFrame(() => handRef.current?.focus({ preventScroll: true }));
        }
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  const viewer = board.viewer;
  const around = tableSeats(board.seats.length, viewer);
  const last = useMemo(() => lastMove(state.log), [state.log]);
  const me = viewer === null ? null : board.seats[viewer];
  const myScore = liveScore(board, me?.side ?? 0);
  const koikoi =
    state.view?.game === 'koikoi' && viewer !== null
      ? koikoiDecision(state.view as KoiKoiView, viewer)
      : undefined;
  const lines = state.log
    .slice(-60)
    .map((e) => describeEvent(e, props.name, prefs.lang, props.act ? board.viewer : null))
    .filter((l): l is string => l !== null)
    .slice(-24)
    .reverse();
  // A replay's hand is not played from: it takes no more room than the field's cards.
  const sizes = cardSizes({
    ...space,
    hand: props.act ? largest.current.hand : board.hand.length,
    held: board.hand.length,
    compactHand: !props.act,
    squeeze,
  });
  const sizeVars = {
    '--card-lg': `${sizes.hand}px`,
    '--card-md': `${sizes.field}px`,
    '--card-sm': `${sizes.small}px`,
    '--hand-cols': sizes.handColumns,
  };
  const roundText = t.roundOf(board.round, board.lastRound);

  return (
    <div class={`board game-${board.game}${isMyTurn ? ' my-turn' : ''}`} style={sizeVars} ref={boardRef}>
      <div class="seats-around">
        {(['left', 'top', 'right'] as const).map((place) => (
          <section
            key={place}
            class={`seats seats-${place}`}
            aria-label={place === 'top' ? t.seats : undefined}
          >
            {around[place].map((seat) => (
              <SeatPanel
                key={seat}
                board={board}
                seat={board.seats[seat]}
                name={props.name(seat)}
                detail={props.detail(seat)}
                note={props.note?.(seat)}
                t={t}
                turnIndex={around.order.indexOf(seat)}
                last={last}
              />
            ))}
          </section>
        ))}
      </div>
      <section class="center" ref={centerRef}>
        <div class="table-info">
          <span class="round-info">{roundText}</span>
          <button
            type="button"
            class="btn small log-toggle"
            aria-expanded={logOpen}
            onClick={() => setLogOpen(!logOpen)}
          >
            {t.showLog}
          </button>
          {props.lastRound ? (
            <button
              type="button"
              class={`btn small last-round${props.lastRound.unread ? ' primary' : ''}`}
              onClick={props.lastRound.open}
            >
              {t.lastRound}
            </button>
          ) : null}
          {/* Nara's piles are each player's own, and Oi-bana's auction has none yet: no empty pile to show there. */}
          {board.pileSize > 0 || board.game === 'sakura' || board.game === 'koikoi' ? (
            <div
              class="pile"
              data-anchor="pile"
              role="img"
              aria-label={`${t.pile}: ${t.cardCount(board.pileSize)}`}
            >
              {board.pileSize > 0 ? <CardBack size="md" /> : <span class="pile-empty" />}
              <span class="pile-count">{board.pileSize}</span>
            </div>
          ) : null}
          {board.pending ? (
            <div class="pending" aria-label={t.promptDrawChoice}>
              <Card id={board.pending} game={board.game} size="md" highlight="selected" />
            </div>
          ) : null}
        </div>
        <YakuBanner
          board={board}
          view={state.view}
          t={t}
          name={props.name}
          penalty={
            (board.game === 'sakura' || board.game === 'oibana') &&
            (state.view as { options?: { yaku?: unknown } } | null)?.options?.yaku !== 'off'
          }
        />
        <Field
          game={board.game}
          cards={board.field}
          t={t}
          targets={targets}
          lit={lit}
          hinted={hinted}
          marked={last.cards}
        />
      </section>
      <section class={`prompt${isMyTurn ? ' active' : ''}`} aria-live="polite">
        <Prompt
          board={board}
          t={t}
          selected={selected}
          onCancel={() => setSelected(null)}
          act={act}
          name={props.name}
          koikoi={koikoi}
          oiPays={state.view?.game === 'oibana' ? (state.view as OibanaView).options.oiPays : undefined}
          bankroll={viewer === null ? undefined : board.totals[viewer]}
          expected={props.expected}
        />
        {state.hint ? (
          <p class="hint-text">
            {t.hintIs}: {actionText(state.hint, t, prefs.lang)}
            {state.hintReason ? (
              <span class="hint-why">{reasonText(state.hintReason, board.game, t, prefs.lang)}</span>
            ) : null}
          </p>
        ) : null}
        {state.error ? (
          <p class="error-text" role="alert">
            {t.error}: {state.error}
          </p>
        ) : null}
        {props.askHint && isMyTurn ? (
          <button type="button" class="btn hint-btn" onClick={props.askHint} aria-keyshortcuts="H">
            {t.hint}
          </button>
        ) : null}
      </section>
      {me ? (
        <section
          class={`me side-${me.side}${board.toMove === me.seat ? ' is-turn' : ''}`}
          data-anchor={`seat-${me.seat}`}
          aria-label={props.name(me.seat)}
        >
          <div class="me-top">
            <div class="me-head">
              <span class="seat-name">{props.name(me.seat)}</span>
              {props.note?.(me.seat) ? <span class="badge seat-note">{props.note(me.seat)}</span> : null}
              {board.dealer === me.seat ? <span class="badge dealer">{t.dealer}</span> : null}
              {board.sides.some((m) => m.length > 1) ? (
                <span class="badge team">{`${t.team} ${me.side + 1}`}</span>
              ) : null}
              {myScore.kind === 'yaku' && myScore.value === 0 ? null : (
                // Nara's sentence would fill a phone's row: the badge has the figure, its title and the ▾ detail the words.
                <span class="badge live-score" title={`${t.liveScore}: ${liveScoreText(myScore, t)}`}>
                  {liveScoreText(myScore, t, myScore.kind === 'nara')}
                </span>
              )}
              {me.badges.map((b) => (
                <span key={b} class="badge note">
                  {badgeText(b, t)}
                </span>
              ))}
              {/* Oi-bana: a bid of 0 sits the round out, said as on the other seats' panels. */}
              {me.playing ? null : <span class="sitting-out-text">{t.sittingOut}</span>}
              <span class="seat-total">{board.totals[me.side]}</span>
            </div>
            {me.captured.length > 0 ? (
              // Summarised in a line that always fits; a tap shows the cards.
              <details class="seat-captures my-captures">
                <summary>
                  <span class="visually-hidden">{t.captures}: </span>
                  {/* The score is on the badge beside it; Koi-Koi's counts are words already ("Brights×3"). */}
                  {board.game === 'koikoi' ? (
                    <CaptureCounts game={board.game} cards={me.captured} t={t} />
                  ) : null}
                  <span class="tap-how">{t.tapForHow}</span>
                </summary>
                <div class="capture-popover">
                  {myScore.kind === 'nara' ? (
                    <p class="capture-compact capture-how">{liveScoreText(myScore, t)}</p>
                  ) : null}
                  <p class="capture-compact">
                    <CaptureCounts game={board.game} cards={me.captured} t={t} />
                  </p>
                  <Captures
                    game={board.game}
                    cards={me.captured}
                    yaku={board.yaku[me.side] ?? []}
                    t={t}
                    size="sm"
                    label={`${t.captures}: ${props.name(me.seat)}`}
                    marked={last.cards}
                  />
                </div>
              </details>
            ) : null}
            <YakuChips game={board.game} progress={board.yaku[me.side] ?? []} />
          </div>
          <div class="hand" role="group" aria-label={t.hand} tabIndex={-1} ref={handRef}>
            {board.hand.map((id, i) => {
              const canPlay = playable.has(id);
              const highlight = hinted.has(id)
                ? 'hint'
                : selected === id
                  ? 'selected'
                  : canPlay && matchable(id)
                    ? 'match'
                    : null;
              return (
                <Card
                  key={id}
                  id={id}
                  game={board.game}
                  size="lg"
                  highlight={highlight}
                  disabled={!canPlay}
                  extraLabel={i < 9 ? `${i + 1}` : undefined}
                  onChoose={() => chooseHand(id)}
                  onFocusCard={(on) => setFocused(on ? id : null)}
                />
              );
            })}
            {board.hand.length === 0 ? <p class="empty-hand">—</p> : null}
          </div>
        </section>
      ) : null}
      {props.aside ? (
        <div class="side-panel review-side">{props.aside}</div>
      ) : (
        <aside class={`side-panel${logOpen ? ' open' : ''}`}>
          <h2 class="side-title">{t.log}</h2>
          {/* Focusable, so the arrow keys scroll it. */}
          <div class="log" role="log" aria-label={t.log} tabIndex={0}>
            <ol reversed>
              {lines.map((line, i) => (
                <li key={`${state.log.length}-${i}`}>{line}</li>
              ))}
            </ol>
          </div>
          {/* Only for a player in a seat (not a spectator or a replay); phones hide it (styles.css). */}
          {props.act && viewer !== null ? (
            <p class="keys">{props.askHint ? t.keyboardHelp : t.keyboardHelpNoHint}</p>
          ) : null}
        </aside>
      )}
    </div>
  );
}
