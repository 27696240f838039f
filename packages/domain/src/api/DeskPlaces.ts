import { Schema } from "effect";
import * as SiteSettingsRules from "../SiteSettingsRules.ts";
import { endpoint } from "./Endpoint.ts";
import { InvoicePolicyField, invoiceSettingsFields } from "./InvoiceFields.ts";
import { Order, WebInfo } from "./Entities.ts";
import { PAGE_SIZES } from "../DeskList.ts";
import { ORDER_CATEGORIES } from "../order/Category.ts";
import { OPEN_FILTERS } from "../StationFilter.ts";
import { boundedString, Cents, ChinaDay, Count, Empty, Id, LineText, LongText, numberOrDigits, OrderIdField, OrderStatusCode, Phone, ShortText, StationIdField, Timestamp, Url } from "./Primitives.ts";

/**
 * The admin's places at the desk (issue 26): the stations (one at a time, or a whole CSV the way
 * the operators' CLI imports it). A station's fields are the CSV's columns, checked by the same
 * row rules, so the form and the file can never disagree about what a good station is.
 * @module
 */

/** A text column; missing is empty, which the row rules refuse where a value is needed. */
const TextCell = Schema.optionalKey(LineText);
/** A numeric column, a JSON number; the row rules check its value (whole cents, coordinate range). */
const NumberCell = Schema.optionalKey(Schema.Finite);

/**
 * The most CSV text one desk import takes: under the server's 64 KB body limit, about 500
 * stations. A larger file goes through the operators' CLI (`npm run fuel -- stations import`).
 */
export const DESK_STATIONS_CSV_MAX_LENGTH = 60_000;

/** `POST /api/desk/stations/save`: a station's CSV columns; with `id` an edit of that station, without it a new one. */
export const DeskStationSaveRequest = Schema.Struct({
  id: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThan(0))),
  city: TextCell,
  title: TextCell,
  address: TextCell,
  longitude: NumberCell,
  latitude: NumberCell,
  shop_image: Schema.optionalKey(Url),
  now_price: NumberCell,
  nation_price: NumberCell,
  original_price: NumberCell,
  sell_type: Schema.optionalKey(ShortText),
  code_id: TextCell,
  tel: TextCell,
  business_start_time: Schema.optionalKey(ShortText),
  business_end_time: Schema.optionalKey(ShortText),
  /** Issue 35: who issues the station's invoices; absent on a new station: `station`. */
  invoice_policy: Schema.optionalKey(InvoicePolicyField),
}).annotate({ identifier: "DeskStationSaveRequest" });
export type DeskStationSaveRequest = typeof DeskStationSaveRequest.Type;

/** A station as the desk shows it: its id and the CSV's columns (prices in cents per litre, coordinates GCJ-02). */
export const DeskStation = Schema.Struct({
  id: Schema.Number,
  city: Schema.String,
  title: Schema.String,
  address: Schema.String,
  longitude: Schema.Number,
  latitude: Schema.Number,
  shop_image: Schema.String,
  now_price: Schema.Number,
  nation_price: Schema.Number,
  original_price: Schema.Number,
  sell_type: Schema.String,
  code_id: Schema.String,
  tel: Schema.String,
  business_start_time: Schema.String,
  business_end_time: Schema.String,
  invoice_policy: InvoicePolicyField,
}).annotate({ identifier: "DeskStation" });
export type DeskStation = typeof DeskStation.Type;

/**
 * `GET /api/desk/stations/export`: the station list's filters (issue 34), all optional: the city
 * (exactly), open or closed now (`Station.isOpenAt` at the server's now), text in the name or
 * address or the station's number (`StationFilter.matchesStationFilter`).
 */
export const DeskStationsQuery = Schema.Struct({
  city: Schema.optionalKey(ShortText),
  open: Schema.optionalKey(Schema.Literals(OPEN_FILTERS)),
  q: Schema.optionalKey(ShortText),
}).annotate({ identifier: "DeskStationsQuery" });
export type DeskStationsQuery = typeof DeskStationsQuery.Type;

/** `GET /api/desk/stations`: every station, in id order. */
export const DeskStationsResponse = Schema.Struct({ stations: Schema.Array(DeskStation) }).annotate({ identifier: "DeskStationsResponse" });

/** `POST /api/desk/stations/import`: the CSV text, as `npm run fuel -- stations import` reads it (at most {@link DESK_STATIONS_CSV_MAX_LENGTH} characters). */
export const DeskStationsImportRequest = Schema.Struct({ csv: boundedString(DESK_STATIONS_CSV_MAX_LENGTH) }).annotate({ identifier: "DeskStationsImportRequest" });

/** How many stations an import added and changed. */
export const DeskStationsImportResponse = Schema.Struct({ added: Schema.Number, updated: Schema.Number }).annotate({ identifier: "DeskStationsImportResponse" });

/**
 * The most characters of the follow-us QR image, a `data:image/png` or `data:image/jpeg` base64 URL
 * (SiteSettingsRules.isQrImage; a QR code is about 2 KB as base64 PNG). Under the server's 64 KB body limit.
 */
export const FOLLOW_QRCODE_MAX_LENGTH = SiteSettingsRules.FOLLOW_QRCODE_MAX_LENGTH;

/**
 * `POST /api/desk/settings`: the site settings to change (spec §3's web info, the follow-us QR and
 * account name); a field left out keeps its value. Prices in cents per litre.
 */
export const DeskSettingsRequest = Schema.Struct({
  price_0_now: Schema.optionalKey(Cents),
  price_0_nation: Schema.optionalKey(Cents),
  price_0_original: Schema.optionalKey(Cents),
  price_0_xuni: Schema.optionalKey(Cents),
  price_0_shiti: Schema.optionalKey(Cents),
  entity_common_num: Schema.optionalKey(ShortText),
  virtual_common_num: Schema.optionalKey(ShortText),
  tel1: Schema.optionalKey(ShortText),
  tel2: Schema.optionalKey(Schema.NullOr(ShortText)),
  recharge_tip: Schema.optionalKey(LongText),
  recharge_shiti_tip: Schema.optionalKey(LongText),
  follow_qrcode: Schema.optionalKey(Schema.NullOr(boundedString(FOLLOW_QRCODE_MAX_LENGTH))),
  follow_account_name: Schema.optionalKey(Schema.NullOr(ShortText)),
  ...invoiceSettingsFields,
}).annotate({ identifier: "DeskSettingsRequest" });
export type DeskSettingsRequest = typeof DeskSettingsRequest.Type;

/** `GET /api/desk/settings`: the site settings as /api/webinfo/read sends them; null before any are set. */
export const DeskSettingsResponse = Schema.Struct({ settings: Schema.NullOr(WebInfo) }).annotate({ identifier: "DeskSettingsResponse" });

/** The columns the order list sorts by on the server. */
export const ORDER_SORT_COLUMNS = ["created_at", "amount"] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

/** Which way a list sorts. */
export const SortDirectionField = Schema.Literals(["asc", "desc"]).annotate({ identifier: "SortDirection" });

/**
 * The order list's filters (issue 34), every one optional and all of them together: the one-box
 * search (at most one of the customer's phone, the order id, the merchant order number), the
 * status code, the category (`Order.categoryOf`), the station, and China calendar days of
 * creation (`from` and `to` both included).
 */
const orderFilterFields = {
  phone: Schema.optionalKey(Phone),
  order_id: Schema.optionalKey(OrderIdField),
  merchant_no: Schema.optionalKey(ShortText),
  status: Schema.optionalKey(numberOrDigits(OrderStatusCode)),
  type: Schema.optionalKey(Schema.Literals(ORDER_CATEGORIES)),
  station_id: Schema.optionalKey(StationIdField),
  from: Schema.optionalKey(ChinaDay),
  to: Schema.optionalKey(ChinaDay),
  sort: Schema.optionalKey(Schema.Literals(ORDER_SORT_COLUMNS)),
  dir: Schema.optionalKey(SortDirectionField),
};

/** `GET /api/desk/orders`: a page of the orders the filters select, sorted (newest first unless asked otherwise). */
export const DeskOrdersQuery = Schema.Struct({
  ...orderFilterFields,
  page: Schema.optionalKey(numberOrDigits(Id)),
  page_size: Schema.optionalKey(numberOrDigits(Schema.Literals(PAGE_SIZES))),
}).annotate({ identifier: "DeskOrdersQuery" });
export type DeskOrdersQuery = typeof DeskOrdersQuery.Type;

/** A page of the orders found, each as the customer's detail shows it (whole card numbers), and how many match in all. */
export const DeskOrdersResponse = Schema.Struct({
  orders: Schema.Array(Order),
  total: Count,
  page: Id,
  page_size: Schema.Literals(PAGE_SIZES),
}).annotate({ identifier: "DeskOrdersResponse" });
export type DeskOrdersResponse = typeof DeskOrdersResponse.Type;

/** `GET /api/desk/orders/export`: the list's filters and sort, and the language of the file's words (default English). */
export const DeskOrdersExportQuery = Schema.Struct({
  ...orderFilterFields,
  lang: Schema.optionalKey(Schema.Literals(["en", "zh-CN"])),
}).annotate({ identifier: "DeskOrdersExportQuery" });
export type DeskOrdersExportQuery = typeof DeskOrdersExportQuery.Type;

/** `GET /api/desk/orders/detail`: one order by id. */
export const DeskOrderQuery = Schema.Struct({ order_id: OrderIdField }).annotate({ identifier: "DeskOrderQuery" });

/** One payment the channel reported for the order, and its refund. */
export const DeskPayment = Schema.Struct({
  channel: ShortText,
  transaction_id: Schema.String,
  amount: Cents,
  paid_at: Timestamp,
  refund_required: Schema.Boolean,
  refunded_at: Schema.NullOr(Timestamp),
  refund_no: Schema.NullOr(Schema.String),
}).annotate({ identifier: "DeskPayment" });

/** One QR code issued for the order: live, voided (regenerated, refunded) or redeemed, when and by whom. */
export const DeskQrCode = Schema.Struct({
  code: ShortText,
  issued_at: Timestamp,
  voided_at: Schema.NullOr(Timestamp),
  redeemed_at: Schema.NullOr(Timestamp),
  redeemed_by: Schema.NullOr(ShortText),
}).annotate({ identifier: "DeskQrCode" });

/** The order as the customer's detail shows it, its refund's state, its payments and its QR codes (oldest first). */
export const DeskOrderResponse = Schema.Struct({
  order: Order,
  refund_reason: Schema.NullOr(Schema.String),
  refund_requested_at: Schema.NullOr(Timestamp),
  refunded_at: Schema.NullOr(Timestamp),
  payments: Schema.Array(DeskPayment),
  qr_codes: Schema.Array(DeskQrCode),
}).annotate({ identifier: "DeskOrderResponse" });
export type DeskOrderResponse = typeof DeskOrderResponse.Type;

/** The admin's station endpoints, spread into `Api` (server src/routes/deskPlaces.ts answers them). */
export const DeskPlacesApi = {
  deskStations: endpoint({
    method: "GET",
    path: "/api/desk/stations",
    access: "staff",
    refusals: [],
    request: Empty,
    response: DeskStationsResponse,
    summary: "Admin: every station with its city, in id order, as the CSV's columns.",
    idempotent: true,
  }),
  deskStationSave: endpoint({
    method: "POST",
    path: "/api/desk/stations/save",
    access: "staff",
    refusals: ["StationNotFound", "StationInvalid"],
    request: DeskStationSaveRequest,
    response: DeskStation,
    summary:
      "Admin: add a station (no id) or change one (id), checked by the CSV import's row rules; every problem named at once (400 StationInvalid; `x-error-params` `problem_list`: each problem as a catalogue key with its values, StationRow.readProblemList). A new city is added. Audit acts 'stationAdded' / 'stationChanged' with before and after.",
  }),
  deskStationsImport: endpoint({
    method: "POST",
    path: "/api/desk/stations/import",
    access: "staff",
    refusals: ["StationsImportRefused"],
    request: DeskStationsImportRequest,
    response: DeskStationsImportResponse,
    summary:
      "Admin: import stations from CSV, the CLI's format and code: all or nothing; a bad row refuses the whole file with 'line N: problem' for each (400 StationsImportRefused; `problem_list` in `x-error-params`, at most 50, tagged with their line). Rows match stations by city and title; at most 60,000 characters (a larger file: the CLI). Audit act 'stationsImported'.",
  }),
  deskStationsExport: endpoint({
    method: "GET",
    path: "/api/desk/stations/export",
    access: "staff",
    refusals: [],
    request: DeskStationsQuery,
    response: Schema.String,
    summary:
      "Admin: the stations the list's filters select (`city`, `open` open or closed now by the customer's rule at the server's now, `q` in the name or address, or the number; none: every station), in id order, as CSV (text/csv), exactly what the import reads: the CLI's export.",
    idempotent: true,
  }),
  deskSettings: endpoint({
    method: "GET",
    path: "/api/desk/settings",
    access: "staff",
    refusals: [],
    request: Empty,
    response: DeskSettingsResponse,
    summary: "Admin: the site settings (spec §3's web info with the follow-us QR and account name), as /api/webinfo/read sends them; null before any are set.",
    idempotent: true,
  }),
  deskSettingsSave: endpoint({
    method: "POST",
    path: "/api/desk/settings",
    access: "staff",
    refusals: ["SettingsInvalid"],
    request: DeskSettingsRequest,
    response: DeskSettingsResponse,
    summary:
      "Admin: change some site settings (a field left out keeps its value); checked AFTER the change by SiteSettingsRules: every price whole cents up to 9,999,999, above 0 but the national one; our price and the card prices at most the pump price (price_0_original); card prefixes are digits (CardNumber.isPrefix); a new follow-us QR is a PNG or JPEG `data:` URL whose bytes are that format. The first save names every price; a refusal is 400 SettingsInvalid with `problem_list`, prices quoted in yuan. Customers see the change at once. Audit act 'settingChanged' with the changed fields before and after.",
  }),
  deskOrders: endpoint({
    method: "GET",
    path: "/api/desk/orders",
    access: "staff",
    refusals: ["OrderSearchInvalid", "PhoneInvalid", "DayRangeReversed"],
    request: DeskOrdersQuery,
    response: DeskOrdersResponse,
    summary:
      "Admin: the orders the filters select, a page at a time (`page` from 1, `page_size` 10, 20, 50 or 100; default 20) with the total: at most one of `phone` (read by Phone.normalize), `order_id` or `merchant_no`; `status` (code), `type` (fuel, entityRecharge, virtualRecharge, topUpReplacement, cardPurchase), `station_id`, `from` / `to` (China days, both included; a reversed range 400 DayRangeReversed); sorted by `sort` created_at or amount, `dir` asc or desc (default created_at desc). Each as the customer's detail shows it, after what time has decided. Read only: no audit row.",
    idempotent: true,
  }),
  deskOrdersExport: endpoint({
    method: "GET",
    path: "/api/desk/orders/export",
    access: "staff",
    refusals: ["OrderSearchInvalid", "PhoneInvalid", "DayRangeReversed"],
    request: DeskOrdersExportQuery,
    response: Schema.String,
    summary:
      "Admin: every order the list's filters select (all pages, at most 100,000, in the list's sort) as CSV (text/csv, UTF-8 with BOM for spreadsheets): amounts in yuan, statuses and types in words and China times, in `lang` (en or zh-CN). Read only: no audit row.",
    idempotent: true,
  }),
  deskOrder: endpoint({
    method: "GET",
    path: "/api/desk/orders/detail",
    access: "staff",
    refusals: ["OrderNotFound"],
    request: DeskOrderQuery,
    response: DeskOrderResponse,
    summary:
      "Admin: one order (`order_id`): as the customer's detail shows it, its refund's state, its payments (with refunds) and every QR code issued for it, with redeemed_at and redeemed_by. Read only: no audit row.",
    idempotent: true,
  }),
} as const;
