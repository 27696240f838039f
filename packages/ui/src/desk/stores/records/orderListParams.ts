import { DeskList, Order, Time } from "@fuel/domain";
import { ORDER_SORT_COLUMNS, type DeskOrdersExportQuery, type DeskOrdersQuery, type OrderSortColumn } from "@fuel/domain/api";
import { ordersQueryOf, readOrderSearch } from "./orderSearch.ts";

/**
 * The order list as its address holds it (issue 34, react-admin's list parameters): the one-box
 * search, the filters, the sort and the page. Back from an order, a reload or a shared link shows
 * the same list. Read leniently (a hand-edited address drops what it cannot read); written with
 * the defaults left out.
 */
export interface OrderListParams {
  /** What the one box held: a phone, an order number or a merchant number (`readOrderSearch`). */
  readonly q: string;
  readonly status: Order.StatusCode | undefined;
  readonly type: Order.OrderCategory | undefined;
  readonly station: number | undefined;
  /** China days `YYYY-MM-DD`, or '' for no bound. */
  readonly from: string;
  readonly to: string;
  readonly sort: DeskList.Sort<OrderSortColumn>;
  readonly page: number;
  readonly size: DeskList.PageSize;
}

/** Newest first, as the list has always opened. */
export const DEFAULT_ORDER_SORT: DeskList.Sort<OrderSortColumn> = { column: "created_at", direction: "desc" };

export const NO_ORDER_PARAMS: OrderListParams = { q: "", status: undefined, type: undefined, station: undefined, from: "", to: "", sort: DEFAULT_ORDER_SORT, page: 1, size: DeskList.DEFAULT_PAGE_SIZE };

const positive = (text: string | null): number | undefined => (text !== null && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);
const day = (text: string | null): string => (text !== null && Time.parseChinaDay(text) !== undefined ? text : "");

export const readOrderParams = (search: URLSearchParams): OrderListParams => {
  const status = positive(search.get("status"));
  const type = search.get("type") ?? "";
  const sort = search.get("sort") ?? "";
  const size = positive(search.get("size"));
  return {
    q: (search.get("q") ?? "").trim(),
    status: Order.STATUS_CODES.find((code) => code === status),
    type: Order.isOrderCategory(type) ? type : undefined,
    station: positive(search.get("station")),
    from: day(search.get("from")),
    to: day(search.get("to")),
    sort: (ORDER_SORT_COLUMNS as ReadonlyArray<string>).includes(sort)
      ? { column: sort as OrderSortColumn, direction: search.get("dir") === "desc" ? "desc" : "asc" }
      : DEFAULT_ORDER_SORT,
    page: positive(search.get("page")) ?? 1,
    size: size !== undefined && DeskList.isPageSize(size) ? size : DeskList.DEFAULT_PAGE_SIZE,
  };
};

/** The address's query of `params`, defaults left out. */
export const writeOrderParams = (params: OrderListParams): Record<string, string> => {
  const out: Record<string, string> = {};
  if (params.q !== "") out["q"] = params.q;
  if (params.status !== undefined) out["status"] = String(params.status);
  if (params.type !== undefined) out["type"] = params.type;
  if (params.station !== undefined) out["station"] = String(params.station);
  if (params.from !== "") out["from"] = params.from;
  if (params.to !== "") out["to"] = params.to;
  if (params.sort.column !== DEFAULT_ORDER_SORT.column || params.sort.direction !== DEFAULT_ORDER_SORT.direction) {
    out["sort"] = params.sort.column;
    out["dir"] = params.sort.direction;
  }
  if (params.page !== 1) out["page"] = String(params.page);
  if (params.size !== DeskList.DEFAULT_PAGE_SIZE) out["size"] = String(params.size);
  return out;
};

/** Whether the first day comes after the last (days as `YYYY-MM-DD` order as text). */
export const daysReversed = (params: Pick<OrderListParams, "from" | "to">): boolean => params.from !== "" && params.to !== "" && params.from > params.to;

/** The filter and sort part of the contract's query. */
const filterQueryOf = (params: OrderListParams): DeskOrdersExportQuery => {
  const search = readOrderSearch(params.q);
  return {
    ...(search === undefined ? {} : ordersQueryOf(search)),
    ...(params.status === undefined ? {} : { status: params.status }),
    ...(params.type === undefined ? {} : { type: params.type }),
    ...(params.station === undefined ? {} : { station_id: params.station }),
    ...(params.from === "" ? {} : { from: params.from }),
    ...(params.to === "" ? {} : { to: params.to }),
    sort: params.sort.column,
    dir: params.sort.direction,
  };
};

/** The list's request: the filters, the sort, the page. */
export const ordersListQueryOf = (params: OrderListParams): DeskOrdersQuery => ({ ...filterQueryOf(params), page: params.page, page_size: params.size });

/** The export's request: the same filters and sort, every page, in the admin's language. */
export const ordersExportQueryOf = (params: OrderListParams, lang: "en" | "zh-CN"): DeskOrdersExportQuery => ({ ...filterQueryOf(params), lang });
