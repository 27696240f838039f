import type { KeyValueStore } from "@fuel/adapters/ports";

/** The tap being paid: its action key, the request it was for (as sent), and its order once created. */
export interface PendingTap {
  readonly key: string;
  readonly fingerprint: string;
  readonly orderId?: number;
}

const readPending = (raw: string | null): PendingTap | undefined => {
  if (raw === null) return undefined;
  try {
    // `draft`: the field's name in what fuel checklists kept before this was shared; a tab open
    // across the update must still find its order rather than pay for a second one.
    const v = JSON.parse(raw) as Partial<PendingTap> & { readonly draft?: unknown };
    const fingerprint = v.fingerprint ?? v.draft;
    return typeof v.key === "string" && typeof fingerprint === "string" ? { key: v.key, fingerprint } : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The taps of one checkout kept in `tabValues` under `storeKey` until the order is settled: the
 * same request tapped again (a retry after a timeout, a second tap, a reload during payment) gets
 * the same action key, so the server answers the first order instead of creating another.
 */
export class PendingTaps {
  constructor(
    private readonly tabValues: KeyValueStore,
    private readonly storeKey: string,
  ) {}

  /** The key of this tab's unsettled tap when it was for the same request, else `newKey()`. */
  keyFor(fingerprint: string, newKey: () => string): string {
    const earlier = readPending(this.tabValues.get(this.storeKey));
    return earlier !== undefined && earlier.fingerprint === fingerprint ? earlier.key : newKey();
  }

  keep(tap: PendingTap): void {
    this.tabValues.set(this.storeKey, JSON.stringify(tap));
  }

  /** Settled, or refused for good: the next tap is a new action. */
  forget(): void {
    this.tabValues.set(this.storeKey, null);
  }
}
