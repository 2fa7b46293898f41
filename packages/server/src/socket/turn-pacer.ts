/**
 * Work started a few tasks per turn of the event loop. A burst (thousands of sockets' handshakes,
 * a thousand rooms created and joined at once) would otherwise all run in the turn that read
 * it, and the actions of games already playing would wait behind it; paced, they go between
 * the slices.
 */
export class TurnPacer {
  private waiting: (() => void)[] = [];
  private due: NodeJS.Immediate | null = null;

  constructor(private readonly perTurn: number) {}

  /** Queues `task`, started in a later turn, at most `perTurn` tasks a turn, in order. */
  start(task: () => void): void {
    this.waiting.push(task);
    this.due ??= setImmediate(this.drain);
  }

  /** `task` started in its turn; settles as the promise it returns does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => this.start(() => void task().then(resolve, reject)));
  }

  /** Drops the tasks still waiting (they never start). */
  stop(): void {
    if (this.due) clearImmediate(this.due);
    this.due = null;
    this.waiting = [];
  }

  private readonly drain = (): void => {
    this.due = null;
    const slice = this.waiting.slice(0, this.perTurn);
    this.waiting = this.waiting.slice(this.perTurn);
    for (const task of slice) task();
    if (this.waiting.length > 0) this.due = setImmediate(this.drain);
  };
}
