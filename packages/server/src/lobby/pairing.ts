/**
 * The pairing itself, pure: waiting seeks and who blocked whom in, groups out. The pairing
 * authority (authority.ts) runs it over every waiting seek and commits each group it answers.
 */

/** A seek as the pairing sees it. */
export interface WaitingSeek {
  readonly id: string;
  readonly account: string;
  /** What it waits for: a pool's id, or a custom seek's id (shared by the seek and those who accepted it). */
  readonly key: string;
  /** People a group of this key needs. */
  readonly players: number;
  /** When it was opened (ms since the epoch): the oldest are paired first. */
  readonly since: number;
  /** Bots may fill a group whose oldest seek has waited this many seconds. */
  readonly botsAfter?: number;
  /** A custom seek's own (its seeker's): its group is the one group of its key, and always holds it. */
  readonly owner?: boolean;
}

export interface Group {
  readonly key: string;
  /** Its seeks in pairing order, which is seat order. */
  readonly seeks: readonly WaitingSeek[];
  /** Seats left for bots (0 unless the group was formed by `botsAfter`). */
  readonly bots: number;
}

/** Blocks as unordered pairs of accounts: a block either way keeps two people apart. */
export class Blocks {
  private readonly pairs = new Set<string>();

  constructor(blocks: Iterable<readonly [string, string]> = []) {
    for (const [a, b] of blocks) this.pairs.add(Blocks.key(a, b));
  }

  apart(a: string, b: string): boolean {
    return this.pairs.has(Blocks.key(a, b));
  }

  private static key(a: string, b: string): string {
    return a < b ? `${a}\n${b}` : `${b}\n${a}`;
  }
}

const byAge = (a: WaitingSeek, b: WaitingSeek) =>
  a.since - b.since || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The groups to form now. Each key's seeks are taken oldest first, each into the oldest group in
 * the making where nobody blocked it or is blocked by it (and its account is not yet), or else
 * into a new one; a group that reaches its key's players is formed. One still short is formed
 * with bots once its oldest seek has waited its `botsAfter`. A person is in one group at most.
 */
export function pairSeeks(seeks: readonly WaitingSeek[], blocks: Blocks, now: number): Group[] {
  const keys = new Map<string, WaitingSeek[]>();
  for (const seek of [...seeks].sort(byAge)) {
    const list = keys.get(seek.key);
    if (list) list.push(seek);
    else keys.set(seek.key, [seek]);
  }
  const groups: Group[] = [];
  const taken = new Set<string>();
  for (const [key, list] of keys) {
    // A custom seek has one group: its seeker's (those who accepted wait for the seeker, first at the table).
    const custom = list.some((s) => s.owner !== undefined);
    const owner = list.find((s) => s.owner);
    if (custom && (!owner || taken.has(owner.account))) continue;
    if (owner) taken.add(owner.account);
    const making: WaitingSeek[][] = owner ? [[owner]] : [];
    for (const seek of list) {
      if (seek === owner || taken.has(seek.account)) continue;
      const fits = (group: WaitingSeek[]) =>
        group.every((s) => s.account !== seek.account && !blocks.apart(s.account, seek.account));
      let group = making.find(fits);
      if (!group) {
        if (custom) continue;
        group = [];
        making.push(group);
      }
      group.push(seek);
      taken.add(seek.account);
      if (group.length === seek.players) {
        groups.push({ key, seeks: group, bots: 0 });
        making.splice(making.indexOf(group), 1);
      }
    }
    for (const group of making) {
      const oldest = group[0];
      if (oldest.botsAfter !== undefined && now - oldest.since >= oldest.botsAfter * 1000)
        groups.push({ key, seeks: group, bots: oldest.players - group.length });
    }
  }
  return groups;
}
