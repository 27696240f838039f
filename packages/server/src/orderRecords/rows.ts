import { CardNumber, Order, Time } from "@fuel/domain";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope so that PAYABLE_COLUMNS's inferred type (its money columns are Money.Cents) can be named (TS2742)
import type { Money } from "@fuel/domain";
import type { GasType, Order as WireOrder, PayType } from "@fuel/domain/api";
import { Result } from "effect";
import { orders } from "../db/schema.ts";
import type { StationRow } from "../catalogue/stations.ts";
import { stationToWire } from "../catalogue/stations.ts";

/** An order as stored (table `orders`). */
export type OrderRow = typeof orders.$inferSelect;

/**
 * The columns paying for an order needs. Order creation reads and returns only these: on PGlite
 * every column of a result costs parsing time (docs/performance.md).
 */
export const PAYABLE_COLUMNS = {
  id: orders.id,
  kind: orders.kind,
  paytype: orders.paytype,
  prepayId: orders.prepayId,
  mchntOrderNo: orders.mchntOrderNo,
  amount: orders.amount,
  orderAmount: orders.orderAmount,
  gasType: orders.gasType,
  lastNumber: orders.lastNumber,
  issuesCard: orders.issuesCard,
  payDeadline: orders.payDeadline,
} as const;

export type PayableOrder = Pick<OrderRow, keyof typeof PAYABLE_COLUMNS>;

/** The status codes, by name, for SQL conditions. */
export const STATUS = {
  unpaid: Order.statusCode("unpaid"),
  unused: Order.statusCode("unused"),
  used: Order.statusCode("used"),
  rejected: Order.statusCode("rejected"),
  voided: Order.statusCode("voided"),
  expired: Order.statusCode("expired"),
  cancelled: Order.statusCode("cancelled"),
} as const;

/** The facts of a stored order the domain state machine works on. */
export const domainOrder = (row: OrderRow): Order.Order => {
  const status = Order.statusFromCode(row.status);
  // The table's CHECK constraint allows only the spec's codes: anything else is corruption.
  if (Result.isFailure(status)) throw new Error(`order ${row.id} has status ${row.status}, which spec §4 does not define`);
  return {
    kind: row.kind === "recharge" ? "recharge" : "fuel",
    status: status.success,
    createdAt: row.createdAt.getTime(),
    payDeadline: row.payDeadline.getTime(),
    ...(row.paidAt === null ? {} : { paidAt: row.paidAt.getTime() }),
    ...(row.reason === null ? {} : { reason: row.reason }),
  };
};

/** The QR payload the order's detail may show at `now`: its live code while `Order.qrVisible` says so (spec §4). */
export const visibleQrCode = (row: OrderRow, liveCode: string | null, now: number): string | null =>
  liveCode !== null && Order.qrVisible(domainOrder(row), row.refundStatus, now) ? liveCode : null;

/** Issue 35: the newest invoice request holding an order, as `Order.invoice` names it. */
export type OrderInvoice = NonNullable<WireOrder["invoice"]>;

/**
 * Spec §3: the order on the wire, with its station and the QR code it may show. A recharge of a
 * card not registered to the customer (`ownCard` false) shows that card by its last 4 digits (issue 22).
 * Issue 35: when it was used (its invoice window starts then) and its newest invoice request.
 */
export const orderToWire = (
  row: OrderRow,
  station: StationRow | null,
  liveCode: string | null,
  now: number,
  ownCard: boolean,
  invoice: OrderInvoice | null = null,
): WireOrder => ({
  order_id: row.id,
  order_status: row.status as WireOrder["order_status"],
  order_type: row.orderType as WireOrder["order_type"],
  card_type: row.cardType as WireOrder["card_type"],
  gas_type: row.gasType as GasType,
  order_amount: row.orderAmount,
  amount: row.amount,
  created_at: Time.formatChinaIso(row.createdAt.getTime()),
  payment_time: row.paidAt === null ? null : Time.formatChinaIso(row.paidAt.getTime()),
  remark: row.remark,
  phone: row.phone,
  count: row.status === STATUS.unpaid ? Order.secondsLeftToPay({ payDeadline: row.payDeadline.getTime() }, now) : 0,
  mchnt_order_no: row.mchntOrderNo,
  gas_original_price: row.gasOriginalPrice,
  gas_now_price: row.gasNowPrice,
  stationInfo: station === null ? null : stationToWire(station),
  pay_qrcode: visibleQrCode(row, liveCode, now),
  refund_status: row.refundStatus as WireOrder["refund_status"],
  card_num: row.cardNum === null || ownCard ? row.cardNum : CardNumber.masked(row.cardNum),
  reason: row.reason,
  last_number: row.lastNumber === null || ownCard ? row.lastNumber : CardNumber.shownDigits(row.lastNumber),
  paytype: row.paytype as PayType,
  issues_card: row.issuesCard,
  used_at: row.usedAt === null ? null : Time.formatChinaIso(row.usedAt.getTime()),
  invoice,
});
