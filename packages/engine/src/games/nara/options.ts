/** Nara Hana-awase's house rules (docs/rules.md §5), each with its default: the one source of truth. */
import { type OptionsOf } from '../../core/options.js';

export const NARA_OPTIONS = [
  {
    name: 'length',
    title: 'Game length',
    titleJa: '対局の長さ',
    kind: 'length',
    default: 'rounds:6',
    help: 'Game length: "rounds:6" (default), "rounds:12", or "target:N": the game ends when a total reaches N (004).',
  },
  {
    name: 'allChaff',
    title: 'The all-chaff hand',
    titleJa: '素十六（カスのみ）',
    kind: 'enum',
    values: ['only-chaff', 'every-chaff'],
    default: 'only-chaff',
    help: 'The all-chaff special hand: captures that are nothing but chaff (default), or all 24 chaff (004, read literally).',
  },
] as const;

export type NaraOptions = OptionsOf<typeof NARA_OPTIONS>;
