/**
 * Group commit for the embedded database: every write asked for in one turn of the event
 * loop goes into one transaction, so a burst of actions from many rooms costs one fsync
 * instead of one each. Each write's promise settles only once its transaction is durable;
 * if the shared transaction fails, each write is tried again alone so only the bad one is refused.
 */
import type { Database } from 'better-sqlite3';

interface Write {
  readonly run: () => void;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

export class GroupCommit {
  private pending: Write[] = [];
  private due: NodeJS.Immediate | null = null;

  constructor(private readonly db: Database) {}

  /** Runs `run` (synchronous statements) in the next group transaction; resolves once it is committed. */
  write(run: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ run, resolve, reject });
      this.due ??= setImmediate(() => this.flush());
    });
  }

  /** Commits what is waiting now (also before the database is closed). */
  flush(): void {
    if (this.due) clearImmediate(this.due);
    this.due = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    try {
      this.db.transaction(() => {
        for (const w of batch) w.run();
      })();
    } catch {
      for (const w of batch) {
        try {
          this.db.transaction(w.run)();
        } catch (e) {
          w.reject(e as Error);
          continue;
        }
        w.resolve();
      }
      return;
    }
    for (const w of batch) w.resolve();
  }
}
