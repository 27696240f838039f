import { Money } from "@fuel/domain";
import { STATUS } from "../../src/orderRecords/rows.ts";
import { DOUBLE_TAP_WINDOW_MS, type PlacedRow } from "../../src/orders/storeNewOrder.ts";

/**
 * Rows for `place_order` (src/orders/storeNewOrder.ts) as order creation makes them: an unpaid
 * diesel order of 100.40 yuan paying 91.62, created at `now`, its pay window 15 minutes. Each
 * call takes the next merchant order number (`prefix` + a counter) and prepay id.
 */
export const placedRows = (prefix: string, now: number): ((overrides?: Partial<PlacedRow>) => PlacedRow) => {
  let seq = 0;
  return (overrides = {}) => {
    seq++;
    return {
      kind: "fuel",
      status: STATUS.unpaid,
      orderType: 1,
      gasType: "0#",
      orderAmount: Money.cents(10040),
      amount: Money.cents(9162),
      phone: "13800138000",
      paytype: "wechat",
      mchntOrderNo: `${prefix}${seq}`,
      prepayId: `wxprepay${seq}`,
      createdAt: new Date(now),
      payDeadline: new Date(now + 15 * 60_000),
      ...overrides,
    };
  };
};

/** The placement's key: a draft repeated since the double-tap window before `now` is a double tap. */
export const placementKey = (userId: number, draftHash: string, now: number) => ({ userId, draftHash, repeatSince: new Date(now - DOUBLE_TAP_WINDOW_MS), now });
