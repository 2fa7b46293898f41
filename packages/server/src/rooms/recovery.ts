/**
 * Tries a task again after growing pauses until it succeeds: what a storage failure left
 * undone in a room (its start, a bot's move, the finished game's record) is done by itself
 * once storage is back, without anyone having to do anything.
 */
export interface RecoveryOptions {
  /** The first pause (ms); each failure doubles it, up to `maxMs`. */
  readonly firstMs: number;
  readonly maxMs: number;
}

export const DEFAULT_RECOVERY: RecoveryOptions = { firstMs: 1000, maxMs: 30_000 };

export class Recovery {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private delay: number;
  private closed = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly options: RecoveryOptions,
    private readonly onFailure: (e: Error, nextMs: number) => void,
  ) {
    this.delay = options.firstMs;
  }

  /** Runs the task after the current pause, unless a run is already scheduled or under way (that one will do). */
  schedule(): void {
    if (this.timer || this.running || this.closed) return;
    this.timer = setTimeout(() => void this.run(), this.delay);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async run(): Promise<void> {
    this.timer = null;
    this.running = true;
    try {
      await this.task();
      this.delay = this.options.firstMs;
      this.running = false;
    } catch (e) {
      this.delay = Math.min(this.delay * 2, this.options.maxMs);
      this.running = false;
      this.onFailure(e as Error, this.delay);
      this.schedule();
    }
  }
}
