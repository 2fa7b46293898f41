/**
 * Before play (docs/rules.md 5.2): a misdeal on four of a month; the dealer's takes of each
 * three of a month (one chaff and one scoring card) and of the blank dealt to the field
 * (with one field card of the dealer's choice). Choices wait for the `dealerTake` action.
 * What a three of a month lets the dealer take is `threeTakes`, on the field's month nibble
 * (fast/bits.ts), which the search's simulator calls too.
 */
import {
  BLANK,
  NARA_DECK,
  type Card,
  cardId,
  cardIds,
  interchangeable,
  monthOf,
  sortCards,
} from '../../core/cards.js';
import { type SplitEvent, open } from '../../core/events.js';
import { CAPTURES, CHOICE } from '../../core/matching.js';
import { err, ok, type Result } from '../../core/result.js';
import { POP4, TWIN_NIBBLE, maskOf, monthNibble } from '../../fast/bits.js';
import { dealtBlankMeeting } from './blank.js';
import { fourOnField } from './deal.js';
import type { MonthTake, NaraState } from './state.js';
import { isChaff } from './tables.js';

type Events = SplitEvent[];

const [CHAFF_LO, CHAFF_HI] = maskOf(NARA_DECK.filter(isChaff));
/** Per month 1..12, the nibble of its chaff (every month holds two chaff and two scoring cards). */
const CHAFF_NIBBLE = Uint8Array.from({ length: 13 }, (_, m) =>
  m === 0 ? 0 : monthNibble(CHAFF_LO, CHAFF_HI, m),
);

/**
 * What the dealer may take from a three of `month` on the field (`nibble`: the field's cards
 * of that month, fast/bits.ts), 0 when it is not a three: the chaff the dealer may take (bits
 * 0–3, by rank) and the scoring cards (bits 4–7), one of each; never two scoring cards. Of two
 * interchangeable chaff only the first in card order (-chaff-1) is a choice. One bit of each
 * is one pair, taken at once; three bits are two pairs, the dealer's choice.
 */
export function threeTakes(nibble: number, month: number): number {
  if (POP4[nibble] !== 3) return 0;
  let chaff = nibble & CHAFF_NIBBLE[month];
  if (chaff === TWIN_NIBBLE[month]) chaff &= -chaff;
  return chaff | ((nibble & ~CHAFF_NIBBLE[month]) << 4);
}

/** Keeps the first of each group of interchangeable cards. */
const distinct = (cards: readonly Card[]): Card[] =>
  cards.filter((c, i) => !cards.slice(0, i).some((d) => interchangeable(c, d)));

/** The [chaff, scoring] pairs of a three of a month (`cards`) by its `threeTakes` answer. */
function pairsOf(takes: number, cards: readonly Card[]): [Card, Card][] {
  const inNibble = (c: Card, nibble: number): boolean => ((nibble >> (c & 3)) & 1) !== 0;
  const chaff = sortCards(cards.filter((c) => inNibble(c, takes & 15)));
  const scoring = cards.filter((c) => inNibble(c, takes >> 4));
  return chaff.flatMap((c) => scoring.map((sc) => [c, sc] as [Card, Card]));
}

/**
 * What the rules do to a fresh deal before the pile choice. Returns 'void' on a misdeal
 * (the caller redeals); else the state waits for the dealer's choice or the pile choices.
 */
export function afterDeal(s: NaraState, events: Events): 'void' | 'ready' {
  const four = fourOnField(s.field);
  if (four !== undefined) {
    events.push(
      open({
        type: 'misdeal',
        dealer: s.dealer,
        month: four,
        cards: cardIds(s.field.filter((c) => monthOf(c) === four)),
      }),
    );
    return 'void';
  }
  const [lo, hi] = maskOf(s.field);
  for (let month = 1; month <= 12; month++) {
    const takes = threeTakes(monthNibble(lo, hi, month), month);
    if (takes === 0) continue;
    const pairs = pairsOf(
      takes,
      s.field.filter((c) => monthOf(c) === month),
    );
    if (pairs.length === 1) takeMonth(s, month, pairs[0], events);
    else s.monthTakes.push({ month, pairs });
  }
  if (s.monthTakes.length === 0) blankStep(s, events);
  settle(s);
  return 'ready';
}

/** After the dealer's steps: wait for a choice, or go on to the pile choices. */
function settle(s: NaraState): void {
  s.toMove = s.dealer;
  s.phase = s.monthTakes.length > 0 || s.blankTakePending ? 'dealer-take' : 'pile';
}

function takeMonth(s: NaraState, month: number, pair: readonly Card[], events: Events): void {
  s.field = s.field.filter((c) => !pair.includes(c));
  s.captured[s.dealer].push(...pair);
  events.push(open({ type: 'dealer-take', seat: s.dealer, month, cards: cardIds(pair) }));
}

const blankTargets = (s: NaraState): Card[] => s.field.filter((c) => c !== BLANK);

/** The blank on the field: taken by itself when the dealer has no real choice, else the choice waits (blank.ts). */
function blankStep(s: NaraState, events: Events): void {
  s.blankTakePending = false;
  if (!s.field.includes(BLANK)) return;
  const meeting = dealtBlankMeeting(...maskOf(s.field));
  if (meeting === CHOICE) s.blankTakePending = true;
  else takeBlank(s, meeting === CAPTURES ? blankTargets(s)[0] : null, events);
}

function takeBlank(s: NaraState, target: Card | null, events: Events): void {
  const taken = target === null ? [BLANK] : [BLANK, target];
  s.field = s.field.filter((c) => !taken.includes(c));
  s.captured[s.dealer].push(...taken);
  s.blank = { seat: s.dealer, with: target };
  s.blankTakePending = false;
  events.push(
    open({
      type: 'blank-dealt',
      seat: s.dealer,
      with: target === null ? null : cardId(target),
      month: target === null ? null : monthOf(target),
    }),
  );
}

/** One way to resolve the waiting choices: a pair per month, and (maybe) the blank's capture. */
interface TakeOption {
  readonly pairs: readonly (readonly [Card, Card])[];
  readonly blank?: Card | null;
  readonly all: readonly Card[];
}

function monthCombos(takes: readonly MonthTake[]): TakeOption[] {
  let combos: TakeOption[] = [{ pairs: [], all: [] }];
  for (const t of takes)
    combos = combos.flatMap((c) => t.pairs.map((p) => ({ pairs: [...c.pairs, p], all: [...c.all, ...p] })));
  return combos;
}

function withBlank(s: NaraState, combo: TakeOption): TakeOption[] {
  const targets = distinct(blankTargets(s).filter((c) => !combo.all.includes(c)));
  if (targets.length === 0) return [{ ...combo, blank: null, all: [...combo.all, BLANK] }];
  return targets.map((t) => ({ ...combo, blank: t, all: [...combo.all, BLANK, t] }));
}

/** The options of the step now awaited (the months first, then the blank). */
function stepOptions(s: NaraState): TakeOption[] {
  return s.monthTakes.length > 0 ? monthCombos(s.monthTakes) : withBlank(s, { pairs: [], all: [] });
}

/** Cards an option takes, as the `dealerTake` list of a legal action. */
export const dealerTakeChoices = (s: NaraState): string[][] => stepOptions(s).map((o) => cardIds(o.all));

/** Whether `named` points at `option`: every named card is one it takes, or the interchangeable twin of one. */
const fits = (option: TakeOption, named: readonly Card[]): boolean =>
  named.every((c) => option.all.includes(c) || option.all.some((o) => interchangeable(o, c)));

/** The card the dealer named for `card`: its interchangeable twin when that was named instead. */
const asNamed =
  (option: TakeOption, named: readonly Card[]) =>
  (card: Card): Card =>
    named.find((c) => c !== card && !option.all.includes(c) && interchangeable(c, card)) ?? card;

/** Applies the dealer's `dealerTake` action. */
export function dealerTake(s: NaraState, named: readonly Card[], events: Events): Result<true> {
  const problem = checkNamed(s, named);
  if (problem) return err('bad-dealer-take', problem);
  // Cards the dealer already took by rule at this deal may be named too; they say nothing.
  const choice = named.filter((c) => !s.captured[s.dealer].includes(c));
  let options = stepOptions(s).filter((o) => fits(o, choice));
  if (options.length !== 1 && s.monthTakes.length > 0 && s.field.includes(BLANK)) {
    // One action may settle the months and the blank together.
    const combined = monthCombos(s.monthTakes)
      .flatMap((c) => withBlank(s, c))
      .filter((o) => fits(o, choice));
    if (combined.length === 1 || options.length === 0) options = combined;
  }
  if (options.length === 0)
    return err(
      'bad-dealer-take',
      `dealerTake ${JSON.stringify(cardIds(named))} is not a choice here; choose one of ${dealerTakeChoices(s)
        .map((o) => JSON.stringify(o))
        .join(' | ')}`,
    );
  if (options.length > 1)
    return err(
      'bad-dealer-take',
      `dealerTake ${JSON.stringify(cardIds(named))} is ambiguous: it fits ${options.map((o) => JSON.stringify(cardIds(o.all))).join(' and ')}; name the cards that differ`,
    );
  const option = options[0];
  const card = asNamed(option, choice);
  option.pairs.forEach((pair, i) => takeMonth(s, s.monthTakes[i].month, pair.map(card), events));
  s.monthTakes = [];
  if (option.blank !== undefined) takeBlank(s, option.blank === null ? null : card(option.blank), events);
  else blankStep(s, events);
  settle(s);
  return ok(true);
}

function checkNamed(s: NaraState, named: readonly Card[]): string | undefined {
  const dup = named.find((c, i) => named.indexOf(c) !== i);
  if (dup !== undefined) return `dealerTake names ${cardId(dup)} twice`;
  const stray = named.find((c) => !s.field.includes(c) && !s.captured[s.dealer].includes(c));
  if (stray !== undefined) return `dealerTake names ${cardId(stray)}, which is not on the field`;
  return undefined;
}
