import { DeskList, Invoice, Time } from "@fuel/domain";
import { INVOICE_SORT_COLUMNS, type DeskInvoicesExportQuery, type DeskInvoicesQuery, type InvoiceSortColumn } from "@fuel/domain/api";

/** The state filter: one state, or every state. */
export type InvoiceStateFilter = Invoice.InvoiceState | "any";

/**
 * The invoice queue as its address holds it (issue 35, as the order list's): the filters, the
 * sort and the page, so a reload or a shared link shows the same queue. It opens on the requests
 * waiting for the desk (`requested`), oldest first: the queue's work, in the order it came.
 */
export interface InvoiceListParams {
  readonly state: InvoiceStateFilter;
  readonly station: number | undefined;
  /** China days `YYYY-MM-DD`, or '' for no bound. */
  readonly from: string;
  readonly to: string;
  readonly sort: DeskList.Sort<InvoiceSortColumn>;
  readonly page: number;
  readonly size: DeskList.PageSize;
}

/** Oldest first: the request waiting longest is worked first. */
export const DEFAULT_INVOICE_SORT: DeskList.Sort<InvoiceSortColumn> = { column: "created_at", direction: "asc" };

/** What the queue opens on: the requests waiting for the desk. */
export const DEFAULT_INVOICE_STATE: InvoiceStateFilter = "requested";

export const NO_INVOICE_PARAMS: InvoiceListParams = { state: DEFAULT_INVOICE_STATE, station: undefined, from: "", to: "", sort: DEFAULT_INVOICE_SORT, page: 1, size: DeskList.DEFAULT_PAGE_SIZE };

const positive = (text: string | null): number | undefined => (text !== null && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);
const day = (text: string | null): string => (text !== null && Time.parseChinaDay(text) !== undefined ? text : "");
const isState = (text: string): text is Invoice.InvoiceState => (Invoice.INVOICE_STATES as ReadonlyArray<string>).includes(text);

/** Reads the address leniently: what a hand-edited address gets wrong falls back to the default. */
export const readInvoiceParams = (search: URLSearchParams): InvoiceListParams => {
  const state = search.get("state") ?? "";
  const sort = search.get("sort") ?? "";
  const size = positive(search.get("size"));
  return {
    state: state === "any" || isState(state) ? state : DEFAULT_INVOICE_STATE,
    station: positive(search.get("station")),
    from: day(search.get("from")),
    to: day(search.get("to")),
    sort: (INVOICE_SORT_COLUMNS as ReadonlyArray<string>).includes(sort)
      ? { column: sort as InvoiceSortColumn, direction: search.get("dir") === "desc" ? "desc" : "asc" }
      : DEFAULT_INVOICE_SORT,
    page: positive(search.get("page")) ?? 1,
    size: size !== undefined && DeskList.isPageSize(size) ? size : DeskList.DEFAULT_PAGE_SIZE,
  };
};

/** The address's query of `params`, defaults left out. */
export const writeInvoiceParams = (params: InvoiceListParams): Record<string, string> => {
  const out: Record<string, string> = {};
  if (params.state !== DEFAULT_INVOICE_STATE) out["state"] = params.state;
  if (params.station !== undefined) out["station"] = String(params.station);
  if (params.from !== "") out["from"] = params.from;
  if (params.to !== "") out["to"] = params.to;
  if (params.sort.column !== DEFAULT_INVOICE_SORT.column || params.sort.direction !== DEFAULT_INVOICE_SORT.direction) {
    out["sort"] = params.sort.column;
    out["dir"] = params.sort.direction;
  }
  if (params.page !== 1) out["page"] = String(params.page);
  if (params.size !== DeskList.DEFAULT_PAGE_SIZE) out["size"] = String(params.size);
  return out;
};

/** Whether the first day comes after the last (days as `YYYY-MM-DD` order as text). */
export const invoiceDaysReversed = (params: Pick<InvoiceListParams, "from" | "to">): boolean => params.from !== "" && params.to !== "" && params.from > params.to;

/** The filter and sort part of the contract's query ('every state' sends none). */
const filterQueryOf = (params: InvoiceListParams): DeskInvoicesExportQuery => ({
  ...(params.state === "any" ? {} : { state: params.state }),
  ...(params.station === undefined ? {} : { station_id: params.station }),
  ...(params.from === "" ? {} : { from: params.from }),
  ...(params.to === "" ? {} : { to: params.to }),
  sort: params.sort.column,
  dir: params.sort.direction,
});

/** The list's request: the filters, the sort, the page. */
export const invoicesListQueryOf = (params: InvoiceListParams): DeskInvoicesQuery => ({ ...filterQueryOf(params), page: params.page, page_size: params.size });

/** The export's request: the same filters and sort, every page, in the staff member's language. */
export const invoicesExportQueryOf = (params: InvoiceListParams, lang: "en" | "zh-CN"): DeskInvoicesExportQuery => ({ ...filterQueryOf(params), lang });
