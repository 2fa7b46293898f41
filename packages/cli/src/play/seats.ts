/** The seats at the table as the person reads them: theirs is "You", the others by name. */

/** Who sits where: the person's seat and every seat's name. */
export interface Seats {
  /** The person's seat. */
  readonly you: number;
  readonly name: (seat: number) => string;
}

/** Verbs the templates use after a seat, in the form "you" takes. */
const YOU_VERBS: Readonly<Record<string, string>> = { has: 'have', is: 'are', holds: 'hold', does: 'do' };

/** "seat 2" becomes the seat's name; "You plays" becomes "You play". */
export function nameSeats(text: string, seats: Seats): string {
  return text
    .replace(/\bseat (\d+)('s)?/g, (_, n: string, s: string | undefined) =>
      Number(n) === seats.you ? (s ? 'your' : 'You') : `${seats.name(Number(n))}${s ?? ''}`,
    )
    .replace(
      /\bYou ([a-z]+)\b/g,
      (_, verb: string) => `You ${YOU_VERBS[verb] ?? (/[^s]s$/.test(verb) ? verb.slice(0, -1) : verb)}`,
    )
    .replace(/(\w|[;,]) You\b/g, '$1 you');
}
