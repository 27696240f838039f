import { Pricing } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";

/**
 * The receipt's litres, saving and payable (`Pricing.quote`, the figures the server charged by),
 * or undefined without both prices. Its own module so `Pricing` and decimal.js (~14 KB gzip) are
 * fetched after a paid order's code rather than before it (./Receipt.tsx, issue 23).
 */
export const receiptQuote = (order: WireOrder): Pricing.Quote | undefined => {
  const now = order.gas_now_price;
  const original = order.gas_original_price;
  return now !== null && original !== null && original > 0 ? Pricing.quote(order.order_amount, now, original) : undefined;
};
