/**
 * House rules in words for players, in English and Japanese: a plain-language help line and
 * a label for each value. The engine's option specs hold the rules themselves (name, values,
 * default, titles) and their sourced help, which the page keeps behind a "details" line.
 * Keyed by option name: a name means the same rule in every game that has it.
 * test/house-rules.test.ts checks that every option of every game has both languages.
 */
import type { OptionSpec } from '@hanafuda/engine';
import type { Lang } from './i18n.js';

export interface RuleText {
  readonly help: string;
  /** Enum values by value; booleans use the shared on/off words. */
  readonly values?: Readonly<Record<string, string>>;
}

const EN: Record<string, RuleText> = {
  gajiDealtToField: {
    help: 'If the lightning (Gaji) is dealt face up to the field, it stays there, or it is put aside before the deal is checked.',
    values: { stays: 'stays on the field', discarded: 'put aside' },
  },
  roundEnd: {
    help: 'The round ends once every hand and the pile are empty, or as soon as either runs out.',
    values: { 'hands-and-pile': 'hands and pile empty', 'pile-or-hands': 'pile or hands empty' },
  },
  yaku: { help: 'Each yaku a side makes costs every other side 50 points. Off: play for card points only.', values: { on: 'on (−50 each)', off: 'off' } },
  hikiTiming: {
    help: 'A hiki (all four cards of a month) counts only when dealt to one hand, or whenever someone holds all four between hand and field.',
    values: { deal: 'only as dealt', anytime: 'any time' },
  },
  gajiDrawnIsWild: { help: 'The lightning turned up from the pile is wild too; if not, it is an ordinary willow card there.' },
  hikiOnBlock: {
    help: 'When the Gaji lands on a card of a hiki, the hiki’s holder takes all four cards at once, or the cards stay where they are.',
    values: { 'owner-captures': 'holder takes all four', stays: 'cards stay' },
  },
  blockedGajiReturns: { help: 'A Gaji stopped by a hiki goes back to the hand, and another card is played instead.' },
  gajiClaim: {
    help: 'What the Gaji’s player receives: the leftover cards of the month it took, those plus the leftover willows, every leftover card, or, during play, the next point card of that month.',
    values: {
      'paired-month': 'leftovers of its month',
      'paired-month-and-willow': 'its month and willows',
      'all-remaining': 'every leftover',
      transfer: 'next card of the month',
    },
  },
  teamDealer: {
    help: 'Who deals after a team wins: its player earliest in turn order, or the team’s players in turn.',
    values: { earliest: 'earliest in turn', rotate: 'in turn' },
  },
  rounds: { help: 'How many rounds the game lasts.' },
  scoring: {
    help: 'Round scores add up over the game, or each round won counts as one victory.',
    values: { cumulative: 'add up points', victories: 'count victories' },
  },
  chu: { help: 'Counting victories: winning a round by 50 or more over everyone counts twice.', values: { off: 'off', double: 'counts 2' } },
  basa: {
    help: 'Counting victories: winning a round by 100 or more over everyone counts two or three times.',
    values: { off: 'off', double: 'counts 2', triple: 'counts 3' },
  },
  sakeCup: {
    help: 'The sake cup counts as an animal or as a chaff, whichever scores more; only as an animal; or as both.',
    values: { either: 'whichever scores more', animal: 'animal only', both: 'both' },
  },
  viewing: {
    help: 'Moon viewing (moon and sake cup) and flower viewing (curtain and sake cup) score, do not, or score only beside another yaku.',
    values: { on: 'on', off: 'off', 'with-other-yaku': 'only with another yaku' },
  },
  viewingBoth: { help: 'Moon, curtain and sake cup together make one yaku worth 10, in place of the two viewing yaku.' },
  viewingSpoiled: { help: 'The viewing yaku score nothing for a player who holds the rain man or the lightning.' },
  tsukiFuda: { help: 'The four cards of the round’s month (round 1 is pine, round 2 plum…) score 4 together.' },
  gaji: { help: 'The lightning played from the hand is wild: it takes any one card on the field.' },
  fourPairsRedeal: { help: 'Four pairs of months on the field cancel the deal, as four of one month does.' },
  sevenDouble: { help: 'A winning total of 7 or more is doubled.' },
  koiKoiDouble: { help: 'A winning total is doubled once if the other player had called Koi-Koi.' },
  oyaKen: { help: 'When the hands run out and nobody has a yaku, the dealer scores 6.' },
  preset: {
    help: 'A whole rule set at once: the rules of the old sources, those of the KoiKoi Japan game, or Nintendo’s. A rule changed afterwards overrides it.',
    values: { sources: 'the sources', 'koikoi-japan': 'KoiKoi Japan', nintendo: 'Nintendo' },
  },
  sankoPoints: { help: 'What three brights without the rain man score: 6, or 5.' },
  setExtras: { help: 'Boar-deer-butterfly and the red and blue ribbon sets score one more point for each further card of their kind; if not, a flat 5.' },
  akatanAotan: {
    help: 'Both ribbon sets together score 10 in place of the two, or 10 on top of 5 and 5.',
    values: { replaces: '10 in place of both', adds: '10 on top of both' },
  },
  viewingPoints: {
    help: 'Each viewing yaku scores 5, or 1 — and 3 once its holder has called Koi-Koi.',
    values: { five: '5 each', 'one-or-three': '1, or 3 after Koi-Koi' },
  },
  koiKoiCalls: {
    help: 'Koi-Koi may be called any number of times in a round, or once: the next rise ends the round.',
    values: { unlimited: 'any number', once: 'once a round' },
  },
  lastTurnKoiKoi: { help: 'A player who makes or raises a yaku on their last turn is still asked Koi-Koi or Shobu; if not, the round ends there.' },
  teshi: {
    help: 'Four cards of one month dealt to a hand score 6 and end the round, or the cards are dealt again.',
    values: { scores: 'scores 6', redeal: 'deal again' },
  },
  kuttsuki: { help: 'Four pairs of months dealt to a hand score 6 and end the round.' },
  koiKoiBonus: {
    help: 'The winner’s own Koi-Koi calls add to the score: +1, +2, +3 for one to three calls, then ×2, ×3, ×4, ×5.',
    values: { none: 'none', 'own-calls': 'for own calls' },
  },
  handsOut: {
    help: 'When both hands run out without a Shobu: the higher yaku total scores, the dealer takes 1 point, or nobody scores and the deal passes.',
    values: { 'higher-total': 'higher total scores', 'dealer-one': 'dealer takes 1', 'no-game': 'no game, deal passes' },
  },
  oiPays: {
    help: 'The loser of the round pays the winner the winner’s bid, or the loser’s own bid.',
    values: { 'winner-bid': 'the winner’s bid', 'loser-bid': 'the loser’s bid' },
  },
  bankroll: {
    help: 'Points each player starts with: each round’s payments come out of them (in Oi-bana nobody can bid more than they have; in Koi-Koi 0 keeps plain scores, and the game ends when someone has none left).',
  },
  length: { help: 'How long the game lasts: a number of rounds (rounds:6, rounds:12), or until someone’s total reaches a target (target:1500).' },
  allChaff: {
    help: 'The all-chaff hand: captures made only of chaff, or all 24 chaff cards.',
    values: { 'only-chaff': 'only chaff captured', 'every-chaff': 'all 24 chaff' },
  },
};

const JA: Record<string, RuleText> = {
  gajiDealtToField: { help: '雷（ガジ）が場に配られたとき、そのまま場に残すか、配りの確認の前に除くか。', values: { stays: '場に残す', discarded: '除く' } },
  roundEnd: {
    help: '局は全員の手札と山札がなくなったら終わるか、どちらかがなくなった時点で終わるか。',
    values: { 'hands-and-pile': '手札と山札がなくなる', 'pile-or-hands': '山札か手札がなくなる' },
  },
  yaku: { help: '役ができると、ほかの側がそれぞれ50点を払う。なしにすると札の点だけで争う。', values: { on: 'あり（各50点）', off: 'なし' } },
  hikiTiming: {
    help: 'ヒキ（同じ月の四枚）は配られたときだけ数えるか、手札と場で四枚そろえばいつでも数えるか。',
    values: { deal: '配られたときだけ', anytime: 'いつでも' },
  },
  gajiDrawnIsWild: { help: '山札からめくった雷も万能札にするか。しなければ、ふつうの柳の札。' },
  hikiOnBlock: {
    help: 'ガジがヒキの札に当たったとき、ヒキを持つ人が四枚とも取るか、札はそのままか。',
    values: { 'owner-captures': '持ち主が四枚取る', stays: 'そのまま' },
  },
  blockedGajiReturns: { help: 'ヒキに止められたガジを手札に戻し、代わりに別の札を出す。' },
  gajiClaim: {
    help: 'ガジを使った人が受け取るもの：取った月の残り札、それに柳の残り札、残り札すべて、または場の進行中にその月の次の点札。',
    values: { 'paired-month': 'その月の残り札', 'paired-month-and-willow': 'その月と柳の残り札', 'all-remaining': '残り札すべて', transfer: 'その月の次の札' },
  },
  teamDealer: { help: 'チームが勝ったあとの親：手番が最も早い人か、チームの人が順番に。', values: { earliest: '手番が早い人', rotate: '順番に' } },
  rounds: { help: '一ゲームの局数。' },
  scoring: { help: '局の点を合計するか、局の勝ちを一勝として数えるか。', values: { cumulative: '点の合計', victories: '勝ち数' } },
  chu: { help: '勝ち数で争うとき、全員に50点以上の差で勝つと二勝と数える。', values: { off: 'なし', double: '二勝' } },
  basa: { help: '勝ち数で争うとき、全員に100点以上の差で勝つと二勝か三勝と数える。', values: { off: 'なし', double: '二勝', triple: '三勝' } },
  sakeCup: { help: '盃はタネとカスのうち点の多いほうに数えるか、タネだけか、両方か。', values: { either: '点の多いほう', animal: 'タネだけ', both: '両方' } },
  viewing: {
    help: '月見酒（月と盃）・花見酒（幕と盃）を役にするか、しないか、ほかの役があるときだけか。',
    values: { on: 'あり', off: 'なし', 'with-other-yaku': 'ほかの役と一緒のときだけ' },
  },
  viewingBoth: { help: '月・幕・盃の三枚で、二つの見役の代わりに10点の役一つとする。' },
  viewingSpoiled: { help: '雨（小野道風）か雷を持つ人の見役は点にならない。' },
  tsukiFuda: { help: 'その局の月（第1局は松、第2局は梅…）の四枚をそろえると4点。' },
  gaji: { help: '手札から出した雷は万能札で、場の札を一枚どれでも取れる。' },
  fourPairsRedeal: { help: '場に同じ月の組が四つあれば、同じ月の四枚と同じく配り直し。' },
  sevenDouble: { help: '勝った合計が7点以上なら倍。' },
  koiKoiDouble: { help: '相手が「こいこい」をしていたら、勝った合計を一度だけ倍にする。' },
  oyaKen: { help: '手札がなくなってだれも役がないとき、親が6点を得る（親権）。' },
  preset: {
    help: 'ルールをまとめて選ぶ：古い資料どおり、ゲーム「KoiKoi Japan」のルール、または任天堂のルール。あとで変えたルールはそちらが優先。',
    values: { sources: '資料どおり', 'koikoi-japan': 'KoiKoi Japan', nintendo: '任天堂' },
  },
  sankoPoints: { help: '雨を含まない光札三枚（三光）の点：6点か5点。' },
  setExtras: { help: '猪鹿蝶・赤短・青短で、同じ種類の札が一枚増えるごとに1点を足す。しなければ一律5点。' },
  akatanAotan: {
    help: '赤短と青短の両方がそろったとき、二つの代わりに10点か、5点と5点に加えて10点か。',
    values: { replaces: '二つの代わりに10点', adds: '二つに加えて10点' },
  },
  viewingPoints: {
    help: '月見酒・花見酒の点：それぞれ5点か、1点（こいこいをした後は3点）。',
    values: { five: 'それぞれ5点', 'one-or-three': '1点（こいこい後3点）' },
  },
  koiKoiCalls: { help: '一局にこいこいは何度でもできるか、一度だけか（次に役が増えたら局が終わる）。', values: { unlimited: '何度でも', once: '一局に一度' } },
  lastTurnKoiKoi: { help: '最後の手番で役ができたり増えたりしても、こいこいか勝負かを選べる。しなければ、そこで局が終わる。' },
  teshi: { help: '同じ月の四枚が手札に配られたら、6点で局が終わるか、配り直すか。', values: { scores: '6点', redeal: '配り直し' } },
  kuttsuki: { help: '同じ月の二枚組が四組手札に配られたら、6点で局が終わる。' },
  koiKoiBonus: {
    help: '勝った人が自分でしたこいこいの回数で加点：1〜3回は+1、+2、+3点、その先は2倍、3倍、4倍、5倍。',
    values: { none: 'なし', 'own-calls': '自分のこいこいで加点' },
  },
  handsOut: {
    help: '勝負のないまま手札がなくなったとき：役の点の多いほうが得点するか、親が1点を取るか、流局で親が移るか。',
    values: { 'higher-total': '点の多いほう', 'dealer-one': '親が1点', 'no-game': '流局、親が移る' },
  },
  oiPays: {
    help: '局の負けた人が勝った人に払う額：勝った人の付け値か、負けた人自身の付け値か。',
    values: { 'winner-bid': '勝った人の付け値', 'loser-bid': '負けた人の付け値' },
  },
  bankroll: {
    help: '各人の持ち点。各局の支払いはここから出す（おいばなでは持ち点より多くは付けられない。こいこいでは0で普通の得点、だれかの持ち点がなくなるとゲーム終了）。',
  },
  length: { help: 'ゲームの長さ：局数（rounds:6、rounds:12）か、だれかの合計が目標に届くまで（target:1500）。' },
  allChaff: {
    help: 'カスの手（特別な手）：取り札がカスだけか、カス24枚すべてか。',
    values: { 'only-chaff': 'カスだけの取り札', 'every-chaff': 'カス24枚すべて' },
  },
};

export const HOUSE_RULES: Readonly<Record<Lang, Readonly<Record<string, RuleText>>>> = { en: EN, ja: JA };

const ON_OFF: Readonly<Record<Lang, readonly [string, string]>> = { en: ['on', 'off'], ja: ['あり', 'なし'] };

/** The help line for a house rule in a language (the spec's own help where none is written yet). */
export function ruleHelp(spec: OptionSpec, lang: Lang): string {
  return HOUSE_RULES[lang][spec.name]?.help ?? spec.help;
}

/** A value of a house rule in words: "any time", "あり", or the value itself for numbers and lengths. */
export function ruleValue(spec: OptionSpec, value: unknown, lang: Lang): string {
  if (typeof value === 'boolean') return ON_OFF[lang][value ? 0 : 1];
  return HOUSE_RULES[lang][spec.name]?.values?.[String(value)] ?? String(value);
}
