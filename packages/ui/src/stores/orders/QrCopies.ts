import type { KeyValueStore } from "@fuel/adapters/ports";
import type { Order as WireOrder } from "@fuel/domain/api";

/**
 * The last cashier code of each paid order, kept on the device (the `preferences` port) so the
 * code still shows at the pump when the network is gone (issue 12). The order comes along so its
 * detail can be drawn from the copy too. A copy is removed once the code can no longer be used
 * (redeemed, expired, refunded).
 */
export interface QrCopy {
  readonly code: string;
  /** The order as last answered, and when (device clock). */
  readonly order: WireOrder;
  readonly savedAt: number;
}

const keyOf = (orderId: number): string => `fuel.orderQr.${orderId}`;

export const readQrCopy = (store: KeyValueStore, orderId: number): QrCopy | undefined => {
  const raw = store.get(keyOf(orderId));
  if (raw === null) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<QrCopy>;
    // Anything unreadable (an old format, a hand edit) counts as no copy.
    if (typeof parsed.code !== "string" || typeof parsed.savedAt !== "number" || parsed.order?.order_id !== orderId) return undefined;
    return parsed as QrCopy;
  } catch {
    return undefined;
  }
};

export const writeQrCopy = (store: KeyValueStore, copy: QrCopy): void => store.set(keyOf(copy.order.order_id), JSON.stringify(copy));

export const forgetQrCopy = (store: KeyValueStore, orderId: number): void => store.set(keyOf(orderId), null);
