import { DeskList, Money, Time, type Messages } from "@fuel/domain";
import type { DeskInvoice, DeskInvoicesQuery, DeskInvoicesResponse } from "@fuel/domain/api";
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { invoices, users } from "../db/schema.ts";
import type { SignedInStaff } from "../http/signedInStaff.ts";
import { refuse } from "../refusals/Refusal.ts";
import { deskInvoiceToWire, LISTED_COLUMNS, ordersOfInvoices, type InvoicedOrderRow, type ListedInvoice } from "./records.ts";

/**
 * The desk's invoice queue (issue 35 item 5): the requests the filters select at the stations the
 * staff member works (a cashier the stations given to them; an admin every request, top-ups
 * included), oldest first unless asked otherwise, a page at a time, and the same selection as a
 * CSV for ../operators/csvDownload.ts. Read only: no audit row.
 */

/** Who reads the queue: their role and stations (`request.staff`). */
export type QueueReader = Pick<SignedInStaff, "role" | "stations">;

/** The filter and sort part of a list or export query. */
export type DeskInvoiceFilter = Omit<DeskInvoicesQuery, "page" | "page_size">;

/** At most this many requests in one CSV: the filters narrow a larger selection. */
export const INVOICES_CSV_MAX_ROWS = 100_000;

/** The requests `reader` may see: an admin all, anyone else those of their stations. */
export const visibleTo = (reader: QueueReader): SQL | undefined => {
  if (reader.role === "admin") return undefined;
  // No stations: nothing (an empty IN list is not valid SQL).
  return reader.stations.length === 0 ? sql`false` : inArray(invoices.stationId, [...reader.stations]);
};

/** The filter's conditions; a reversed day range is refused. */
const conditions = (reader: QueueReader, filter: DeskInvoiceFilter): SQL | undefined => {
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) throw refuse("DayRangeReversed", { from: filter.from, to: filter.to });
  // The contract admits only real days (ChinaDay), so each reads.
  const from = filter.from === undefined ? undefined : Time.parseChinaDay(filter.from);
  const to = filter.to === undefined ? undefined : Time.parseChinaDay(filter.to);
  return and(
    visibleTo(reader),
    filter.state === undefined ? undefined : eq(invoices.state, filter.state),
    filter.station_id === undefined ? undefined : eq(invoices.stationId, filter.station_id),
    from === undefined ? undefined : gte(invoices.createdAt, new Date(from.start)),
    to === undefined ? undefined : lt(invoices.createdAt, new Date(to.end)),
  );
};

const COLUMN = { created_at: invoices.createdAt, amount: invoices.amount } as const;

/** The queue's order: oldest first by default (a queue is worked from its head), ties by id the same way. */
const sortOf = (filter: DeskInvoiceFilter): SQL[] => {
  const direction = filter.dir === "desc" ? desc : asc;
  return [direction(COLUMN[filter.sort ?? "created_at"]), direction(invoices.id)];
};

const listedColumns = { ...LISTED_COLUMNS, hasPdf: sql<boolean>`${invoices.pdf} IS NOT NULL`, customerPhone: users.phone };

const select = (db: Database, where: SQL | undefined) => db.select(listedColumns).from(invoices).innerJoin(users, eq(users.id, invoices.userId)).where(where);

type QueueRow = ListedInvoice & { readonly customerPhone: string | null };

const toWire = (rows: readonly QueueRow[], byInvoice: ReadonlyMap<number, InvoicedOrderRow[]>): DeskInvoice[] =>
  rows.map(({ customerPhone, ...row }) => deskInvoiceToWire(row, byInvoice.get(row.id) ?? [], customerPhone));

/** `GET /api/desk/invoices`: one page, clamped to the pages there are, and the total. */
export const listDeskInvoices = async (db: Database, reader: QueueReader, query: DeskInvoicesQuery): Promise<DeskInvoicesResponse> => {
  const { page: asked, page_size: pageSize, ...filter } = query;
  const where = conditions(reader, filter);
  const size = pageSize ?? DeskList.DEFAULT_PAGE_SIZE;
  const [counted] = await db.select({ n: count() }).from(invoices).where(where);
  // count() is int8: a number from PGlite, a string from pg.
  const total = Number(counted?.n ?? 0);
  const page = DeskList.clampPage(asked ?? 1, total, size);
  const rows = await select(db, where)
    .orderBy(...sortOf(filter))
    .limit(size)
    .offset((page - 1) * size);
  const byInvoice = await ordersOfInvoices(
    db,
    rows.map((r) => r.id),
  );
  return { invoices: toWire(rows, byInvoice), total, page, page_size: size };
};

/** A spreadsheet's time: China time to the second, `2024-11-28 15:20:00`. */
const chinaTime = (at: Date | null): string => (at === null ? "" : Time.formatChinaIso(at.getTime()).slice(0, 19).replace("T", " "));

const HEADER: Readonly<Record<Messages.Locale, ReadonlyArray<string>>> = {
  en: ["Invoice", "State", "Requested at", "Issuer", "Station", "Title", "Taxpayer id", "Orders", "Litres", "Amount (yuan)", "Tax (yuan)", "Number", "Issued at", "Reason", "Customer phone", "Acted by"],
  "zh-CN": ["申请编号", "状态", "申请时间", "开票方", "油站", "发票抬头", "税号", "订单", "升数", "金额（元）", "税额（元）", "发票号码", "开票时间", "驳回原因", "客户手机号", "处理人"],
};

const STATE_WORDS: Readonly<Record<Messages.Locale, Readonly<Record<string, string>>>> = {
  en: { requested: "requested", issuing: "issuing", issued: "issued", refused: "refused" },
  "zh-CN": { requested: "待开票", issuing: "开具中", issued: "已开票", refused: "已驳回" },
};

const ISSUER_WORDS: Readonly<Record<Messages.Locale, Readonly<Record<string, string>>>> = {
  en: { station: "station", platform: "platform" },
  "zh-CN": { station: "油站", platform: "平台" },
};

/**
 * `GET /api/desk/invoices/export`: every request the filters select, in the list's sort, as CSV
 * rows (the header first) in `locale`'s words. Amounts are the stored line's (`Invoice.fuelInvoiceLine`).
 */
export const deskInvoicesCsvRows = async (db: Database, reader: QueueReader, filter: DeskInvoiceFilter, locale: Messages.Locale): Promise<string[][]> => {
  const rows = await select(db, conditions(reader, filter))
    .orderBy(...sortOf(filter))
    .limit(INVOICES_CSV_MAX_ROWS);
  const byInvoice = await ordersOfInvoices(
    db,
    rows.map((r) => r.id),
  );
  return [
    [...HEADER[locale]],
    ...rows.map((r) => [
      String(r.id),
      STATE_WORDS[locale][r.state] ?? r.state,
      chinaTime(r.createdAt),
      ISSUER_WORDS[locale][r.issuer] ?? r.issuer,
      r.stationTitle ?? "",
      r.titleName,
      r.titleTaxId ?? "",
      (byInvoice.get(r.id) ?? []).map((o) => String(o.orderId)).join(" "),
      r.litres ?? "",
      Money.formatCents(r.amount),
      Money.formatCents(r.tax),
      r.state === "issued" ? (r.number ?? "") : "",
      r.state === "issued" ? chinaTime(r.issuedAt) : "",
      r.state === "refused" ? (r.reason ?? "") : "",
      r.customerPhone ?? "",
      r.actedBy ?? "",
    ]),
  ];
};
