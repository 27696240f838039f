import { STATUS_CODES, statusCode, type StatusCode } from "./Status.ts";

/**
 * Spec §2 (/orderlist): the tabs of the order list and the statuses each one shows.
 * @module
 */

/** Spec §2 (/orderlist): the tabs of the order list. */
export type OrderListTab = "all" | "unpaid" | "unused" | "used" | "expired";

/** Spec §2 (/orderlist): the tabs in the order they are shown. */
export const ORDER_LIST_TABS = ["all", "unpaid", "unused", "used", "expired"] as const satisfies ReadonlyArray<OrderListTab>;

const TAB_STATUS_CODES: Record<OrderListTab, ReadonlyArray<StatusCode>> = {
  all: STATUS_CODES,
  unpaid: [statusCode("unpaid")],
  unused: [statusCode("unused")],
  used: [statusCode("used")],
  expired: [statusCode("expired")],
};

/**
 * Spec §2/§4: the order_status codes a tab of the order list shows. Each named tab shows exactly
 * its own status; rejected, voided and cancelled orders have no tab of their own, so (our reading)
 * they are found under 'all' only.
 */
export const statusesForTab = (tab: OrderListTab): ReadonlyArray<StatusCode> => TAB_STATUS_CODES[tab];
