import { DeskList, Money, Order, OrderWords, Time, type Messages } from "@fuel/domain";
import type { DeskOrdersQuery, DeskOrdersResponse } from "@fuel/domain/api";
import { Result } from "effect";
import { count } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { expireDueOrders } from "../../orderRecords/expiry.ts";
import { stationsByIds } from "../../orderRecords/queries.ts";
import type { OrderRow } from "../../orderRecords/rows.ts";
import { deskOrdersToWire } from "./orders.ts";
import { orderConditions, orderSort, type DeskOrderFilter } from "./orderFilter.ts";

/**
 * The admin's order list and its CSV (issue 34): a page of what the filters select with the
 * total, or every selected order as a file a person reads (amounts in yuan, words, China times).
 * Both first apply what time has decided (an unpaid order past its deadline is cancelled), so a
 * status filter finds orders as the customer sees them. Read only: no audit row.
 */

/** At most this many orders in one CSV: the filters narrow a larger selection. */
export const ORDERS_CSV_MAX_ROWS = 100_000;

const filterOf = (query: DeskOrdersQuery): DeskOrderFilter => {
  const { page: _page, page_size: _size, ...filter } = query;
  return filter;
};

/** `GET /api/desk/orders`: one page, clamped to the pages there are, and the total. */
export const listDeskOrders = async (db: Database, query: DeskOrdersQuery, now: number): Promise<DeskOrdersResponse> => {
  const filter = filterOf(query);
  const where = orderConditions(db, filter);
  await expireDueOrders(db, now);
  const size = query.page_size ?? DeskList.DEFAULT_PAGE_SIZE;
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  // count() is int8: a number from PGlite, a string from pg.
  const total = Number(counted?.n ?? 0);
  const page = DeskList.clampPage(query.page ?? 1, total, size);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...orderSort(filter))
    .limit(size)
    .offset((page - 1) * size);
  return { orders: await deskOrdersToWire(db, rows, now), total, page, page_size: size };
};

/** A spreadsheet's time: China time to the second, `2024-11-26 09:16:02`. */
const chinaTime = (at: Date | null): string => (at === null ? "" : Time.formatChinaIso(at.getTime()).slice(0, 19).replace("T", " "));

/** The status as the customer's list reads it (a refund named as one). */
const statusWord = (row: OrderRow, locale: Messages.Locale): string => {
  const status = Order.statusFromCode(row.status);
  if (Result.isFailure(status)) return String(row.status);
  const kind: Order.OrderKind = row.kind === "recharge" ? "recharge" : "fuel";
  return OrderWords.statusWord(Order.statusLabel(status.success, kind, "list", row.refundStatus), locale);
};

const categoryWord = (row: OrderRow, locale: Messages.Locale): string =>
  OrderWords.categoryWord(Order.categoryOf({ kind: row.kind === "recharge" ? "recharge" : "fuel", cardType: row.cardType, issuesCard: row.issuesCard }), locale);

const HEADER: Readonly<Record<Messages.Locale, ReadonlyArray<string>>> = {
  en: ["Order number", "Merchant number", "Ordered", "Type", "Status", "Station or card", "Customer phone", "Order amount (yuan)", "Paid amount (yuan)", "Paid at"],
  "zh-CN": ["订单号", "商户订单号", "下单时间", "类型", "状态", "油站或加油卡", "客户手机号", "订单金额（元）", "实付金额（元）", "支付时间"],
};

/**
 * `GET /api/desk/orders/export`: every order the filters select, in the list's sort, as CSV rows
 * (the header first) in `locale`'s words, for ../../operators/csvDownload.ts.
 */
export const deskOrdersCsvRows = async (db: Database, filter: DeskOrderFilter, locale: Messages.Locale, now: number): Promise<string[][]> => {
  const where = orderConditions(db, filter);
  await expireDueOrders(db, now);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...orderSort(filter))
    .limit(ORDERS_CSV_MAX_ROWS);
  const stations = await stationsByIds(db, [...new Set(rows.flatMap((r) => (r.stationId === null ? [] : [r.stationId])))]);
  const place = (r: OrderRow): string => (r.kind === "fuel" ? (r.stationId === null ? "" : (stations.get(r.stationId)?.title ?? "")) : (r.cardNum ?? ""));
  return [
    [...HEADER[locale]],
    ...rows.map((r) => [
      String(r.id),
      r.mchntOrderNo,
      chinaTime(r.createdAt),
      categoryWord(r, locale),
      statusWord(r, locale),
      place(r),
      r.phone,
      Money.formatCents(r.orderAmount),
      Money.formatCents(r.amount),
      chinaTime(r.paidAt),
    ]),
  ];
};
