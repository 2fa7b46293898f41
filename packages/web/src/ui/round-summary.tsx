/** The end of a round: a score breakdown a person can check, then the running game score. */
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { assertNever, type GameView } from '@hanafuda/engine';
import {
  type BreakdownLine,
  type GameId,
  roundBreakdown,
  type SideBreakdown,
  yakuName,
} from '@hanafuda/table';
import type { Strings } from '../i18n/en.js';
import type { RoundSummary } from '../state/table-client.js';
import { Card } from './card.js';
import { getPrefs } from './prefs.js';

export interface SummaryProps {
  readonly game: GameId;
  readonly summary: RoundSummary;
  readonly sides: readonly (readonly number[])[];
  readonly t: Strings;
  readonly name: (seat: number) => string;
  /** A view of the game: its options, under which the round was scored. */
  readonly view: GameView;
  readonly onContinue: () => void;
  /** A game against bots: play this round's deal again as a new game (absent online, where the seed is the server's). */
  readonly onReplayDeal?: (round: number, dealer: number) => void;
}

const nums = (v: unknown): number[] => (Array.isArray(v) ? (v as number[]) : []);
const minus = (n: number) => (n < 0 ? `−${-n}` : String(n));
const signed = (n: number) => (n < 0 ? minus(n) : `+${n}`);

function CardRow(props: { readonly cards: readonly string[]; readonly game: GameId }): JSX.Element {
  return (
    <span class="card-row">
      {props.cards.map((c) => (
        <Card key={c} id={c} game={props.game} size="sm" context="sum" animKey={false} />
      ))}
    </span>
  );
}

/** Captured cards by value: "20 × 2 = 40", for the games that count card points. */
function ValueRows(props: {
  readonly rows: SideBreakdown['cardPoints'] & object;
  readonly game: GameId;
}): JSX.Element {
  return (
    <table class="value-rows">
      <tbody>
        {props.rows.rows.map(({ value, cards }) => (
          <tr key={value}>
            <th scope="row">
              {value} × {cards.length} = {value * cards.length}
            </th>
            <td>
              <CardRow cards={cards} game={props.game} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SideBlock(props: SummaryProps & { readonly breakdown: SideBreakdown }): JSX.Element {
  const { game, t, breakdown: b } = props;
  const lang = getPrefs().lang;
  const title = t.sideNames(b.members.map(props.name));
  return (
    <section class={`sum-side side-${b.side}${b.winner ? ' winner' : ''}`} aria-label={title}>
      <h3>
        {title}
        {b.winner ? ' ★' : ''}
        <span class="sum-score">
          {game === 'oibana' && b.score !== 0 ? (
            <>
              {b.score > 0 ? t.moneyReceived : t.moneyPaid}
              {t.colon}
              <strong>{Math.abs(b.score)}</strong>
            </>
          ) : (
            <>
              {t.roundScore}
              {t.colon}
              <strong>{b.score > 0 && game !== 'koikoi' ? `+${b.score}` : b.score}</strong>
            </>
          )}
        </span>
      </h3>
      {b.cardPoints ? (
        <>
          <h4>
            {b.cardPoints.base
              ? t.naraPointsWords(
                  b.cardPoints.points,
                  b.cardPoints.base,
                  signed(b.cardPoints.points - b.cardPoints.base),
                )
              : `${t.cardPoints}${t.colon}${b.cardPoints.points}`}
          </h4>
          <ValueRows rows={b.cardPoints} game={game} />
        </>
      ) : null}
      {b.yaku.length > 0 ? (
        <>
          <h4>{t.yaku}</h4>
          <ul class="sum-yaku">
            {b.yaku.map((y) => (
              <li key={y.id} data-yaku={y.id}>
                <span class="yaku-name">{yakuName(game, y.id, lang)}</span>{' '}
                <CardRow cards={y.cards} game={game} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {b.line ? <ScoreLine line={b.line} t={t} /> : null}
      {game === 'oibana' && nums(props.summary.result.payments)[b.side] ? (
        <p class="sum-line">
          {t.payments}
          {t.colon}
          {nums(props.summary.result.payments)[b.side]}
        </p>
      ) : null}
    </section>
  );
}

/** The line that turns a side's points and yaku into its round score. */
function ScoreLine(props: { readonly line: BreakdownLine; readonly t: Strings }): JSX.Element {
  const { line, t } = props;
  switch (line.kind) {
    case 'penalty':
      return (
        <p class="sum-line">
          {t.penaltyWords(line.points, line.each, line.count, minus(line.points - line.each * line.count))}
        </p>
      );
    case 'nara':
      return (
        <p class="sum-line">
          {line.cardScore} + {line.received} ({t.received}) − {line.paid} ({t.paid}) ={' '}
          <strong>{line.score}</strong>
        </p>
      );
    case 'koikoi-total':
      return <p class="sum-line">{`${t.yaku}${t.colon}${line.total}`}</p>;
    case 'koikoi-win': {
      const { win } = line;
      const notes = win.dealerOne
        ? [t.handsOutDealerOne]
        : [
            ...win.doublings.map((d) => (d === 'seven' ? t.doubledSeven : t.doubledKoikoi)),
            ...(win.ownCalls > 0 ? [`${t.ownCallsBonus}${t.colon}${win.ownCalls}`] : []),
          ];
      return (
        <p class="sum-line">
          {t.yaku}
          {t.colon}
          {win.total}
          {notes.length ? ` · ${notes.join(' · ')}` : ''} → <strong>{win.score}</strong>
        </p>
      );
    }
    default:
      return assertNever(line);
  }
}

/** A side's names, for the templates to join and agree with. */
const namesOf = (props: SummaryProps, side: number) => (props.sides[side] ?? []).map(props.name);

/** The headline: the round's winner; in Nara, which has none, the best round score; else nobody scores. */
function roundHeadline(props: SummaryProps): string {
  const { t } = props;
  const r = props.summary.result;
  if (typeof r.winner === 'number') {
    return t.roundWinner(namesOf(props, r.winner));
  }
  const scores = nums(r.scores);
  const best = Math.max(0, ...scores);
  if (props.game !== 'nara' || best <= 0) return t.nobodyScores;
  const top = scores.flatMap((s, side) => (s === best ? namesOf(props, side) : []));
  return t.topScore(top, best);
}

export function RoundSummaryView(props: SummaryProps): JSX.Element {
  const { summary, t, game } = props;
  const r = summary.result;
  const claimed = (r.claimed as string[] | undefined) ?? [];
  const dead = (r.dead as string[] | undefined) ?? [];
  const breakdown = roundBreakdown({
    view: props.view,
    round: summary.round,
    result: r,
    captured: summary.captured,
    sides: props.sides,
  });
  const headline = roundHeadline(props);
  const nextDealer = typeof r.nextDealer === 'number' ? r.nextDealer : null;
  const dialog = useRef<HTMLDivElement>(null);
  const proceed = useRef<HTMLButtonElement>(null);
  // The Continue button has the focus, but the dialog opens at its top: the headline says who won.
  useEffect(() => {
    proceed.current?.focus({ preventScroll: true });
    if (dialog.current) dialog.current.scrollTop = 0;
  }, [summary]);
  const claimEvent = summary.events
    .filter((e) => e.type === 'gaji-claim' || e.type === 'blank-dealt' || e.type === 'blank-claim')
    .at(-1);
  return (
    <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="sum-title">
      <div class="dialog summary" ref={dialog}>
        <h2 id="sum-title" class="sum-headline">
          {t.roundOverTitle(summary.round, headline)}
        </h2>
        {nextDealer !== null ? (
          <p class="sum-line">
            {t.nextDealer}
            {t.colon}
            {props.name(nextDealer)}
          </p>
        ) : null}
        {typeof r.end === 'string' ? <p class="sum-line">{t.end[r.end] ?? r.end}</p> : null}
        {r.special ? <p class="sum-line">{t.specialHand}</p> : null}
        <div class="sum-sides">
          {breakdown.map((b) => (
            <SideBlock key={b.side} {...props} breakdown={b} />
          ))}
        </div>
        {claimed.length > 0 ? (
          <p class="sum-line">
            {t.claimed}
            {claimEvent && typeof claimEvent.seat === 'number' ? ` (${props.name(claimEvent.seat)})` : ''}
            {t.colon}
            <CardRow cards={claimed} game={game} />
          </p>
        ) : null}
        {dead.length > 0 ? (
          <p class="sum-line">
            {t.dead}
            {t.colon}
            <CardRow cards={dead} game={game} />
          </p>
        ) : null}
        <h3>{t.gameScore}</h3>
        <table class="totals">
          <tbody>
            {props.sides.map((members, side) => (
              <tr key={side} class={`side-${side}`}>
                <th scope="row">{t.sideNames(members.map(props.name))}</th>
                <td>
                  {nums(r.scores)[side] !== undefined
                    ? `${nums(r.scores)[side] >= 0 ? '+' : ''}${nums(r.scores)[side]}`
                    : ''}
                </td>
                <td>
                  <strong>{summary.totals[side]}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div class="sum-actions">
          {props.onReplayDeal && summary.dealer !== null ? (
            <button
              type="button"
              class="btn big"
              onClick={() => props.onReplayDeal!(summary.round, summary.dealer!)}
            >
              {t.replayDeal}
            </button>
          ) : null}
          <button type="button" class="btn primary big" onClick={props.onContinue} ref={proceed}>
            {t.continue}
          </button>
        </div>
      </div>
    </div>
  );
}
