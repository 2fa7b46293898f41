/**
 * The page's side of a table: keeps the welcome, the latest view, the events of the last
 * update (for animations and the log), hints, errors, round summaries and the record.
 * It knows only protocol messages, so it works the same over a worker or a socket.
 */
import type { HintReason } from '@hanafuda/bots';
import type { Action, GameEvent, GameRecord, GameView } from '@hanafuda/engine';
import type { TableConfig, TableMessage } from '@hanafuda/protocol';
import { type BoardModel, boardOf } from '@hanafuda/table';
import type { Transport } from '../transport/transport.js';
import { type EndedRound, followRounds, type RoundTrack } from './round-track.js';

/** A finished round, as the score breakdown shows it. */
export interface RoundSummary {
  readonly round: number;
  /** Who dealt the round (null when its start is no longer in the log): with the seed, this fixes the round's deal. */
  readonly dealer: number | null;
  /** The round-end result (the event, or the view's result when the event was not seen). */
  readonly result: Readonly<Record<string, unknown>>;
  /** Per seat: the cards captured at the end of the round (null when the round ended before the first update). */
  readonly captured: readonly (readonly string[])[] | null;
  /** Per side: the game's totals after the round. */
  readonly totals: readonly number[];
  /** The round's notable events (hiki, Gaji claims, special hands). */
  readonly events: readonly GameEvent[];
}

export interface ClientState {
  readonly seat: number | null;
  readonly config: TableConfig | null;
  readonly seq: number;
  readonly view: GameView | null;
  readonly board: BoardModel | null;
  /** The events of the latest update, and a counter that changes with each update. */
  readonly lastEvents: readonly GameEvent[];
  readonly updates: number;
  /** Every event seen, for the play log. */
  readonly log: readonly GameEvent[];
  readonly hint: Action | null;
  /** Why the hint is that move (the table's data, worded by the page). */
  readonly hintReason: HintReason | null;
  readonly error: string | null;
  readonly summaries: readonly RoundSummary[];
  /** Summaries the player has not dismissed yet (the first is shown). */
  readonly unseenSummaries: number;
  /** A summary the player opened again (its index), shown until closed. */
  readonly reopened: number | null;
  /** A summary was put aside unread (the person's turn came, or the page woke): the way back to it stands out. */
  readonly unread: boolean;
  /** The round under way as its events told it (null until a round's start was seen): its summary's source. */
  readonly round: RoundTrack | null;
  readonly record: GameRecord | null;
}

export const INITIAL: ClientState = {
  seat: null,
  config: null,
  seq: 0,
  view: null,
  board: null,
  lastEvents: [],
  updates: 0,
  log: [],
  hint: null,
  hintReason: null,
  error: null,
  summaries: [],
  unseenSummaries: 0,
  reopened: null,
  unread: false,
  round: null,
  record: null,
};

const LOG_LIMIT = 400;

/** A round's totals after it, as its round-end says them (Oi-bana: the bankrolls). */
function totalsAfter(end: GameEvent, fallback: readonly number[]): readonly number[] {
  const totals = Array.isArray(end.bankrolls) ? end.bankrolls : end.totals;
  return Array.isArray(totals) ? (totals as number[]) : fallback;
}

function summaryOf({ end, track }: EndedRound, fallbackTotals: readonly number[]): RoundSummary {
  return {
    round: Number(end.round),
    dealer: track?.dealer ?? null,
    result: end,
    captured: track?.captured ?? null,
    totals: totalsAfter(end, fallbackTotals),
    events: track?.notable ?? [],
  };
}

/** Pure: the state after one table message. */
export function reduce(state: ClientState, message: TableMessage): ClientState {
  switch (message.type) {
    case 'welcome': {
      // A new game (a rematch in the same room): nothing of the last one carries over.
      if (message.history.length === 0) return { ...INITIAL, seat: message.seat, config: message.config };
      // Sent on every (re)connection with the game so far: the log starts over from it, so nothing shows twice,
      // and every round's summary is rebuilt from it, so a page that was away shows what one that stayed shows.
      const { track, ended } = followRounds(null, message.history, message.config.players);
      const summaries = ended.map((e, i) => summaryOf(e, state.summaries[i]?.totals ?? []));
      // Rounds that ended while the page was away are history too: it shows what is current, their breakdown a tap away.
      const missed = state.board !== null && summaries.length > state.summaries.length;
      return {
        ...state,
        seat: message.seat,
        config: message.config,
        log: message.history.slice(-LOG_LIMIT),
        lastEvents: [],
        summaries,
        unseenSummaries: Math.min(summaries.length, state.unseenSummaries),
        unread: state.unread || missed,
        round: track,
      };
    }
    case 'update': {
      const view = message.view as GameView;
      const board = boardOf(view);
      const events = message.events;
      const { track, ended } = followRounds(state.round, events, board.seats.length);
      const summaries = state.summaries.concat(ended.map((e) => summaryOf(e, board.totals)));
      let added = ended.length;
      // Rounds the view reports but no event showed (a first view with no history): their results, without rows.
      const results = (view as unknown as { results: Record<string, unknown>[] }).results;
      for (const result of results.slice(summaries.length)) {
        summaries.push({
          round: Number(result.round),
          dealer: null,
          result,
          captured: null,
          totals: board.totals,
          events: [],
        });
        // Before the first view they are history, not news.
        if (state.board !== null) added++;
      }
      return {
        ...state,
        seq: message.seq,
        view,
        board,
        lastEvents: events,
        updates: state.updates + 1,
        log: state.log.concat(events).slice(-LOG_LIMIT),
        hint: null,
        hintReason: null,
        error: null,
        summaries,
        unseenSummaries: state.unseenSummaries + added,
        round: track,
      };
    }
    case 'hint':
      return message.seq === state.seq
        ? { ...state, hint: message.action, hintReason: message.reason ?? null }
        : state;
    case 'record':
      return { ...state, record: message.record };
    case 'error':
      return { ...state, error: message.message };
  }
}

/** Whether an update awaits a decision of this page's seat (a view lists its viewer's legal moves only then). */
function asksToAct(message: TableMessage): boolean {
  return (
    message.type === 'update' && ((message.view as { actions?: readonly unknown[] }).actions?.length ?? 0) > 0
  );
}

/** How a table's page treats the person's own turn behind an open breakdown. */
export interface TableClientOptions {
  /**
   * A turn clock may run (online): when the person's turn comes while a breakdown is open,
   * the table is shown at once (the breakdown stays one tap away, `reopenSummary`).
   */
  readonly turnShowsTable?: boolean;
}

/**
 * Holds the state of one table connection and tells the UI when it changes. While a round's
 * breakdown is open, later messages wait in a queue: the table may already be dealing the
 * next round (bots do not wait), but the person sees it only once they close the breakdown,
 * or (online) once it is their turn or the page wakes up (`catchUp`).
 */
export class TableClient {
  private current: ClientState = INITIAL;
  private readonly held: TableMessage[] = [];
  private readonly listeners = new Set<(state: ClientState, previous: ClientState) => void>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly transport: Transport,
    private readonly options: TableClientOptions = {},
  ) {
    this.unsubscribe = transport.onMessage((message) => this.receive(message));
  }

  get state(): ClientState {
    return this.current;
  }

  subscribe(listener: (state: ClientState, previous: ClientState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  act(action: Action): void {
    this.transport.send({ v: 1, type: 'act', seq: this.current.seq, action });
  }

  askHint(): void {
    this.transport.send({ v: 1, type: 'hint' });
  }

  sync(): void {
    this.transport.send({ v: 1, type: 'sync' });
  }

  /** The player has read the oldest unseen round summary: what the table did meanwhile is shown now. */
  dismissSummary(): void {
    if (this.current.unseenSummaries === 0) return;
    let next: ClientState = { ...this.current, unseenSummaries: this.current.unseenSummaries - 1 };
    while (next.unseenSummaries === 0 && this.held.length > 0) next = reduce(next, this.held.shift()!);
    this.set(next);
  }

  /** Shows the table as it is now: every message held behind open breakdowns is taken, and they count as read. */
  catchUp(): void {
    if (this.held.length === 0 && this.current.unseenSummaries === 0) return;
    let next: ClientState = this.current;
    for (const message of this.held.splice(0)) next = reduce(next, message);
    this.set({ ...next, unseenSummaries: 0, unread: next.unread || next.unseenSummaries > 0 });
  }

  /** Opens the last round's summary again (none when no round has ended). */
  reopenSummary(): void {
    const last = this.current.summaries.length - 1;
    if (last >= 0 && this.current.unseenSummaries === 0)
      this.set({ ...this.current, reopened: last, unread: false });
  }

  closeReopened(): void {
    if (this.current.reopened !== null) this.set({ ...this.current, reopened: null });
  }

  /** Messages that arrived behind an open breakdown and are not shown yet. */
  get heldBack(): number {
    return this.held.length;
  }

  close(): void {
    this.unsubscribe();
    this.transport.close();
    this.listeners.clear();
  }

  private receive(message: TableMessage): void {
    if (this.current.unseenSummaries > 0 || this.held.length > 0) this.held.push(message);
    else this.set(reduce(this.current, message));
    // Their turn's clock runs, or the page is back after a drop (a phone woken up): the person sees the table as it is now.
    if (this.options.turnShowsTable === true && (asksToAct(message) || message.type === 'welcome')) {
      this.catchUp();
      this.closeReopened();
    }
  }

  private set(next: ClientState): void {
    const previous = this.current;
    this.current = next;
    for (const listener of this.listeners) listener(next, previous);
  }
}
