/**
 * What the bots are called at a table of one person and bots, in the browser and the
 * terminal alike: the first bot in seat order is Hana, the next Tsuki, and so on. (An online
 * room names its bots by seat and level instead, as its seats may hold several people.)
 * A game stores the English name; a Japanese page writes it in katakana, as a name is.
 */
export const BOT_NAMES = [
  { en: 'Hana', ja: 'ハナ' },
  { en: 'Tsuki', ja: 'ツキ' },
  { en: 'Kaze', ja: 'カゼ' },
  { en: 'Yuki', ja: 'ユキ' },
  { en: 'Sora', ja: 'ソラ' },
  { en: 'Mori', ja: 'モリ' },
] as const;

export const BOT_SEAT_NAMES: readonly string[] = BOT_NAMES.map((n) => n.en);

/** The name of the bot in `seat` when the person sits in `person`. */
export const botSeatName = (seat: number, person = 0): string =>
  BOT_SEAT_NAMES[seat < person ? seat : seat - 1];

/** A seat's name in `lang`: a bot's name in its Japanese form on a Japanese page; any other name as it is. */
export const botNameIn = (name: string, lang: 'en' | 'ja'): string =>
  lang === 'ja' ? (BOT_NAMES.find((n) => n.en === name)?.ja ?? name) : name;
