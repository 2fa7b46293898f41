/** Sakura's house rules (docs/rules.md §3), each with its default: the one source of truth. */
import { type OptionsOf } from '../../core/options.js';

export const SAKURA_OPTIONS = [
  { name: 'gajiDealtToField', title: 'Gaji dealt to the field', titleJa: '場札のガジ', kind: 'enum', values: ['stays', 'discarded'], default: 'stays', help: 'A Gaji dealt to the field stays, or is discarded before the four-of-a-month check (000).' },
  { name: 'roundEnd', title: 'End of the round', titleJa: '局の終わり', kind: 'enum', values: ['hands-and-pile', 'pile-or-hands'], default: 'hands-and-pile', help: 'The round ends when every hand and the pile are empty, or when either is (002).' },
  { name: 'yaku', title: 'Yaku', titleJa: '役', kind: 'enum', values: ['on', 'off'], default: 'on', help: 'Each yaku costs every opponent 50; off plays for card points only (001).' },
  { name: 'hikiTiming', title: 'When a hiki counts', titleJa: 'ヒキの時機', kind: 'enum', values: ['deal', 'anytime'], default: 'deal', help: 'A hiki counts only as dealt (001), or whenever a player holds all four of a month in hand and field (000).' },
  { name: 'gajiDrawnIsWild', title: 'A drawn Gaji is wild', titleJa: '山札のガジも万能', kind: 'boolean', default: true, help: 'A Gaji turned up from the pile is wild too (001); false: it is an ordinary willow card.' },
  { name: 'hikiOnBlock', title: 'Hiki hit by the Gaji', titleJa: 'ガジが当たったヒキ', kind: 'enum', values: ['owner-captures', 'stays'], default: 'owner-captures', help: 'When a Gaji hits a hiki card, the owner takes all four at once (000), or the cards stay.' },
  { name: 'blockedGajiReturns', title: 'A blocked Gaji goes back', titleJa: '止められたガジを手札へ', kind: 'boolean', default: false, help: 'A blocked Gaji played from the hand may go back to the hand so another card is played (000).' },
  { name: 'gajiClaim', title: 'What the Gaji claims', titleJa: 'ガジの取り分', kind: 'enum', values: ['paired-month', 'paired-month-and-willow', 'all-remaining', 'transfer'], default: 'paired-month', help: "What the Gaji's user receives: leftover cards of the claimed month (000), those and leftover willow (001), every leftover (000 variant), or the next point card of the month during play (002)." },
  { name: 'teamDealer', title: 'Dealer of a winning team', titleJa: '勝ったチームの親', kind: 'enum', values: ['earliest', 'rotate'], default: 'earliest', help: "A winning team's dealer: its member earliest in turn order, or the members in turn." },
  { name: 'rounds', title: 'Rounds', titleJa: '局数', kind: 'integer', min: 1, default: 6, help: 'Rounds in a game.' },
  { name: 'scoring', title: 'Game scoring', titleJa: '勝敗の数え方', kind: 'enum', values: ['cumulative', 'victories'], default: 'cumulative', help: 'Round scores add up (000, 001), or each round win counts as a victory (000, 001).' },
  { name: 'chu', title: 'Chu (win by 50)', titleJa: 'チュウ（50点差）', kind: 'enum', values: ['off', 'double'], default: 'off', help: 'Victories: a win by 50 or more over every opponent counts 2 (001).' },
  { name: 'basa', title: 'Basa (win by 100)', titleJa: 'バサ（100点差）', kind: 'enum', values: ['off', 'double', 'triple'], default: 'off', help: 'Victories: a win by 100 or more over every opponent counts 2 or 3 (001).' },
] as const;

export type SakuraOptions = OptionsOf<typeof SAKURA_OPTIONS>;
