/**
 * Group commit: every write asked for in one turn of the event loop goes into one
 * transaction, so a burst of actions from many rooms costs one fsync instead of one each.
 * One batch is committed at a time; writes asked for meanwhile wait and form the next one,
 * which is sent as soon as the last commit is answered, while that one's writers are still
 * being told (a slice per turn): the store never waits for the work its acknowledgements start.
 * Each write's promise settles only once its transaction is durable; `commit` tries a failed
 * batch's writes alone, so only the bad one is refused.
 */

/** Commits a batch; per write, null (committed) or the reason it was refused. Rejects if nothing is known to have committed. */
export type CommitBatch<W> = (batch: readonly W[]) => Promise<(string | null)[]>;

interface Pending<W> {
  readonly write: W;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/** Writes whose waiters run in one turn of the event loop before sockets are read again. */
const SLICE = 64;

/**
 * Settles a batch's writes a slice at a time, letting the event loop read its sockets between
 * slices: a batch of thousands (a burst of games opening at once) would otherwise run every
 * waiter (store, apply, broadcast) in one go and hold every other room's action back.
 */
async function settleInSlices<T>(
  items: readonly T[],
  settle: (item: T, index: number) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    items.slice(start, start + SLICE).forEach((item, i) => settle(item, start + i));
  }
}

export class GroupCommit<W> {
  private pending: Pending<W>[] = [];
  private due: NodeJS.Immediate | null = null;
  /** The batch being committed (the commit alone, not the settling of its writes). */
  private inFlight: Promise<void> | null = null;
  /** Committed batches whose writes are still being settled. */
  private readonly settling = new Set<Promise<void>>();

  constructor(private readonly commit: CommitBatch<W>) {}

  /** Queues `write` for the next group transaction; resolves once it is committed. */
  write(write: W): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ write, resolve, reject });
      if (!this.inFlight) this.due ??= setImmediate(() => void this.next());
    });
  }

  /** Commits everything waiting now (before the database is closed); resolves when all of it has settled. */
  async flush(): Promise<void> {
    for (;;) {
      if (this.inFlight) await this.inFlight;
      else if (this.pending.length > 0) await this.next();
      else if (this.settling.size > 0) await Promise.all(this.settling);
      else return;
    }
  }

  private next(): Promise<void> {
    if (this.due) clearImmediate(this.due);
    this.due = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return Promise.resolve();
    const committed = this.commit(batch.map((p) => p.write));
    const settled = committed.then(
      (errors) =>
        settleInSlices(batch, (p, i) => (errors[i] === null ? p.resolve() : p.reject(new Error(errors[i]!)))),
      (error: Error) => settleInSlices(batch, (p) => p.reject(error)),
    );
    this.settling.add(settled);
    void settled.finally(() => this.settling.delete(settled));
    const inFlight = committed.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight = inFlight.then(() => {
      this.inFlight = null;
      // What arrived while this batch was committing goes next, at once.
      if (this.pending.length > 0) void this.next();
    });
    return this.inFlight;
  }
}
