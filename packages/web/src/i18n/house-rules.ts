/**
 * House rules in words for players, in English and Japanese: a plain-language help line and
 * a label for each value. The engine's option specs hold the rules themselves (name, values,
 * default, titles) and their sourced help, which the page keeps behind a "details" line.
 * Keyed by option name: a name means the same rule in every game that has it.
 * Each rule is written once, with its words in both languages side by side.
 * test/house-rules.test.ts checks that every option of every game has both languages.
 */
import type { OptionSpec } from '@hanafuda/engine';
import type { Lang } from './i18n.js';

export interface RuleText {
  readonly help: string;
  /** Enum values by value; booleans use the shared on/off words. */
  readonly values?: Readonly<Record<string, string>>;
}

/** One text in every language. */
type Words = Readonly<Record<Lang, string>>;

/** A house rule's text in every language: the shape of RuleText, with Words for each string. */
interface RuleWords {
  readonly help: Words;
  readonly values?: Readonly<Record<string, Words>>;
}

const RULES: Readonly<Record<string, RuleWords>> = {
  gajiDealtToField: {
    help: {
      en: 'If the lightning (Gaji) is dealt face up to the field, it stays there, or it is put aside before the deal is checked.',
      ja: '雷（ガジ）が場に配られたとき、そのまま場に残すか、配りの確認の前に除くか。',
    },
    values: {
      stays: { en: 'stays on the field', ja: '場に残す' },
      discarded: { en: 'put aside', ja: '除く' },
    },
  },
  roundEnd: {
    help: {
      en: 'The round ends once every hand and the pile are empty, or as soon as either runs out.',
      ja: '局は全員の手札と山札がなくなったら終わるか、どちらかがなくなった時点で終わるか。',
    },
    values: {
      'hands-and-pile': { en: 'hands and pile empty', ja: '手札と山札がなくなる' },
      'pile-or-hands': { en: 'pile or hands empty', ja: '山札か手札がなくなる' },
    },
  },
  yaku: {
    help: {
      en: 'Each yaku a side makes costs every other side 50 points. Off: play for card points only.',
      ja: '役ができると、ほかの側がそれぞれ50点を払う。なしにすると札の点だけで争う。',
    },
    values: {
      on: { en: 'on (−50 each)', ja: 'あり（各50点）' },
      off: { en: 'off', ja: 'なし' },
    },
  },
  hikiTiming: {
    help: {
      en: 'A hiki (all four cards of a month) counts only when dealt to one hand, or whenever someone holds all four between hand and field.',
      ja: 'ヒキ（同じ月の四枚）は配られたときだけ数えるか、手札と場で四枚そろえばいつでも数えるか。',
    },
    values: {
      deal: { en: 'only as dealt', ja: '配られたときだけ' },
      anytime: { en: 'any time', ja: 'いつでも' },
    },
  },
  gajiDrawnIsWild: {
    help: {
      en: 'The lightning turned up from the pile is wild too; if not, it is an ordinary willow card there.',
      ja: '山札からめくった雷も万能札にするか。しなければ、ふつうの柳の札。',
    },
  },
  hikiOnBlock: {
    help: {
      en: 'When the Gaji lands on a card of a hiki, the hiki’s holder takes all four cards at once, or the cards stay where they are.',
      ja: 'ガジがヒキの札に当たったとき、ヒキを持つ人が四枚とも取るか、札はそのままか。',
    },
    values: {
      'owner-captures': { en: 'holder takes all four', ja: '持ち主が四枚取る' },
      stays: { en: 'cards stay', ja: 'そのまま' },
    },
  },
  blockedGajiReturns: {
    help: {
      en: 'A Gaji stopped by a hiki goes back to the hand, and another card is played instead.',
      ja: 'ヒキに止められたガジを手札に戻し、代わりに別の札を出す。',
    },
  },
  gajiClaim: {
    help: {
      en: 'What the Gaji’s player receives: the leftover cards of the month it took, those plus the leftover willows, every leftover card, or, during play, the next point card of that month.',
      ja: 'ガジを使った人が受け取るもの：取った月の残り札、それに柳の残り札、残り札すべて、または場の進行中にその月の次の点札。',
    },
    values: {
      'paired-month': { en: 'leftovers of its month', ja: 'その月の残り札' },
      'paired-month-and-willow': { en: 'its month and willows', ja: 'その月と柳の残り札' },
      'all-remaining': { en: 'every leftover', ja: '残り札すべて' },
      transfer: { en: 'next card of the month', ja: 'その月の次の札' },
    },
  },
  teamDealer: {
    help: {
      en: 'Who deals after a team wins: its player earliest in turn order, or the team’s players in turn.',
      ja: 'チームが勝ったあとの親：手番が最も早い人か、チームの人が順番に。',
    },
    values: {
      earliest: { en: 'earliest in turn', ja: '手番が早い人' },
      rotate: { en: 'in turn', ja: '順番に' },
    },
  },
  rounds: {
    help: { en: 'How many rounds the game lasts.', ja: '一ゲームの局数。' },
  },
  scoring: {
    help: {
      en: 'Round scores add up over the game, or each round won counts as one victory.',
      ja: '局の点を合計するか、局の勝ちを一勝として数えるか。',
    },
    values: {
      cumulative: { en: 'add up points', ja: '点の合計' },
      victories: { en: 'count victories', ja: '勝ち数' },
    },
  },
  chu: {
    help: {
      en: 'Counting victories: winning a round by 50 or more over everyone counts twice.',
      ja: '勝ち数で争うとき、全員に50点以上の差で勝つと二勝と数える。',
    },
    values: {
      off: { en: 'off', ja: 'なし' },
      double: { en: 'counts 2', ja: '二勝' },
    },
  },
  basa: {
    help: {
      en: 'Counting victories: winning a round by 100 or more over everyone counts two or three times.',
      ja: '勝ち数で争うとき、全員に100点以上の差で勝つと二勝か三勝と数える。',
    },
    values: {
      off: { en: 'off', ja: 'なし' },
      double: { en: 'counts 2', ja: '二勝' },
      triple: { en: 'counts 3', ja: '三勝' },
    },
  },
  sakeCup: {
    help: {
      en: 'The sake cup counts as an animal or as a chaff, whichever scores more; only as an animal; or as both.',
      ja: '盃はタネとカスのうち点の多いほうに数えるか、タネだけか、両方か。',
    },
    values: {
      either: { en: 'whichever scores more', ja: '点の多いほう' },
      animal: { en: 'animal only', ja: 'タネだけ' },
      both: { en: 'both', ja: '両方' },
    },
  },
  viewing: {
    help: {
      en: 'Moon viewing (moon and sake cup) and flower viewing (curtain and sake cup) score, do not, or score only beside another yaku.',
      ja: '月見酒（月と盃）・花見酒（幕と盃）を役にするか、しないか、ほかの役があるときだけか。',
    },
    values: {
      on: { en: 'on', ja: 'あり' },
      off: { en: 'off', ja: 'なし' },
      'with-other-yaku': { en: 'only with another yaku', ja: 'ほかの役と一緒のときだけ' },
    },
  },
  viewingBoth: {
    help: {
      en: 'Moon, curtain and sake cup together make one yaku worth 10, in place of the two viewing yaku.',
      ja: '月・幕・盃の三枚で、二つの見役の代わりに10点の役一つとする。',
    },
  },
  viewingSpoiled: {
    help: {
      en: 'The viewing yaku score nothing for a player who holds the rain man or the lightning.',
      ja: '雨（小野道風）か雷を持つ人の見役は点にならない。',
    },
  },
  tsukiFuda: {
    help: {
      en: 'The four cards of the round’s month (round 1 is pine, round 2 plum…) score 4 together.',
      ja: 'その局の月（第1局は松、第2局は梅…）の四枚をそろえると4点。',
    },
  },
  gaji: {
    help: {
      en: 'The lightning played from the hand is wild: it takes any one card on the field.',
      ja: '手札から出した雷は万能札で、場の札を一枚どれでも取れる。',
    },
  },
  fourPairsRedeal: {
    help: {
      en: 'Four pairs of months on the field cancel the deal, as four of one month does.',
      ja: '場に同じ月の組が四つあれば、同じ月の四枚と同じく配り直し。',
    },
  },
  sevenDouble: {
    help: { en: 'A winning total of 7 or more is doubled.', ja: '勝った合計が7点以上なら倍。' },
  },
  koiKoiDouble: {
    help: {
      en: 'A winning total is doubled once if the other player had called Koi-Koi.',
      ja: '相手が「こいこい」をしていたら、勝った合計を一度だけ倍にする。',
    },
  },
  oyaKen: {
    help: {
      en: 'When the hands run out and nobody has a yaku, the dealer scores 6.',
      ja: '手札がなくなってだれも役がないとき、親が6点を得る（親権）。',
    },
  },
  preset: {
    help: {
      en: 'A whole rule set at once: the rules of the old sources, those of the KoiKoi Japan game, or Nintendo’s. A rule changed afterwards overrides it.',
      ja: 'ルールをまとめて選ぶ：古い資料どおり、ゲーム「KoiKoi Japan」のルール、または任天堂のルール。あとで変えたルールはそちらが優先。',
    },
    values: {
      sources: { en: 'the sources', ja: '資料どおり' },
      'koikoi-japan': { en: 'KoiKoi Japan', ja: 'KoiKoi Japan' },
      nintendo: { en: 'Nintendo', ja: '任天堂' },
    },
  },
  sankoPoints: {
    help: {
      en: 'What three brights without the rain man score: 6, or 5.',
      ja: '雨を含まない光札三枚（三光）の点：6点か5点。',
    },
  },
  setExtras: {
    help: {
      en: 'Boar-deer-butterfly and the red and blue ribbon sets score one more point for each further card of their kind; if not, a flat 5.',
      ja: '猪鹿蝶・赤短・青短で、同じ種類の札が一枚増えるごとに1点を足す。しなければ一律5点。',
    },
  },
  akatanAotan: {
    help: {
      en: 'Both ribbon sets together score 10 in place of the two, or 10 on top of 5 and 5.',
      ja: '赤短と青短の両方がそろったとき、二つの代わりに10点か、5点と5点に加えて10点か。',
    },
    values: {
      replaces: { en: '10 in place of both', ja: '二つの代わりに10点' },
      adds: { en: '10 on top of both', ja: '二つに加えて10点' },
    },
  },
  viewingPoints: {
    help: {
      en: 'Each viewing yaku scores 5, or 1 — and 3 once its holder has called Koi-Koi.',
      ja: '月見酒・花見酒の点：それぞれ5点か、1点（こいこいをした後は3点）。',
    },
    values: {
      five: { en: '5 each', ja: 'それぞれ5点' },
      'one-or-three': { en: '1, or 3 after Koi-Koi', ja: '1点（こいこい後3点）' },
    },
  },
  koiKoiCalls: {
    help: {
      en: 'Koi-Koi may be called any number of times in a round, or once: the next rise ends the round.',
      ja: '一局にこいこいは何度でもできるか、一度だけか（次に役が増えたら局が終わる）。',
    },
    values: {
      unlimited: { en: 'any number', ja: '何度でも' },
      once: { en: 'once a round', ja: '一局に一度' },
    },
  },
  lastTurnKoiKoi: {
    help: {
      en: 'A player who makes or raises a yaku on their last turn is still asked Koi-Koi or Shobu; if not, the round ends there.',
      ja: '最後の手番で役ができたり増えたりしても、こいこいか勝負かを選べる。しなければ、そこで局が終わる。',
    },
  },
  teshi: {
    help: {
      en: 'Four cards of one month dealt to a hand score 6 and end the round, or the cards are dealt again.',
      ja: '同じ月の四枚が手札に配られたら、6点で局が終わるか、配り直すか。',
    },
    values: {
      scores: { en: 'scores 6', ja: '6点' },
      redeal: { en: 'deal again', ja: '配り直し' },
    },
  },
  kuttsuki: {
    help: {
      en: 'Four pairs of months dealt to a hand score 6 and end the round.',
      ja: '同じ月の二枚組が四組手札に配られたら、6点で局が終わる。',
    },
  },
  koiKoiBonus: {
    help: {
      en: 'The winner’s own Koi-Koi calls add to the score: +1, +2, +3 for one to three calls, then ×2, ×3, ×4, ×5.',
      ja: '勝った人が自分でしたこいこいの回数で加点：1〜3回は+1、+2、+3点、その先は2倍、3倍、4倍、5倍。',
    },
    values: {
      none: { en: 'none', ja: 'なし' },
      'own-calls': { en: 'for own calls', ja: '自分のこいこいで加点' },
    },
  },
  handsOut: {
    help: {
      en: 'When both hands run out without a Shobu: the higher yaku total scores, the dealer takes 1 point, or nobody scores and the deal passes.',
      ja: '勝負のないまま手札がなくなったとき：役の点の多いほうが得点するか、親が1点を取るか、流局で親が移るか。',
    },
    values: {
      'higher-total': { en: 'higher total scores', ja: '点の多いほう' },
      'dealer-one': { en: 'dealer takes 1', ja: '親が1点' },
      'no-game': { en: 'no game, deal passes', ja: '流局、親が移る' },
    },
  },
  oiPays: {
    help: {
      en: 'The loser of the round pays the winner the winner’s bid, or the loser’s own bid.',
      ja: '局の負けた人が勝った人に払う額：勝った人の付け値か、負けた人自身の付け値か。',
    },
    values: {
      'winner-bid': { en: 'the winner’s bid', ja: '勝った人の付け値' },
      'loser-bid': { en: 'the loser’s bid', ja: '負けた人の付け値' },
    },
  },
  bankroll: {
    help: {
      en: 'Points each player starts with: each round’s payments come out of them (in Oi-bana nobody can bid more than they have; in Koi-Koi 0 keeps plain scores, and the game ends when someone has none left).',
      ja: '各人の持ち点。各局の支払いはここから出す（おいばなでは持ち点より多くは付けられない。こいこいでは0で普通の得点、だれかの持ち点がなくなるとゲーム終了）。',
    },
  },
  length: {
    help: {
      en: 'How long the game lasts: a number of rounds (rounds:6, rounds:12), or until someone’s total reaches a target (target:1500).',
      ja: 'ゲームの長さ：局数（rounds:6、rounds:12）か、だれかの合計が目標に届くまで（target:1500）。',
    },
  },
  allChaff: {
    help: {
      en: 'The all-chaff hand: captures made only of chaff, or all 24 chaff cards.',
      ja: 'カスの手（特別な手）：取り札がカスだけか、カス24枚すべてか。',
    },
    values: {
      'only-chaff': { en: 'only chaff captured', ja: 'カスだけの取り札' },
      'every-chaff': { en: 'all 24 chaff', ja: 'カス24枚すべて' },
    },
  },
};

/** The rules' text in one language. */
function inLanguage(lang: Lang): Readonly<Record<string, RuleText>> {
  const text = ([name, rule]: [string, RuleWords]): [string, RuleText] => {
    const values =
      rule.values &&
      Object.fromEntries(Object.entries(rule.values).map(([value, words]) => [value, words[lang]]));
    return [name, values ? { help: rule.help[lang], values } : { help: rule.help[lang] }];
  };
  return Object.fromEntries(Object.entries(RULES).map(text));
}

export const HOUSE_RULES: Readonly<Record<Lang, Readonly<Record<string, RuleText>>>> = {
  en: inLanguage('en'),
  ja: inLanguage('ja'),
};

const ON: Words = { en: 'on', ja: 'あり' };
const OFF: Words = { en: 'off', ja: 'なし' };

/** The help line for a house rule in a language (the spec's own help where none is written yet). */
export function ruleHelp(spec: OptionSpec, lang: Lang): string {
  return HOUSE_RULES[lang][spec.name]?.help ?? spec.help;
}

/** A value of a house rule in words: "any time", "あり", or the value itself for numbers and lengths. */
export function ruleValue(spec: OptionSpec, value: unknown, lang: Lang): string {
  if (typeof value === 'boolean') return (value ? ON : OFF)[lang];
  return HOUSE_RULES[lang][spec.name]?.values?.[String(value)] ?? String(value);
}
