/**
 * What the bots are called at a table of one person and bots, in the browser and the
 * terminal alike: the first bot in seat order is Hana, the next Tsuki, and so on. (An online
 * room names its bots by seat and level instead, as its seats may hold several people.)
 */
export const BOT_SEAT_NAMES = ['Hana', 'Tsuki', 'Kaze', 'Yuki', 'Sora', 'Mori'] as const;

/** The name of the bot in `seat` when the person sits in `person`. */
export const botSeatName = (seat: number, person = 0): string => BOT_SEAT_NAMES[seat < person ? seat : seat - 1];
