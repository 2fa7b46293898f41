/**
 * Oi-bana's house rules (docs/rules.md 3.11): the Sakura rules of its 2-player round, plus the
 * payment rule and the bankroll. Game-level Sakura scoring does not apply: money does.
 */
import type { OptionsOf } from '../../core/options.js';
import { SAKURA_OPTIONS } from '../sakura/options.js';

/** Sakura options that have no meaning in Oi-bana (no teams; payments replace round scores). */
const NOT_IN_OIBANA = ['teamDealer', 'scoring'];

export const OIBANA_OPTIONS = [
  ...SAKURA_OPTIONS.filter((o) => !NOT_IN_OIBANA.includes(o.name)),
  {
    name: 'oiPays',
    title: 'Who pays in Oi-bana',
    titleJa: '追い花の支払い',
    kind: 'enum',
    values: ['winner-bid', 'loser-bid'],
    default: 'winner-bid',
    help: "The round's loser pays the winner the winner's bid, or the loser's own bid (000).",
  },
  {
    name: 'bankroll',
    title: 'Bankroll',
    titleJa: '持ち点',
    kind: 'integer',
    min: 0,
    default: 1000,
    help: 'Points each player starts with; no bid may exceed it.',
  },
] as const;

export type OibanaOptions = OptionsOf<typeof OIBANA_OPTIONS>;

/** The options of the Sakura round inside an Oi-bana round. */
export function sakuraPart(options: OibanaOptions): Record<string, unknown> {
  const { oiPays: _pays, bankroll: _bankroll, ...rest } = options;
  return rest;
}
