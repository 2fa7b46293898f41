/** What the player is asked now, with its buttons: every decision of every game that is not a card click. */
import { cardLabel } from '@hanafuda/cards-art';
import { type Action, MONTHS } from '@hanafuda/engine';
import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { type BoardModel, type KoiKoiDecision, yakuShortName } from '@hanafuda/table';
import type { Strings } from '../i18n/en.js';
import { buttonActions, playableCards, takeTargets } from '../state/interaction.js';
import { Card, CardBack } from './card.js';
import { getPrefs } from './prefs.js';
import { YakuList } from './yaku-list.js';

export interface PromptProps {
  readonly board: BoardModel;
  readonly t: Strings;
  readonly selected: string | null;
  readonly onCancel: () => void;
  readonly act: (action: Action) => void;
  readonly name: (seat: number) => string;
  /** Koi-Koi: the viewer's yaku total now. */
  /** Oi-bana: who pays whose bid (the `oiPays` house rule), said beside the bid. */
  readonly oiPays?: 'winner-bid' | 'loser-bid';
  /** Koi-Koi: what the decision to play on or stop involves. */
  readonly koikoi?: KoiKoiDecision;
  readonly bankroll?: number;
  /** A lesson: the move it asks for. Its button is the primary one, and a wrong move's never is. */
  readonly expected?: (action: Action) => boolean;
}

const get = (a: Action, k: string) => (a as Record<string, unknown>)[k];

/**
 * The bid: one of the amounts the game offers, then Bid; one row on a phone. When a bid on the
 * table is more than the bankroll, it says so: paying it would take the bankroll below zero.
 */
function BidForm(props: {
  readonly t: Strings;
  readonly seat: number;
  readonly act: (a: Action) => void;
  readonly steps: readonly number[];
  readonly bankroll: number;
  readonly others: readonly number[];
}): JSX.Element {
  const [amount, setAmount] = useState(props.steps[0] ?? 0);
  const over = props.others.filter((b) => b > props.bankroll);
  return (
    <>
      <form
        class="decision-row bid-form"
        onSubmit={(e) => {
          e.preventDefault();
          // The select's value as it is now (a state update may not have rendered yet).
          const chosen = (e.currentTarget as HTMLFormElement).querySelector('select')?.value;
          props.act({ seat: props.seat, bid: Number(chosen ?? amount) });
        }}
      >
        <label>
          {props.t.bid}{' '}
          <select value={amount} onChange={(e) => setAmount(Number((e.target as HTMLSelectElement).value))}>
            {props.steps.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="btn primary">
          {props.t.bid} {amount}
        </button>
      </form>
      {over.length > 0 ? (
        <p class="bid-warning" role="alert">
          {props.t.bidOverBankroll(Math.max(...over), props.bankroll)}
        </p>
      ) : null}
    </>
  );
}

/** What a decision involves, as a list; a phone shows it on request (styles.css), so the decision's buttons stay in sight. */
function DecisionNotes(props: { readonly t: Strings; readonly children: ComponentChildren }): JSX.Element {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        class="btn small notes-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {props.t.decisionNotes}
      </button>
      <ul class={`decision-notes${open ? ' open' : ''}`}>{props.children}</ul>
    </>
  );
}

export function Prompt(props: PromptProps): JSX.Element {
  const { board, t } = props;
  const lang = getPrefs().lang;
  const mine = board.viewer !== null && board.toMove === board.viewer && board.actions.length > 0;
  if (!mine) {
    const text = board.toMove === null ? t.gameOver : t.waitingFor(props.name(board.toMove));
    return <p class="prompt-text waiting">{text}</p>;
  }
  const buttons = buttonActions(board.actions);
  const byKind = (k: string) => buttons.filter((b) => b.kind === k).map((b) => b.action);
  const seat = board.viewer!;
  const lines: JSX.Element[] = [];
  /** A decision button's look: the game's usual one, or in a lesson the primary only for the move asked. */
  const look = (a: Action, usual: string) =>
    props.expected ? (props.expected(a) ? 'btn primary' : 'btn') : usual;
  const pendingTargets = takeTargets(board.actions, null);

  if (props.selected && takeTargets(board.actions, props.selected).size > 0) {
    lines.push(
      <p class="prompt-text">
        {props.selected === 'willow-lightning' ? t.promptGajiTarget : t.promptChooseTake}
      </p>,
    );
    lines.push(
      <button type="button" class="btn" onClick={props.onCancel}>
        {t.cancel}
      </button>,
    );
  } else if (board.phase === 'gaji-target') {
    lines.push(<p class="prompt-text">{t.promptGajiBlocked}</p>);
  } else if (pendingTargets.size > 0 && board.pending) {
    lines.push(
      <p class="prompt-text">
        {board.pending === 'willow-lightning' || board.pending === 'blank'
          ? t.promptGajiTarget
          : t.promptDrawChoice}
      </p>,
    );
  } else if (playableCards(board.actions).size > 0) {
    lines.push(<p class="prompt-text">{t.promptPlay}</p>);
  }

  // While a card's capture is being chosen, the hiki waits: the choice in hand stays in sight.
  for (const a of props.selected ? [] : byKind('hiki')) {
    const month = MONTHS[Number(get(a, 'hiki')) - 1];
    lines.push(
      <button type="button" class={look(a, 'btn primary')} onClick={() => props.act(a)}>
        {t.takeHiki}: {lang === 'ja' ? month.ja : month.en}
      </button>,
    );
  }
  for (const a of [...byKind('leave'), ...byKind('return')]) {
    lines.push(
      <button type="button" class="btn" onClick={() => props.act(a)}>
        {'leave' in a ? t.leaveGaji : t.returnGaji}
      </button>,
    );
  }
  const koikoi = byKind('koikoi')[0];
  const shobu = byKind('shobu')[0];
  if (koikoi || shobu) {
    lines.push(
      <p class="prompt-text big">
        {t.koikoiPrompt} <strong>{props.koikoi?.total ?? ''}</strong>
        {props.koikoi && props.koikoi.yaku.length > 0 ? (
          <>
            {t.parens[0]}
            <YakuList
              game="koikoi"
              ids={props.koikoi.yaku}
              lang={lang}
              separator={lang === 'ja' ? '、' : ', '}
            />
            {t.parens[1]}
          </>
        ) : null}
      </p>,
    );
    if (props.koikoi) {
      const d = props.koikoi;
      const who = props.name(d.opponent);
      lines.push(
        <DecisionNotes t={t}>
          <li>{t.koikoiShobuScores(d.shobu)}</li>
          {d.nearest ? (
            <li>
              {t.koikoiNearest(
                who,
                t.quoteYaku(yakuShortName('koikoi', d.nearest.id, lang)),
                d.nearest.have,
                d.nearest.need,
              )}
            </li>
          ) : null}
          <li>{t.koikoiRisk(who, d.doubled)}</li>
        </DecisionNotes>,
      );
    }
    lines.push(
      <div class="decision-row">
        {koikoi ? (
          <button type="button" class={look(koikoi, 'btn primary')} onClick={() => props.act(koikoi)}>
            {t.callKoikoi}
          </button>
        ) : null}
        {shobu ? (
          <button type="button" class={look(shobu, 'btn accent')} onClick={() => props.act(shobu)}>
            {t.callShobu}
          </button>
        ) : null}
      </div>,
    );
  }
  const piles = byKind('pile');
  if (piles.length > 0) {
    lines.push(<p class="prompt-text">{t.pilePrompt}</p>);
    lines.push(
      <div class="decision-row">
        {piles.map((a) => (
          <button
            key={String(get(a, 'pile'))}
            type="button"
            class={`${look(a, 'btn')} pile-choice`}
            onClick={() => props.act(a)}
          >
            <CardBack size="sm" />
            <CardBack size="sm" />
            <span>{get(a, 'pile') === 0 ? t.pileLeft : t.pileRight}</span>
          </button>
        ))}
      </div>,
    );
  }
  const redeal = byKind('redeal');
  if (redeal.length > 0) {
    lines.push(<p class="prompt-text">{t.redealPrompt}</p>);
    lines.push(
      <div class="decision-row">
        {redeal.map((a) => (
          <button
            key={String(get(a, 'redeal'))}
            type="button"
            class={look(a, get(a, 'redeal') ? 'btn accent' : 'btn primary')}
            onClick={() => props.act(a)}
          >
            {get(a, 'redeal') ? t.redealYes : t.redealNo}
          </button>
        ))}
      </div>,
    );
  }
  const takes = byKind('dealerTake');
  if (takes.length > 0) {
    lines.push(<p class="prompt-text">{t.dealerTakePrompt}</p>);
    lines.push(
      <div class="decision-row">
        {takes.map((a) => {
          const cards = get(a, 'dealerTake') as string[];
          return (
            <button
              key={cards.join()}
              type="button"
              class="btn card-choice"
              aria-label={cards.map((c) => cardLabel(c, lang)).join(', ')}
              onClick={() => props.act(a)}
            >
              {cards.map((c) => (
                <Card key={c} id={c} game={board.game} size="sm" animKey={false} context="choice" />
              ))}
            </button>
          );
        })}
      </div>,
    );
  }
  const bids = byKind('bid');
  if (bids.length > 0) {
    lines.push(
      <p class="prompt-text">
        {t.bidPrompt} ({t.yourBankroll}: {props.bankroll})
      </p>,
    );
    if (props.oiPays) lines.push(<p class="prompt-text bid-terms">{t.bidTerms[props.oiPays]}</p>);
    const others = board.seats.flatMap((x) => (x.seat !== seat && typeof x.bid === 'number' ? [x.bid] : []));
    lines.push(
      <BidForm
        t={t}
        seat={seat}
        act={props.act}
        steps={bids.map((a) => Number(get(a, 'bid')))}
        bankroll={props.bankroll ?? 0}
        others={others}
      />,
    );
  }
  // The kinds of decision asked (for the layout tests: each is a screen of its own).
  return (
    <div class="prompt-lines" data-decision={[...new Set(buttons.map((b) => b.kind))].join(' ') || undefined}>
      {lines}
    </div>
  );
}
