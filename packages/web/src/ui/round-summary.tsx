/** The end of a round: a score breakdown a person can check, then the running game score. */
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { NARA_YAKU } from '@hanafuda/engine';
import { cardPoints, yakuCards, yakuName } from '../games/yaku-progress.js';
import type { Strings } from '../i18n/en.js';
import type { RoundSummary } from '../state/table-client.js';
import { Card } from './card.js';
import { getPrefs } from './prefs.js';

export interface SummaryProps {
  readonly game: string;
  readonly summary: RoundSummary;
  readonly sides: readonly (readonly number[])[];
  readonly t: Strings;
  readonly name: (seat: number) => string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly onContinue: () => void;
  /** A game against bots: play this round's deal again as a new game (absent online, where the seed is the server's). */
  readonly onReplayDeal?: (round: number, dealer: number) => void;
}

const nums = (v: unknown): number[] => (Array.isArray(v) ? (v as number[]) : []);
const lists = (v: unknown): string[][] => (Array.isArray(v) ? (v as string[][]) : []);

function CardRow(props: { readonly cards: readonly string[]; readonly game: string }): JSX.Element {
  return (
    <span class="card-row">
      {props.cards.map((c) => (
        <Card key={c} id={c} game={props.game} size="sm" context="sum" animKey={false} />
      ))}
    </span>
  );
}

/** Captured cards by value: "20 × 2 = 40", for the games that count card points. */
function ValueRows(props: { readonly cards: readonly string[]; readonly game: string; readonly t: Strings }): JSX.Element {
  const byValue = new Map<number, string[]>();
  for (const c of props.cards) {
    const v = cardPoints(props.game, c) ?? 0;
    byValue.set(v, [...(byValue.get(v) ?? []), c]);
  }
  return (
    <table class="value-rows">
      <tbody>
        {[...byValue.entries()]
          .sort((a, b) => b[0] - a[0])
          .map(([v, cards]) => (
            <tr key={v}>
              <th scope="row">
                {v} × {cards.length} = {v * cards.length}
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

function SideBlock(props: SummaryProps & { readonly side: number }): JSX.Element {
  const { game, summary, t, side } = props;
  const lang = getPrefs().lang;
  const r = summary.result;
  const members = props.sides[side];
  const cards = summary.captured ? members.flatMap((s) => summary.captured![s] ?? []) : [];
  const points = nums(r.points)[side];
  const yaku = lists(r.yaku)[side] ?? [];
  const score = nums(r.scores)[side];
  const others = lists(r.yaku).reduce((n, y, i) => n + (i === side ? 0 : y.length), 0);
  const title = members.map(props.name).join(' & ');
  const winner = r.winner === side;
  const countsCards = game !== 'koikoi';
  return (
    <section class={`sum-side side-${side}${winner ? ' winner' : ''}`} aria-label={title}>
      <h3>
        {title}
        {winner ? ' ★' : ''}
        <span class="sum-score">
          {game === 'oibana' && score !== 0 ? (
            <>
              {score > 0 ? t.moneyReceived : t.moneyPaid}: <strong>{Math.abs(score)}</strong>
            </>
          ) : (
            <>
              {t.roundScore}: <strong>{score > 0 && game !== 'koikoi' ? `+${score}` : score}</strong>
            </>
          )}
        </span>
      </h3>
      {countsCards && summary.captured ? (
        <>
          <h4>
            {t.cardPoints}: {points}
            {game === 'nara' ? ` − 160 = ${points - 160}` : ''}
          </h4>
          <ValueRows cards={cards} game={game} t={t} />
        </>
      ) : null}
      {yaku.length > 0 ? (
        <>
          <h4>{t.yaku}</h4>
          <ul class="sum-yaku">
            {yaku.map((id) => (
              <li key={id}>
                <span class="yaku-name">{yakuName(game, id, lang)}</span> <CardRow cards={yakuCards(game, id, cards)} game={game} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {game === 'koikoi' ? <KoikoiLine {...props} side={side} /> : null}
      {(game === 'sakura' || game === 'oibana') && others > 0 && props.options.yaku !== 'off' && points !== undefined ? (
        <p class="sum-line">
          {t.yakuPenalty}: {points} − 50 × {others} = {points - 50 * others}
        </p>
      ) : null}
      {game === 'nara' && !r.special && points !== undefined ? <NaraLine yaku={lists(r.yaku)} side={side} points={points} score={score} t={t} /> : null}
      {game === 'oibana' && nums(r.payments)[side] ? (
        <p class="sum-line">
          {t.payments}: {nums(r.payments)[side]}
        </p>
      ) : null}
    </section>
  );
}

const naraValue = (ids: readonly string[]) => ids.reduce((n, id) => n + (NARA_YAKU.find((y) => y.id === id)?.value ?? 0), 0);

/** Nara: card score, plus each other player's payment for this seat's yaku, minus this seat's payments for theirs. */
function NaraLine(props: {
  readonly yaku: readonly string[][];
  readonly side: number;
  readonly points: number;
  readonly score: number;
  readonly t: Strings;
}): JSX.Element {
  const received = naraValue(props.yaku[props.side] ?? []) * (props.yaku.length - 1);
  const paid = props.yaku.reduce((n, ids, i) => n + (i === props.side ? 0 : naraValue(ids)), 0);
  return (
    <p class="sum-line">
      {props.points - 160} + {received} ({props.t.received}) − {paid} ({props.t.paid}) = <strong>{props.score}</strong>
    </p>
  );
}

function KoikoiLine(props: SummaryProps & { readonly side: number }): JSX.Element | null {
  const r = props.summary.result;
  const total = nums(r.yakuTotals)[props.side];
  const score = nums(r.scores)[props.side];
  if (r.winner !== props.side) return total ? <p class="sum-line">{`${props.t.yaku}: ${total}`}</p> : null;
  const notes: string[] = [];
  const opponentCalls = nums(r.koikoi)[1 - props.side] ?? 0;
  const ownCalls = nums(r.koikoi)[props.side] ?? 0;
  if (r.end === 'hands-empty' && props.options.handsOut === 'dealer-one') notes.push(props.t.handsOutDealerOne);
  else {
    if (props.options.sevenDouble !== false && total >= 7) notes.push(props.t.doubledSeven);
    if (props.options.koiKoiDouble !== false && opponentCalls > 0) notes.push(props.t.doubledKoikoi);
    if (props.options.koiKoiBonus === 'own-calls' && ownCalls > 0) notes.push(`${props.t.ownCallsBonus}: ${ownCalls}`);
  }
  return (
    <p class="sum-line">
      {props.t.yaku}: {total}
      {notes.length ? ` · ${notes.join(' · ')}` : ''} → <strong>{score}</strong>
    </p>
  );
}

/** A side's names; a team takes a plural verb in English (the strings make "You" agree too). */
const namesOf = (props: SummaryProps, side: number) => {
  const names = (props.sides[side] ?? []).map(props.name);
  return { who: names.join(' & '), plural: names.length > 1 };
};

/** The headline: the round's winner; in Nara, which has none, the best round score; else nobody scores. */
function roundHeadline(props: SummaryProps): string {
  const { t } = props;
  const r = props.summary.result;
  if (typeof r.winner === 'number') {
    const { who, plural } = namesOf(props, r.winner);
    return t.roundWinner(who, plural);
  }
  const scores = nums(r.scores);
  const best = Math.max(0, ...scores);
  if (props.game !== 'nara' || best <= 0) return t.nobodyScores;
  const top = scores.flatMap((s, side) => (s === best ? [namesOf(props, side)] : []));
  return t.topScore(top.map((n) => n.who).join(' & '), top.length > 1 || top.some((n) => n.plural), best);
}

export function RoundSummaryView(props: SummaryProps): JSX.Element {
  const { summary, t, game } = props;
  const r = summary.result;
  const claimed = (r.claimed as string[] | undefined) ?? [];
  const dead = (r.dead as string[] | undefined) ?? [];
  const sides = game === 'oibana' ? ((r.duelists as number[]) ?? []).map((s) => props.sides.findIndex((m) => m.includes(s))) : props.sides.map((_, i) => i);
  const headline = roundHeadline(props);
  const nextDealer = typeof r.nextDealer === 'number' ? r.nextDealer : null;
  const dialog = useRef<HTMLDivElement>(null);
  const proceed = useRef<HTMLButtonElement>(null);
  // The Continue button has the focus, but the dialog opens at its top: the headline says who won.
  useEffect(() => {
    proceed.current?.focus({ preventScroll: true });
    if (dialog.current) dialog.current.scrollTop = 0;
  }, [summary]);
  const claimEvent = summary.events.filter((e) => e.type === 'gaji-claim' || e.type === 'blank-dealt' || e.type === 'blank-claim').at(-1);
  return (
    <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="sum-title">
      <div class="dialog summary" ref={dialog}>
        <h2 id="sum-title" class="sum-headline">
          {t.roundOver}: {t.round} {summary.round} — {headline}
        </h2>
        {nextDealer !== null ? (
          <p class="sum-line">
            {t.nextDealer}: {props.name(nextDealer)}
          </p>
        ) : null}
        {typeof r.end === 'string' ? <p class="sum-line">{t.end[r.end] ?? r.end}</p> : null}
        {r.special ? <p class="sum-line">{t.specialHand}</p> : null}
        <div class="sum-sides">
          {sides.map((side) => (
            <SideBlock key={side} {...props} side={side} />
          ))}
        </div>
        {claimed.length > 0 ? (
          <p class="sum-line">
            {t.claimed}
            {claimEvent && typeof claimEvent.seat === 'number' ? ` (${props.name(claimEvent.seat)})` : ''}: <CardRow cards={claimed} game={game} />
          </p>
        ) : null}
        {dead.length > 0 ? (
          <p class="sum-line">
            {t.dead}: <CardRow cards={dead} game={game} />
          </p>
        ) : null}
        <h3>{t.gameScore}</h3>
        <table class="totals">
          <tbody>
            {props.sides.map((members, side) => (
              <tr key={side} class={`side-${side}`}>
                <th scope="row">{members.map(props.name).join(' & ')}</th>
                <td>{nums(r.scores)[side] !== undefined ? `${nums(r.scores)[side] >= 0 ? '+' : ''}${nums(r.scores)[side]}` : ''}</td>
                <td>
                  <strong>{summary.totals[side]}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div class="sum-actions">
          {props.onReplayDeal && summary.dealer !== null ? (
            <button type="button" class="btn big" onClick={() => props.onReplayDeal!(summary.round, summary.dealer!)}>
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
