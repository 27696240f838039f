import type { Order as WireOrder, OrderListFilter, OrderPage } from "@fuel/domain/api";
import { orderListStatuses } from "@fuel/domain/api";
import type { Database } from "../db/client.ts";
import { invoicesOfOrders } from "./orderInvoices.ts";
import { refuse } from "../refusals/Refusal.ts";
import { expireDueOrders } from "./expiry.ts";
import { findOwnOrder, liveQrCodes, orderPage, ownCardNumbers, stationsByIds } from "./queries.ts";
import { orderToWire, type OrderRow } from "./rows.ts";

/** Spec §2 /orderlist: orders per page (the client loads the next page when scrolled to the bottom). */
export const ORDER_PAGE_SIZE = 10;

const toWire = async (db: Database, userId: number, rows: readonly OrderRow[], now: number): Promise<WireOrder[]> => {
  const stationIds = rows.flatMap((r) => (r.stationId === null ? [] : [r.stationId]));
  const cardNums = rows.flatMap((r) => (r.cardNum === null ? [] : [r.cardNum]));
  const [stations, codes, ownCards, invoices] = await Promise.all([
    stationsByIds(db, stationIds),
    liveQrCodes(db, rows.map((r) => r.id)),
    ownCardNumbers(db, userId, cardNums),
    invoicesOfOrders(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) =>
    orderToWire(
      r,
      r.stationId === null ? null : (stations.get(r.stationId) ?? null),
      codes.get(r.id) ?? null,
      now,
      r.cardNum !== null && ownCards.has(r.cardNum),
      invoices.get(r.id) ?? null,
    ),
  );
};

/** `POST /api/order/list`: one page of the customer's orders, newest first, after applying what time has decided. */
export const listOrders = async (db: Database, userId: number, filter: OrderListFilter, page: number, now: number): Promise<OrderPage> => {
  await expireDueOrders(db, now, { userId });
  const { total, rows } = await orderPage(db, userId, orderListStatuses(filter), page, ORDER_PAGE_SIZE);
  return {
    total,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE)),
    data: await toWire(db, userId, rows, now),
  };
};

/** The customer's order after applying what time has decided (404 for anyone else's). */
export const ownOrderNow = async (db: Database, userId: number, orderId: number, now: number): Promise<OrderRow> => {
  const before = await findOwnOrder(db, userId, orderId);
  if (before === undefined) throw refuse("OrderNotFound");
  await expireDueOrders(db, now, { orderId });
  return (await findOwnOrder(db, userId, orderId)) ?? before;
};

/** `POST /api/order/detail`. */
export const orderDetail = async (db: Database, userId: number, orderId: number, now: number): Promise<WireOrder> => {
  const row = await ownOrderNow(db, userId, orderId, now);
  const [wire] = await toWire(db, userId, [row], now);
  if (wire === undefined) throw refuse("OrderNotFound");
  return wire;
};
