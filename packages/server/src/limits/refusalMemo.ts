/**
 * Refusals a limit has already given, remembered in this process until they end: an address
 * over its sign-in limit is refused again without a database transaction (issue 22). Under a
 * flood of wrong passwords nearly every answer is such a refusal, and each cost a locked
 * transaction on the one database session that the customer's sign-in also needs.
 *
 * Only the database decides a refusal; this only repeats one until its retry-after is over, so
 * it never refuses what the database would let in for longer than that wait (an attempt taken
 * back in the meantime is the only way the window could open earlier). Each process learns on
 * its own. Bounded: at most `maxEntries`, the ended ones dropped first, then the oldest.
 */
export class RefusalMemo {
  private readonly until = new Map<string, number>();

  constructor(private readonly maxEntries = 10_000) {}

  /** When `subject`'s remembered refusal ends (ms), or undefined when there is none at `now`. */
  refusedUntil(subject: string, now: number): number | undefined {
    const end = this.until.get(subject);
    if (end === undefined) return undefined;
    if (end > now) return end;
    this.until.delete(subject);
    return undefined;
  }

  /** Remembers that `subject` is refused until `end` (ms). */
  remember(subject: string, end: number, now: number): void {
    if (end <= now) return;
    this.until.delete(subject);
    if (this.until.size >= this.maxEntries) this.makeRoom(now);
    this.until.set(subject, end);
  }

  get size(): number {
    return this.until.size;
  }

  private makeRoom(now: number): void {
    for (const [subject, end] of this.until) if (end <= now) this.until.delete(subject);
    // Insertion order is oldest first.
    for (const subject of this.until.keys()) {
      if (this.until.size < this.maxEntries) break;
      this.until.delete(subject);
    }
  }
}
