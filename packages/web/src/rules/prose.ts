/** The few sentences of each rules page that no table holds (the tables come from the engine). */
import type { Lang } from '../i18n/i18n.js';

export const MATCHING: Record<Lang, string> = {
  en: 'A turn: play a card from your hand to the field; if a field card has the same month, capture both (two matches: choose one; three: take all). Then turn up the top card of the draw pile and play it the same way.',
  ja: '手番：手札を一枚場に出し、同じ月の札があれば両方を取ります（二枚合えば一枚を選び、三枚なら全部取ります）。次に山札の一枚をめくり、同じように出します。',
};

export const PROSE: Record<string, Record<Lang, string[]>> = {
  sakura: {
    en: [
      'Two to seven players, alone or in teams. Capture cards worth points; every yaku (three special cards) you collect costs each other side 50.',
      'The Gaji (willow lightning) is wild when played from the hand: it captures any one field card. Its month is claimed at the end of the round.',
      'A hiki (all four of a month in your hand and on the field) can be taken on your turn instead of playing a card.',
      'Round score = captured points − 50 × the yaku held by the other sides. The highest score wins the round and deals next.',
    ],
    ja: [
      '2〜7人、個人戦またはチーム戦。点のある札を取り、役（特別な三枚）一つにつき相手側全員から50点を引かせます。',
      'ガジ（柳のカス）は手札から出すと万能札で、場のどの札でも一枚取れます。その札の月は局の終わりにガジの持ち主のものになります。',
      'ヒキ（同じ月の四枚が手札と場にそろう）は、手番に札を出す代わりに取れます。',
      '局の点＝取り札の点 − 50 × 相手側の役の数。最高点の人が局に勝ち、次の親になります。',
    ],
  },
  koikoi: {
    en: [
      'Two players. After a turn that forms a yaku (or improves your total), choose: Shobu ends the round and scores your yaku; Koi-Koi plays on for more, but if the opponent stops first you score nothing.',
      'A total of 7 or more is doubled; it is doubled again if the opponent had called Koi-Koi.',
    ],
    ja: [
      '二人で遊びます。役ができた（または点が増えた）手番の後、「勝負」で局を終えて得点するか、「こいこい」で続けるかを選びます。相手が先に上がると得点はありません。',
      '7点以上は倍、相手がこいこいしていればさらに倍です。',
    ],
  },
  nara: {
    en: [
      'Four players, 49 cards with the blank. Each player gets two face-down piles of five: choose one as your hand, the other is your own draw pile. Five turns each.',
      'The blank is wild: it captures any one field card, and claims that month at the end of the round. Card score = captured value − 160; yaku are paid by each other player.',
    ],
    ja: [
      '4人、白札を入れた49枚。各自に伏せた五枚の山が二つ配られ、一つを手札、もう一つを自分の山札にします。各自5手番。',
      '白札は万能札で場の札を一枚取り、局の終わりにその月の残り札を得ます。札の点＝取り札の点 − 160。役は他の各プレイヤーが支払います。',
    ],
  },
  oibana: {
    en: [
      'Each player is dealt eight cards and bids once, from the dealer. The two highest bidders play a two-player Sakura round; the loser pays the winner.',
      'Card values, yaku, the Gaji and hiki are those of Sakura.',
    ],
    ja: [
      '各自に八枚配り、親から一度ずつ競ります。高値の二人が二人用のさくらを一局打ち、負けた方が勝った方に払います。',
      '札の点・役・ガジ・ヒキはさくらと同じです。',
    ],
  },
};
