/** At most `limit` tasks at a time; the others wait their turn in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  /** The most tasks ever running at once (for tests and diagnostics). */
  peak = 0;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Semaphore limit must be ≥ 1, got ${limit}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      // The slot passes straight to the next waiter, so `active` never drops and rises again.
      if (next) next();
      else this.active--;
    }
  }
}
